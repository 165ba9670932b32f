/** The path leaves the served folder (`..`, an absolute path, or a symlink pointing out). */
export class OutsideRootError extends Error {
  constructor(readonly path: string) {
    super(`"${path}" is outside the served folder`);
    this.name = 'OutsideRootError';
  }
}

/** Nothing of the expected kind exists at the path. */
export class NotFoundError extends Error {
  constructor(
    readonly path: string,
    readonly expected: 'file' | 'directory',
  ) {
    super(`there is no ${expected} at "${path}"`);
    this.name = 'NotFoundError';
  }
}

/** Why an app could not be packed: shown as is, without a stack. */
export class PackError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PackError';
  }
}

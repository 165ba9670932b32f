/** A local error code: raised and handled inside the process, never sent on the wire. */
export type ArmatureErrorCode = `ARM_ERR_${string}`;

/**
 * The one error class for local failures (boot, scan, DI, configuration). Its `code` is a
 * stable string that tests and tooling can match; wire errors are a separate class in core.
 */
export class ArmatureError extends Error {
  constructor(
    readonly code: ArmatureErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ArmatureError';
  }
}

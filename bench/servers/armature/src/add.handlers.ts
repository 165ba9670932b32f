import { Tool } from '@armature/core';

/** The one tool every benchmark server serves: same name, same schema, same result bytes. */
export class AddHandlers {
  /**
   * Adds two numbers.
   * @param a First addend.
   * @param b Second addend.
   */
  @Tool()
  add(a: number, b: number): string {
    return String(a + b);
  }
}

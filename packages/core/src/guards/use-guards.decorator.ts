import { appendOn, type ClassOrMethodDecorator } from '../metadata/enhancer-metadata';
import { GUARDS } from '../metadata/metadata.keys';
import type { CanActivate } from './can-activate';

/** A guard class (resolved through DI at boot) or a guard instance. */
export type GuardRef = (abstract new (...args: never[]) => CanActivate) | CanActivate;

/**
 * Runs guards before every route of a class, or before one method (NestJS's `@UseGuards`).
 * A class is resolved through the DI container at boot, from the handler's module: provide
 * it there when it has dependencies (a class without constructor parameters needs no
 * registration). Guards run in order global → class → method; the first refusal wins.
 *
 * @example
 * ```ts
 * @UseGuards(SignedInGuard)
 * class NotesHandlers {
 *   @UseGuards(AdminOnly)
 *   @Tool({ inputSchema: { type: 'object' } })
 *   purge(): string { … }
 * }
 * ```
 */
export function UseGuards(...guards: GuardRef[]): ClassOrMethodDecorator {
  return appendOn(GUARDS, guards);
}

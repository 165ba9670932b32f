/**
 * Every reflect-metadata key the application layer uses, in one place. `Symbol.for` so that
 * two copies of @armature/core in one process (a linked workspace, a bundler) still agree.
 */

/** Own metadata on a handler class: the frozen array of its decorated methods. */
export const HANDLER_METHODS = Symbol.for('armature.handler-methods');

/** TypeScript's `emitDecoratorMetadata` key for a method's parameter types. */
export const DESIGN_PARAM_TYPES = 'design:paramtypes';

import 'reflect-metadata';

/** Every reflect-metadata key @armature/di writes, in one place. */
export const INJECTABLE_SCOPE = Symbol.for('armature.di.injectable');
/** `@Inject` overrides: a sparse array of tokens by constructor parameter index. */
export const INJECT_TOKENS = Symbol.for('armature.di.inject');
/** `@Optional` marks: a sparse array of `true` by constructor parameter index. */
export const OPTIONAL_PARAMS = Symbol.for('armature.di.optional');
/** `@Module` metadata. */
export const MODULE_METADATA = Symbol.for('armature.di.module');
/** The key TypeScript's `emitDecoratorMetadata` writes for constructor parameter types. */
export const PARAM_TYPES = 'design:paramtypes';

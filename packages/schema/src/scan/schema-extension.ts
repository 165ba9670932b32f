// The rules of `@Tool({ extendInputSchema, headers })` are core's: the build applies the same
// code the boot does (a dependency-free module behind a subpath, so no runtime is loaded).
export * from '@armature/core/schema-extension';

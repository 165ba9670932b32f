// `@armature/core/code-cache`: a V8 code cache for the app's own modules (docs/performance.md, "Code cache").
export { enableCodeCache, codeCacheStatus } from './code-cache/app-code-cache';
export type { CodeCacheOptions, CodeCacheStatus } from './code-cache/app-code-cache';

/** Nest token of the resolved `ArmatureModuleOptions`. */
export const ARMATURE_MODULE_OPTIONS = Symbol.for('@armature/nestjs:options');
/** Nest token of the bridged Nest provider instances (a `Map` from token to instance). */
export const ARMATURE_NEST_PROVIDERS = Symbol.for('@armature/nestjs:providers');
/** Nest token of the enhancers `ArmatureModule` runs on every MCP route (`McpEnhancers`). */
export const ARMATURE_MCP_ENHANCERS = Symbol.for('@armature/nestjs:enhancers');

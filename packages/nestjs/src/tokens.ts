/** Nest token of the resolved `ArmatureModuleOptions`. */
export const ARMATURE_MODULE_OPTIONS = Symbol.for('@armature/nestjs:options');
/** Nest token of the bridged Nest provider instances (a `Map` from token to instance). */
export const ARMATURE_NEST_PROVIDERS = Symbol.for('@armature/nestjs:providers');

// Public API of @armature/nestjs: Armature MCP servers inside NestJS applications.
export { ArmatureModule } from './armature.module';
export type {
  ArmatureModuleAsyncOptions,
  ArmatureModuleOptions,
  ArmatureModuleRootOptions,
  NestBridgeOptions,
} from './armature-module.options';
export { ARMATURE_MODULE_OPTIONS } from './tokens';

// Public API of @armature/nestjs: Armature MCP servers inside NestJS applications.
export { ArmatureModule } from './armature.module';
export type {
  ArmatureModuleAsyncOptions,
  ArmatureModuleOptions,
  ArmatureModuleRootOptions,
  McpEnhancers,
  NestBridgeOptions,
} from './armature-module.options';
export { MCP_CONTEXT_TYPE, mcpContext, type McpContext } from './mcp-context';
export { ARMATURE_MODULE_OPTIONS } from './tokens';

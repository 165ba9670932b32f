// Public exports of the application layer (decorators, app, results, validation).
export { Tool } from './decorators/tool.decorator';
export { Resource } from './decorators/resource.decorator';
export { ResourceTemplate } from './decorators/resource-template.decorator';
export { Prompt } from './decorators/prompt.decorator';
export type {
  ToolOptions,
  ResourceOptions,
  ResourceTemplateOptions,
  PromptOptions,
  Completer,
  CompleterMap,
  CompletionContext,
  CompletionValues,
  JsonSchema,
  MetaObject,
} from './metadata/handler-metadata.types';
export type { HeaderParameters, JsonSchemaExtension } from './routes/schema-extension';

export { Armature } from './app/armature.app';
export type { ArmatureOptions } from './app/armature-options';
export { McpNotifier } from './app/mcp-notifier';
export type { RootModule } from './app/di-handler-host';
export type { ListenHandle } from './app/listen';
export type { ToolRegistry } from './app/tools.registry';
export type { ResourceRegistry } from './app/resources.registry';
export type { PromptRegistry } from './app/prompts.registry';
export type {
  ToolDefinition,
  ResourceDefinition,
  ResourceTemplateDefinition,
  PromptDefinition,
  DefinitionCompleter,
} from './app/route-definitions';

export { text, image, audio, resourceLink, embeddedResource } from './results/content.helpers';
export type { ContentOptions, BinaryData, ResourceLinkOptions, EmbeddedResourceOptions } from './results/content.helpers';
export { ToolResult } from './results/tool-result';
export { ToolError } from './results/tool-error';

export type { ValidationIssue, ValidationResult } from './validation/validation-result';
export type { ArmatureManifest, BuiltManifest, BuiltManifestMethod, InlineManifest, ManifestHandler, ManifestMethod, ManifestParam, ParamRole } from './manifest/manifest.types';
export { MANIFEST_FILE_NAME } from './manifest/manifest.types';
export { LocalErrorCode } from './errors/local-error-codes';
export type { ListenOptions } from './app/armature.app';

export { UseGuards, type GuardRef } from './guards/use-guards.decorator';
export { RequireScopes } from './guards/require-scopes.decorator';
export { SetMetadata } from './guards/set-metadata.decorator';
export type { CanActivate } from './guards/can-activate';
export type { ExecutionContext, RouteKind, HandlerType } from './guards/execution-context';
export { ForbiddenError, FORBIDDEN_CODE } from './guards/forbidden.error';
export { InsufficientScopeError, isInsufficientScopeError, type InsufficientScopeData } from './guards/insufficient-scope.error';
export { UseInterceptors, type InterceptorRef } from './interceptors/use-interceptors.decorator';
export type { Interceptor, CallHandler } from './interceptors/interceptor';
export { RateLimit } from './rate-limit/rate-limit.decorator';
export type { RateLimitOptions, RateLimitKey } from './rate-limit/rate-limit.options';
export type { RateLimitStore, RateLimitBucket } from './rate-limit/rate-limit-store';
export { RETRY_AFTER_META } from './rate-limit/rate-limit-result';
export type { CloseOptions } from './shutdown/close-options';
export type { SignalHandlingOptions } from './shutdown/signal-handlers';
export type { ClassOrMethodDecorator } from './metadata/enhancer-metadata';
// Tasks: the author's option (`@Tool({ task })`), the app's `tasks` options and the store port.
export type { TaskOptions } from './tasks/task-manager';
export type { TaskStore, TaskPage } from './tasks/task-store';
export type { TaskRecord, TaskSupport, TaskPatch, TaskLimits, TaskError, TaskInputRequest } from './tasks/task-model';
export { TaskCapacityError, TASKS_EXTENSION } from './tasks/task-model';
export { InMemoryTaskStore } from './tasks/in-memory-task-store';
export type { TaskSignal, TaskSignals } from './tasks/task-signals';

export {
  MCP_APPS_EXTENSION,
  MCP_APP_MIME_TYPE,
  MCP_APP_LEGACY_RESOURCE_URI_KEY,
  mcpAppView,
  mcpAppsCapability,
  clientSupportsMcpApps,
} from './extensions/mcp-apps';
export type { McpAppView, McpAppViewOptions, McpAppCsp, McpAppPermissions, McpAppToolVisibility, McpAppContents } from './extensions/mcp-apps';

// The public API of @armature/core: what an author writes a server with. Named exports only;
// the ports shared state lives behind are `@armature/core/ports`, the telemetry seam
// `@armature/core/observability`; the transports' engine is `@armature/core/internal`, the wire types are
// `@armature/core/wire/2025-11-25` and `/wire/2026-07-28`, the build-time helpers
// `@armature/core/build` (docs/ARCHITECTURE.md, "Public surface").

// Decorators. `Tool`, `Resource`, `ResourceTemplate` and `Prompt` are each a value (the
// decorator) and a type (the spec's wire shape).
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

// The application.
export { Armature } from './app/armature.app';
export type { ArmatureOptions } from './app/armature-options';
export type { ListenOptions } from './app/armature.app';
export type { ListenHandle } from './listen/listen';
export type { RootModule } from './app/di-handler-host';
export { McpNotifier } from './app/mcp-notifier';
export type { ToolRegistry } from './registries/tools.registry';
export type { ResourceRegistry } from './registries/resources.registry';
export type { PromptRegistry } from './registries/prompts.registry';
export type {
  ToolDefinition,
  ResourceDefinition,
  ResourceTemplateDefinition,
  PromptDefinition,
  DefinitionCompleter,
} from './registries/route-definitions';
export type { CloseOptions } from './shutdown/close-options';
export type { SignalHandlingOptions } from './shutdown/signal-handlers';
export type { ServerLogger } from './logging/server-logger';
export { silentLogger, stderrLogger } from './logging/server-logger';
export type { ArmatureManifest } from './manifest/manifest.types';
export { MANIFEST_FILE_NAME } from './manifest/manifest.types';
export { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from './protocol/protocol-versions';

// The request a handler serves.
export { RequestContext } from './context/request-context';
export type { AuthInfo, SessionInfo, SessionScope, AskOptions, RequestLogger } from './context/request-context';
export type { RequestHeaders, TransportRequestInfo } from './context/request-info';
export { checkAudience } from './transport/auth/audience.check';
export { principalKey } from './context/principal';

// Results.
export { text, image, audio, resourceLink, embeddedResource } from './results/content.helpers';
export type { ContentOptions, BinaryData, ResourceLinkOptions, EmbeddedResourceOptions } from './results/content.helpers';
export { ToolResult } from './results/tool-result';
export { ToolError } from './results/tool-error';
export type { ValidationIssue, ValidationResult } from './validation/validation-result';

// Errors: local (`ArmatureError`, never sent) and wire (`McpWireError`), with their registries.
export { ArmatureError, type ArmatureErrorCode } from '@armature/di';
export { LocalErrorCode } from './errors/local-error-codes';
export { McpWireError, isMcpWireError } from './errors/wire-error';
export { WireErrorCode, type WireErrorName } from './errors/wire-error-codes';
export { ClientRequestError } from './errors/client-request.error';
export { CORE_ERRORS } from './errors/core-errors';

// Guards, interceptors, rate limits.
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
export { RETRY_AFTER_META } from './rate-limit/rate-limit-result';
export type { ClassOrMethodDecorator } from './metadata/enhancer-metadata';

// Tasks: the author's option (`@Tool({ task })`), the app's `tasks` options and the default
// store. The store and signal ports, for other stores, are `@armature/core/tasks`.
export type { TaskOptions } from './task-runtime/task-manager';
export type { TaskSupport } from './tasks/task-model';
export { TaskCapacityError } from './tasks/task-model';
export { InMemoryTaskStore } from './tasks/in-memory-task-store';

// Transports an app can be connected to in process (the network ones are @armature/http and @armature/ws).
export type { Transport, TransportSendOptions, MessageExtraInfo } from './transport/transport';
export { InMemoryTransport, type InMemorySendOptions } from './transport/in-memory.transport';
export { StdioServerTransport, type StdioServerTransportOptions } from './transport/stdio.transport';

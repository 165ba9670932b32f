import { defineErrors } from '@armature/di';
import { EngineErrorCode } from './engine-error-codes';

/**
 * core's application-layer local error codes (`ArmatureError.code`), with meaning and fix. Local
 * errors are raised at decoration, boot, registration or listen time and never sent on the wire;
 * each value is stable so tests and tooling can match on it.
 */
export const APP_ERRORS = defineErrors('@armature/core', 'Application layer (local errors at decoration, boot, registration, listen)', {
  DECORATOR_TARGET: {
    code: 'ARM_ERR_DECORATOR_TARGET',
    meaning: 'A decorator is on something it cannot serve (a static or symbol-named method).',
    fix: 'Put the decorator on an instance method with a string name.',
  },
  DUPLICATE_DECORATOR: {
    code: 'ARM_ERR_DUPLICATE_DECORATOR',
    meaning: 'One method carries two MCP decorators.',
    fix: 'Keep one of @Tool, @Resource, @ResourceTemplate, @Prompt per method; serve the other kind from a second method.',
  },
  SCHEMA_MISSING: {
    code: 'ARM_ERR_SCHEMA_MISSING',
    meaning: 'A decorated method takes parameters but has no manifest entry and no explicit schema.',
    fix: 'Run `armature build` (or `ensureManifest` in tests), or give the decorator an `inputSchema`.',
  },
  MANIFEST_INVALID: {
    code: 'ARM_ERR_MANIFEST_INVALID',
    meaning: 'An `armature.manifest.json` cannot be read or is not a format this core reads.',
    fix: 'Rebuild with `armature build` from the same Armature version as the running core.',
  },
  MANIFEST_STALE: {
    code: 'ARM_ERR_MANIFEST_STALE',
    meaning:
      'A compiled handler file is newer than the `armature.manifest.json` describing it (tsc ran without `armature build`, or the build met TypeScript errors and wrote no manifest), so its schemas describe an earlier build.',
    fix: 'Run `armature build` and fix what it reports; `allowStaleManifest: true` in the app options starts on the older schemas anyway.',
  },
  TOOL_INDEX_MISSING: {
    code: 'ARM_ERR_TOOL_INDEX_MISSING',
    meaning:
      'The app has `toolSearch` on, but no `armature.tool-index.json` is beside a manifest its tools come from (an older `armature build` wrote the manifest, or the index was not shipped with it).',
    fix: 'Run `armature build`, which writes the index beside the manifest; `allowStaleManifest: true` indexes those tools in process on the first search instead.',
  },
  TOOL_INDEX_STALE: {
    code: 'ARM_ERR_TOOL_INDEX_STALE',
    meaning:
      'A tool-search index cannot be used: it was built for other manifest bytes, by another tokenizer version, or is not a readable index.',
    fix: 'Run `armature build` to rebuild the index with the manifest; `allowStaleManifest: true` indexes those tools in process on the first search instead.',
  },
  INVALID_SCHEMA: {
    code: 'ARM_ERR_INVALID_SCHEMA',
    meaning: 'A JSON Schema (manifest or override) does not compile, or an input schema is not `type: "object"`.',
    fix: 'Correct the schema the message names; an input schema must describe an object.',
  },
  SCHEMA_EXTENSION: {
    code: 'ARM_ERR_SCHEMA_EXTENSION',
    meaning: '`@Tool({ extendInputSchema })` is not a JSON object, or would change a value of the input schema instead of adding to it.',
    fix: 'Only add keywords the generated schema lacks; change types in the TypeScript signature instead.',
  },
  HEADER_PARAMETER: {
    code: 'ARM_ERR_HEADER_PARAMETER',
    meaning:
      '`@Tool({ headers })` (or `x-mcp-header`) names no top-level string/integer/boolean parameter, a header name that is not an RFC 9110 token, or a name used twice (ignoring case).',
    fix: 'Map each header to one top-level parameter of a string, integer or boolean type, with a distinct token name.',
  },
  INVALID_TOOL_NAME: {
    code: 'ARM_ERR_INVALID_TOOL_NAME',
    meaning: 'A tool name is not 1–128 characters of `A-Za-z0-9_.-`.',
    fix: 'Rename the method or set `@Tool({ name })` to a name of those characters.',
  },
  DUPLICATE_NAME: {
    code: 'ARM_ERR_DUPLICATE_NAME',
    meaning: 'Two tools, prompts, resources (same URI) or templates (same template) share a name.',
    fix: 'Give one of them another name (or URI), serve one of the modules under a prefix (`mount(Module, { prefix })`), or serve only one of the two.',
  },
  MOUNT_PREFIX: {
    code: 'ARM_ERR_MOUNT_PREFIX',
    meaning: 'A `mount(module, { prefix })` prefix is not 1–64 characters of `A-Za-z0-9_.-`.',
    fix: 'Give the mount a short prefix of letters, digits, "_", "-" or "." (it becomes part of tool names and URIs).',
  },
  MOUNT_AMBIGUOUS: {
    code: 'ARM_ERR_MOUNT_AMBIGUOUS',
    meaning: 'A module that declares handlers is imported under two different mount paths (or both mounted and not).',
    fix: 'Import a module with handlers in one place; move the services other modules share into a module without handlers.',
  },
  INVALID_RESOURCE_URI: {
    code: 'ARM_ERR_INVALID_RESOURCE_URI',
    meaning: 'A resource URI is not an absolute URI.',
    fix: 'Use a URI with a scheme, such as `notes://index` or `file:///path`.',
  },
  INVALID_URI_TEMPLATE: {
    code: 'ARM_ERR_INVALID_URI_TEMPLATE',
    meaning: 'A URI template does not parse as RFC 6570.',
    fix: 'Fix the template at the offset the message names (balanced braces, known operators, valid variable names).',
  },
  TEMPLATE_VARIABLE_MISMATCH: {
    code: 'ARM_ERR_TEMPLATE_VARIABLE_MISMATCH',
    meaning: 'A template variable has no parameter of that name, or a parameter no variable.',
    fix: "Name the method's parameters exactly as the template's variables.",
  },
  AMBIGUOUS_TEMPLATE: {
    code: 'ARM_ERR_AMBIGUOUS_TEMPLATE',
    meaning: 'Two templates can match the same URI, so reads would depend on registration order.',
    fix: 'Make the templates differ in a literal part (the message shows a URI both accept).',
  },
  INVALID_COMPLETER: {
    code: 'ARM_ERR_INVALID_COMPLETER',
    meaning: 'A `complete` entry names an unknown argument or a method the handler does not have.',
    fix: 'Key `complete` by argument (or template variable) names and point it at a method of the class.',
  },
  INVALID_OPTIONS: {
    code: 'ARM_ERR_INVALID_OPTIONS',
    meaning: '`Armature.create` options are missing or malformed (name, version, pageSize…).',
    fix: 'Correct the option the message names.',
  },
  NOT_REGISTERED: {
    code: 'ARM_ERR_NOT_REGISTERED',
    meaning: 'A class given to `app.*.register` has no decorated method, or `remove/enable/disable` names nothing registered.',
    fix: 'Register classes with decorated methods, and remove or toggle only names that are registered.',
  },
  APP_CLOSED: {
    code: 'ARM_ERR_APP_CLOSED',
    meaning: '`app.connect`/`listen`/`register` after `app.close()`.',
    fix: 'Create a new app with `Armature.create` to serve again.',
  },
  INVALID_LISTEN_ARGS: {
    code: 'ARM_ERR_INVALID_LISTEN_ARGS',
    meaning: '`app.listen()` got an argument it does not understand.',
    fix: "Use `--stdio`, `--http [host:]port`, `--ws [host:]port` or another registered transport's `--<flag> [host:]port`.",
  },
  TRANSPORT_MISSING: {
    code: 'ARM_ERR_TRANSPORT_MISSING',
    meaning: '`app.listen()` was asked for `--http`, `--ws` or another `--<flag>` that no registered transport serves.',
    fix: "Install the transport package and import its register entry in the app's entry file (`import '@armature/http/register'`), or pass it in `app.listen(argv, { transports })`.",
  },
  DTO_LIBRARY_MISSING: {
    code: 'ARM_ERR_DTO_LIBRARY_MISSING',
    meaning:
      'A tool takes a DTO class parameter, but `class-validator` or `class-transformer` (optional peer dependencies of @armature/core, needed only for DTOs) is not installed.',
    fix: 'Run `npm install class-validator class-transformer` in the project, or take plain typed parameters instead of a class.',
  },
  INVALID_ENHANCER: {
    code: 'ARM_ERR_INVALID_ENHANCER',
    meaning:
      'A guard or interceptor is not a class or instance with `canActivate`/`intercept`, has dependencies no module provides, or is provided with a scope other than singleton.',
    fix: "Implement `canActivate`/`intercept`, provide its dependencies in the handler's module, and keep it a singleton.",
  },
  INVALID_SCOPES: {
    code: 'ARM_ERR_INVALID_SCOPES',
    meaning: '`@RequireScopes` / `scopes` is not a list of non-empty scope strings without spaces.',
    fix: 'Pass each scope as its own non-empty string.',
  },
  INVALID_TASK_SUPPORT: {
    code: 'ARM_ERR_INVALID_TASK_SUPPORT',
    meaning: '`@Tool({ task })` is not forbidden/optional/required, or disagrees with `execution.taskSupport`.',
    fix: 'Use one of the three values, in one place.',
  },
  INVALID_RATE_LIMIT: {
    code: 'ARM_ERR_INVALID_RATE_LIMIT',
    meaning: '`@RateLimit` / `rateLimit` options are malformed (limit, windowMs, burst, per).',
    fix: 'Give a positive integer limit and window, and a `per` of the documented keys.',
  },
});

/**
 * Every local error code of @armature/core by name: the engine's (`EngineErrorCode`) and the
 * application layer's.
 */
export const LocalErrorCode = Object.freeze({ ...EngineErrorCode, ...APP_ERRORS.codes });

/** One of core's local error codes. */
export type LocalErrorCode = (typeof LocalErrorCode)[keyof typeof LocalErrorCode];

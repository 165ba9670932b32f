import type { ArmatureErrorCode } from '@armature/di';
import { EngineErrorCode } from './engine-error-codes';

/**
 * The one registry of @armature/core's local error codes (`ArmatureError.code`). Local errors
 * are raised at decoration, boot, registration or listen time and never sent on the wire;
 * each value is stable so tests and tooling can match on it. The protocol engine's codes
 * (`EngineErrorCode`, raised to handler code) are part of this registry.
 */
export const LocalErrorCode = {
  ...EngineErrorCode,
  /** A decorator is on something it cannot serve (a static or symbol-named method). */
  DECORATOR_TARGET: 'ARM_ERR_DECORATOR_TARGET',
  /** One method carries two MCP decorators. */
  DUPLICATE_DECORATOR: 'ARM_ERR_DUPLICATE_DECORATOR',
  /** A decorated method takes parameters but has no manifest entry and no explicit schema. */
  SCHEMA_MISSING: 'ARM_ERR_SCHEMA_MISSING',
  /** An `armature.manifest.json` cannot be read or is not format version 1. */
  MANIFEST_INVALID: 'ARM_ERR_MANIFEST_INVALID',
  /** A JSON Schema (manifest or override) does not compile, or an input schema is not `type: "object"`. */
  INVALID_SCHEMA: 'ARM_ERR_INVALID_SCHEMA',
  /**
   * `@Tool({ extendInputSchema })` is not a JSON object, or would change a value of the input
   * schema (a `type`, a scalar, a `true`/`false` schema) instead of adding to it.
   */
  SCHEMA_EXTENSION: 'ARM_ERR_SCHEMA_EXTENSION',
  /**
   * `@Tool({ headers })` (or an `x-mcp-header` in the input schema) names no top-level parameter,
   * a parameter whose type is not `string`, `integer` or `boolean`, a header name that is not an
   * RFC 9110 token, or a name another parameter of the tool uses (ignoring case).
   */
  HEADER_PARAMETER: 'ARM_ERR_HEADER_PARAMETER',
  /** A tool name is not 1–128 characters of `A-Za-z0-9_.-`. */
  INVALID_TOOL_NAME: 'ARM_ERR_INVALID_TOOL_NAME',
  /** Two tools, prompts, resources (same URI) or templates (same template) share a name. */
  DUPLICATE_NAME: 'ARM_ERR_DUPLICATE_NAME',
  /** A resource URI is not an absolute URI. */
  INVALID_RESOURCE_URI: 'ARM_ERR_INVALID_RESOURCE_URI',
  /** A URI template does not parse as RFC 6570. */
  INVALID_URI_TEMPLATE: 'ARM_ERR_INVALID_URI_TEMPLATE',
  /** A template variable has no parameter of that name, or a parameter no variable. */
  TEMPLATE_VARIABLE_MISMATCH: 'ARM_ERR_TEMPLATE_VARIABLE_MISMATCH',
  /** Two templates can match the same URI, so reads would depend on registration order. */
  AMBIGUOUS_TEMPLATE: 'ARM_ERR_AMBIGUOUS_TEMPLATE',
  /** A `complete` entry names an unknown argument or a method the handler does not have. */
  INVALID_COMPLETER: 'ARM_ERR_INVALID_COMPLETER',
  /** `Armature.create` options are missing or malformed (name, version, pageSize…). */
  INVALID_OPTIONS: 'ARM_ERR_INVALID_OPTIONS',
  /** A class given to `app.*.register` has no decorated method, or `remove/enable/disable` names nothing registered. */
  NOT_REGISTERED: 'ARM_ERR_NOT_REGISTERED',
  /** `app.connect`/`listen`/`register` after `app.close()`. */
  APP_CLOSED: 'ARM_ERR_APP_CLOSED',
  /** `app.listen()` got an argument it does not understand. */
  INVALID_LISTEN_ARGS: 'ARM_ERR_INVALID_LISTEN_ARGS',
  /** `--http`/`--ws` needs @armature/http or @armature/ws, which is not installed. */
  TRANSPORT_MISSING: 'ARM_ERR_TRANSPORT_MISSING',
  /**
   * A guard or interceptor (from `@UseGuards`, `@UseInterceptors` or the `guards`/`interceptors`
   * options) is not a class or instance with `canActivate`/`intercept`, is a class with
   * dependencies that no module provides, or is provided with a scope other than singleton.
   */
  INVALID_ENHANCER: 'ARM_ERR_INVALID_ENHANCER',
  /** `@RequireScopes` / `scopes` is not a list of non-empty scope strings without spaces. */
  INVALID_SCOPES: 'ARM_ERR_INVALID_SCOPES',
  /** `@Tool({ task })` is not forbidden/optional/required, or disagrees with `execution.taskSupport`. */
  INVALID_TASK_SUPPORT: 'ARM_ERR_INVALID_TASK_SUPPORT',
  /** `@RateLimit` / `rateLimit` options are malformed (limit, windowMs, burst, per). */
  INVALID_RATE_LIMIT: 'ARM_ERR_INVALID_RATE_LIMIT',
} as const satisfies Record<string, ArmatureErrorCode>;

/** One of core's local error codes. */
export type LocalErrorCode = (typeof LocalErrorCode)[keyof typeof LocalErrorCode];

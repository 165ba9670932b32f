import type { ArmatureErrorCode } from './armature-error';

/**
 * The one registry of @armature/di's error codes: each code with a one-line meaning.
 * docs/di.md names every code verbatim (a test holds the two together).
 */
export const DI_ERROR_CODES = {
  ARM_ERR_UNKNOWN_DEPENDENCY: 'A constructor or factory dependency is provided by no module at all.',
  ARM_ERR_PROVIDER_NOT_VISIBLE:
    'A dependency is provided by a module that the dependent module cannot see (not exported, or not imported).',
  ARM_ERR_CIRCULAR_DEPENDENCY:
    'Providers depend on each other in a cycle that no forwardRef breaks (or a cycle made only of transient providers).',
  ARM_ERR_SCOPE_WIDENING:
    'A longer-lived provider depends on a shorter-lived one: singleton on session/request, session on request (also through transients).',
  ARM_ERR_ERASED_TYPE:
    'A constructor parameter type was erased at run time (reflected as Object, Function or undefined): import type, interface, union or circular file import.',
  ARM_ERR_MISSING_METADATA:
    'A class has constructor parameters but no design:paramtypes metadata, because it has no class decorator.',
  ARM_ERR_INVALID_PROVIDER: 'An entry of providers, handlers or a factory inject list is not a valid provider or token.',
  ARM_ERR_INVALID_MODULE: 'An imports entry (or the root) is not a module: undefined, or a class without @Module.',
  ARM_ERR_UNKNOWN_EXPORT: 'A module exports a token it does not provide, or a module it does not import.',
  ARM_ERR_DEPENDENCY_GRAPH: 'Several problems of different kinds were found at boot; the message and `problems` list each one.',
  ARM_ERR_UNKNOWN_TOKEN: 'get, resolve or scopeOf was asked for a token that no module of the container provides.',
  ARM_ERR_NOT_SINGLETON: 'get() was asked for a token that is not a singleton; use resolve(token, ctx).',
  ARM_ERR_CONTEXT_REQUIRED:
    'A request- or session-scoped provider was resolved without the resolution context it lives in.',
  ARM_ERR_CONTEXT_VALUE_MISSING: 'A fromContext provider was resolved, but the caller never seeded it with ctx.provide().',
  ARM_ERR_CONTEXT_VALUE_CONFLICT:
    'ctx.provide() was given a token already seeded, declared fromContext for the other kind of context, or provided by an ordinary provider.',
  ARM_ERR_INVALID_CONTEXT: 'createContext() was given an unknown kind, or a request parent that is not a session context.',
  ARM_ERR_CONTEXT_DISPOSED: 'A resolution context was used after dispose().',
  ARM_ERR_CONTAINER_CLOSED: 'The container was used after close().',
  ARM_ERR_PROVIDER_FAILED: 'A constructor, factory or onInit hook threw while an instance was being created.',
  ARM_ERR_FORWARD_REF_NOT_READY:
    'A forwardRef proxy was used before its target existed (in a constructor or onInit inside the cycle).',
  ARM_ERR_DISPOSE_FAILED: 'One or more onDispose hooks threw; every hook still ran.',
  ARM_ERR_SHUTDOWN_FAILED: 'One or more onShutdown hooks threw; every hook still ran.',
  ARM_ERR_INVALID_DECORATOR: '@Inject or @Optional was placed somewhere other than a constructor parameter.',
} as const satisfies Record<ArmatureErrorCode, string>;

/** One of @armature/di's error codes. */
export type DiErrorCode = keyof typeof DI_ERROR_CODES;

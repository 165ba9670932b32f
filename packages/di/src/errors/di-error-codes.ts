import { defineErrors, meaningsByCode } from './error-registry';

/**
 * The one registry of @armature/di's error codes, each with its meaning and fix (docs/errors.md
 * is generated from it; docs/di.md names every code verbatim, and a test holds them together).
 */
export const DI_ERRORS = defineErrors('@armature/di', 'Dependency injection (local errors)', {
  UNKNOWN_DEPENDENCY: {
    code: 'ARM_ERR_UNKNOWN_DEPENDENCY',
    meaning: 'A constructor or factory dependency is provided by no module at all.',
    fix: 'Add a provider for the token to a module (and export it if another module needs it), or mark the parameter @Optional().',
  },
  PROVIDER_NOT_VISIBLE: {
    code: 'ARM_ERR_PROVIDER_NOT_VISIBLE',
    meaning: 'A dependency is provided by a module that the dependent module cannot see (not exported, or not imported).',
    fix: 'Export the provider from its module and import that module where it is needed, or make the module global.',
  },
  CIRCULAR_DEPENDENCY: {
    code: 'ARM_ERR_CIRCULAR_DEPENDENCY',
    meaning: 'Providers depend on each other in a cycle that no forwardRef breaks (or a cycle made only of transient providers).',
    fix: 'Break the cycle by moving the shared part into a third provider, or inject one side with @Inject(forwardRef(() => X)).',
  },
  SCOPE_WIDENING: {
    code: 'ARM_ERR_SCOPE_WIDENING',
    meaning:
      'A longer-lived provider depends on a shorter-lived one: singleton on session/request, session on request (also through transients).',
    fix: 'Give the dependent the shorter scope too, or inject the RequestContext/ResolutionContext and resolve the short-lived one when needed.',
  },
  ERASED_TYPE: {
    code: 'ARM_ERR_ERASED_TYPE',
    meaning:
      'A constructor parameter type was erased at run time (reflected as Object, Function or undefined): import type, interface, union or circular file import.',
    fix: 'Import the class as a value (not `import type`), or name the token explicitly with @Inject(token).',
  },
  MISSING_METADATA: {
    code: 'ARM_ERR_MISSING_METADATA',
    meaning: 'A class has constructor parameters but no design:paramtypes metadata, because it has no class decorator.',
    fix: 'Decorate the class with @Injectable() and compile with emitDecoratorMetadata.',
  },
  INVALID_PROVIDER: {
    code: 'ARM_ERR_INVALID_PROVIDER',
    meaning: 'An entry of providers, handlers or a factory inject list is not a valid provider or token.',
    fix: 'Use a class, or { provide, useClass | useValue | useFactory | useExisting }, and check for an undefined import.',
  },
  INVALID_MODULE: {
    code: 'ARM_ERR_INVALID_MODULE',
    meaning: 'An imports entry (or the root) is not a module: undefined, or a class without @Module.',
    fix: 'Decorate the class with @Module, or break the circular file import that leaves the entry undefined.',
  },
  UNKNOWN_EXPORT: {
    code: 'ARM_ERR_UNKNOWN_EXPORT',
    meaning: 'A module exports a token it does not provide, or a module it does not import.',
    fix: 'Provide (or import) what the module exports, or remove the export.',
  },
  DEPENDENCY_GRAPH: {
    code: 'ARM_ERR_DEPENDENCY_GRAPH',
    meaning: 'Several problems of different kinds were found at boot; the message and `problems` list each one.',
    fix: 'Fix each listed problem; each names its own code.',
  },
  UNKNOWN_TOKEN: {
    code: 'ARM_ERR_UNKNOWN_TOKEN',
    meaning: 'get, resolve or scopeOf was asked for a token that no module of the container provides.',
    fix: 'Provide the token in a module of the container, or ask for the token it is provided under.',
  },
  NOT_SINGLETON: {
    code: 'ARM_ERR_NOT_SINGLETON',
    meaning: 'get() was asked for a token that is not a singleton; use resolve(token, ctx).',
    fix: "Call resolve(token, ctx) with a resolution context of the provider's scope.",
  },
  CONTEXT_REQUIRED: {
    code: 'ARM_ERR_CONTEXT_REQUIRED',
    meaning: 'A request- or session-scoped provider was resolved without the resolution context it lives in.',
    fix: "Pass a context from createContext('session' | 'request') to resolve().",
  },
  CONTEXT_VALUE_MISSING: {
    code: 'ARM_ERR_CONTEXT_VALUE_MISSING',
    meaning: 'A fromContext provider was resolved, but the caller never seeded it with ctx.provide().',
    fix: 'Call ctx.provide(token, value) on the context before anything resolves the token.',
  },
  CONTEXT_VALUE_CONFLICT: {
    code: 'ARM_ERR_CONTEXT_VALUE_CONFLICT',
    meaning:
      'ctx.provide() was given a token already seeded, declared fromContext for the other kind of context, or provided by an ordinary provider.',
    fix: 'Seed each fromContext token once, into the kind of context its provider declares.',
  },
  INVALID_CONTEXT: {
    code: 'ARM_ERR_INVALID_CONTEXT',
    meaning: 'createContext() was given an unknown kind, or a request parent that is not a session context.',
    fix: "Use createContext('session') or createContext('request', sessionContext?).",
  },
  CONTEXT_DISPOSED: {
    code: 'ARM_ERR_CONTEXT_DISPOSED',
    meaning: 'A resolution context was used after dispose().',
    fix: 'Create a new context; do not keep a context past the request or session it belongs to.',
  },
  CONTAINER_CLOSED: {
    code: 'ARM_ERR_CONTAINER_CLOSED',
    meaning: 'The container was used after close().',
    fix: 'Stop resolving once the app or container is closing; create a new container to start again.',
  },
  PROVIDER_FAILED: {
    code: 'ARM_ERR_PROVIDER_FAILED',
    meaning: 'A constructor, factory or onInit hook threw while an instance was being created.',
    fix: "Read the error's cause (the original exception) and fix the provider that threw.",
  },
  FORWARD_REF_NOT_READY: {
    code: 'ARM_ERR_FORWARD_REF_NOT_READY',
    meaning: 'A forwardRef proxy was used before its target existed (in a constructor or onInit inside the cycle).',
    fix: 'Use the forwardRef dependency only in methods called after boot, not in a constructor or onInit.',
  },
  DISPOSE_FAILED: {
    code: 'ARM_ERR_DISPOSE_FAILED',
    meaning: 'One or more onDispose hooks threw; every hook still ran.',
    fix: 'Read the aggregated causes and make those onDispose hooks not throw.',
  },
  SHUTDOWN_FAILED: {
    code: 'ARM_ERR_SHUTDOWN_FAILED',
    meaning: 'One or more onShutdown hooks threw; every hook still ran.',
    fix: 'Read the aggregated causes and make those onShutdown hooks not throw.',
  },
  INVALID_DECORATOR: {
    code: 'ARM_ERR_INVALID_DECORATOR',
    meaning: '@Inject or @Optional was placed somewhere other than a constructor parameter.',
    fix: 'Put @Inject/@Optional on constructor parameters only; use a factory provider for other injection.',
  },
});

/** One of @armature/di's error codes. */
export type DiErrorCode = (typeof DI_ERRORS.codes)[keyof typeof DI_ERRORS.codes];

/** Each code with its one-line meaning (derived from `DI_ERRORS`, the registry). */
export const DI_ERROR_CODES = meaningsByCode(DI_ERRORS) as Readonly<Record<DiErrorCode, string>>;

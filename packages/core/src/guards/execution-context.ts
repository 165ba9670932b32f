import 'reflect-metadata';
import type { AuthInfo, RequestContext } from '../context/request-context';

/** What a guard or interceptor is running for. */
export type RouteKind = 'tool' | 'resource' | 'resourceTemplate' | 'prompt' | 'completion';

/**
 * What guards and interceptors see of one call (NestJS's `ExecutionContext`, for MCP): which
 * route, which handler method, the arguments, and the request's context.
 */
export interface ExecutionContext {
  /** The kind of route. A `completion` is `completion/complete` for a prompt argument or template variable. */
  readonly kind: RouteKind;
  /** Tool or prompt name, resource URI, or URI template (for a completion: the prompt or template). */
  readonly name: string;
  /**
   * The arguments: a tool's validated arguments, a template's decoded variables, a prompt's
   * arguments, a completion's resolved arguments plus the partial value of the one being
   * completed; `{}` for a fixed resource. Frozen.
   */
  readonly args: Readonly<Record<string, unknown>>;
  /** The request's context: `signal`, `session`, `meta`, `log`, `progress()`… */
  readonly request: RequestContext;
  /** Who the transport authenticated (`request.authInfo`); undefined when nobody was. */
  readonly authInfo: AuthInfo | undefined;
  /** The handler class; undefined for a route registered as a plain definition. */
  getClass(): HandlerType | undefined;
  /** The handler method (the definition's handler function for a registered definition). */
  getHandler(): (...args: never[]) => unknown;
  /**
   * reflect-metadata of the handler method, else of its class (what `SetMetadata` and other
   * decorators recorded), e.g. the roles a guard checks.
   */
  getMetadata<T = unknown>(key: string | symbol): T | undefined;
}

/** A handler class, as `getClass()` returns it. */
export type HandlerType = abstract new (...args: never[]) => object;

/** What the pipeline knows of a route, fixed at boot. */
export interface RouteDescriptor {
  readonly kind: RouteKind;
  readonly name: string;
  readonly handlerClass: object | undefined;
  readonly method: string;
  readonly fn: (...args: never[]) => unknown;
}

/** The `ExecutionContext` of one call; allocated only for routes that have guards or interceptors. */
export class CallExecutionContext implements ExecutionContext {
  readonly kind: RouteKind;
  readonly name: string;
  readonly authInfo: AuthInfo | undefined;

  constructor(
    private readonly route: RouteDescriptor,
    readonly args: Readonly<Record<string, unknown>>,
    readonly request: RequestContext,
  ) {
    this.kind = route.kind;
    this.name = route.name;
    this.authInfo = request.authInfo;
  }

  getClass(): HandlerType | undefined {
    return this.route.handlerClass as HandlerType | undefined;
  }

  getHandler(): (...args: never[]) => unknown {
    return this.route.fn;
  }

  getMetadata<T = unknown>(key: string | symbol): T | undefined {
    const cls = this.route.handlerClass as { prototype?: object } | undefined;
    if (cls === undefined || cls.prototype === undefined) return undefined;
    const own: unknown = Reflect.getMetadata(key, cls.prototype, this.route.method);
    return (own !== undefined ? own : Reflect.getMetadata(key, cls)) as T | undefined;
  }
}

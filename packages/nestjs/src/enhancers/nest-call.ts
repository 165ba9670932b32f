import 'reflect-metadata';
import type { CanActivate, ExceptionFilter, NestInterceptor, PipeTransform } from '@nestjs/common';
// Nest's own consumers: @nestjs/core's root does not export them, its subpaths do (Nest's
// microservices and websockets packages take them from @nestjs/core's subpaths too).
import { GuardsConsumer } from '@nestjs/core/guards';
import { InterceptorsConsumer } from '@nestjs/core/interceptors';
import { PipesConsumer } from '@nestjs/core/pipes';
import { ForbiddenError, type ExecutionContext } from '@armature/core';
import type { AroundHandler, RouteInfo } from '@armature/core/internal';
import { isObservable, lastValueFrom } from 'rxjs';
import { MCP_CONTEXT_TYPE, type McpContext } from '../mcp-context';
import { toMcpError } from './http-exception-mapping';

/**
 * A route's Nest enhancers as instances; filters method-first, each with the exceptions it
 * catches. The lists are never changed: mutable only because Nest's consumers take them so.
 */
export interface ResolvedEnhancers {
  readonly guards: CanActivate[];
  readonly interceptors: NestInterceptor[];
  readonly pipes: PipeTransform[];
  readonly filters: readonly { readonly filter: ExceptionFilter; readonly catches: readonly Function[] }[];
}

// Nest's consumers are stateless: one of each serves every route.
const guardsConsumer = new GuardsConsumer();
const interceptorsConsumer = new InterceptorsConsumer();
const pipesConsumer = new PipesConsumer();

const BUILT_IN: ReadonlySet<unknown> = new Set([Object, String, Number, Boolean, Array, Function, Promise]);

/** The DTO class a `ValidationPipe` validates the arguments against: the first parameter's class, if it has one. */
function argumentsType(route: RouteInfo): Function | undefined {
  const prototype = (route.handlerClass as { prototype?: object } | undefined)?.prototype;
  if (prototype === undefined) return undefined;
  const types: unknown = Reflect.getMetadata('design:paramtypes', prototype, route.method);
  const first: unknown = Array.isArray(types) ? types[0] : undefined;
  return typeof first === 'function' && !BUILT_IN.has(first) ? first : undefined;
}

function refusal(call: McpContext): ForbiddenError {
  const what =
    call.kind === 'tool' ? `call tool "${call.name}"` : call.kind === 'prompt' ? `get prompt "${call.name}"` : `read "${call.name}"`;
  return new ForbiddenError(`Forbidden: you are not allowed to ${what}.`);
}

async function settled(value: unknown): Promise<unknown> {
  const awaited: unknown = await value;
  return isObservable(awaited) ? lastValueFrom(awaited) : awaited;
}

/**
 * One route's Nest pipeline, run through Nest's own consumers in Nest's order: guards, then
 * interceptors (the handler as an Observable, so `map`, `catchError`, `timeout` work), pipes on
 * the arguments object, the handler; an exception goes to the first filter that catches it,
 * else becomes an MCP answer (`toMcpError`).
 */
export class NestCall {
  /** What Nest's consumers take for the handler instance: `getClass()` is read from its `constructor`. */
  private readonly target: object;
  private readonly metatype: Function | undefined;
  private enhancers: ResolvedEnhancers | undefined;

  /** `resolution`: the instances, once Nest's DI has built them (calls come after; one that does not waits). */
  constructor(
    private readonly route: RouteInfo,
    private readonly resolution: Promise<ResolvedEnhancers>,
  ) {
    this.target = (route.handlerClass as { prototype?: object } | undefined)?.prototype ?? {};
    this.metatype = argumentsType(route);
  }

  readonly around: AroundHandler = async (context, call) => {
    const enhancers = this.enhancers ?? (this.enhancers = await this.resolution);
    const facts = this.factsOf(context);
    // `switchToRpc().getData()` is the arguments, `getContext()` (and `mcpContext()`) the facts.
    const args = [context.args, facts];
    const handler = this.route.handler as (...args: unknown[]) => unknown;
    try {
      const { guards, interceptors, pipes } = enhancers;
      if (guards.length > 0 && !(await guardsConsumer.tryActivate(guards, args, this.target, handler, MCP_CONTEXT_TYPE))) {
        throw refusal(facts);
      }
      const run = async (): Promise<unknown> =>
        call(
          pipes.length === 0
            ? context.args
            : ((await pipesConsumer.applyPipes(
                context.args,
                { type: 'body', metatype: this.metatype as never, data: undefined },
                pipes,
              )) as Readonly<Record<string, unknown>>),
        );
      if (interceptors.length === 0) return await run();
      return await settled(interceptorsConsumer.intercept(interceptors, args, this.target, handler, run, MCP_CONTEXT_TYPE));
    } catch (error) {
      const chosen = enhancers.filters.find(({ catches }) => catches.length === 0 || catches.some((type) => error instanceof type));
      if (chosen === undefined) throw toMcpError(error, facts);
      // What the filter returns answers the call; what it throws is mapped like the handler's throw.
      const host = guardsConsumer.createContext(args, this.target, handler);
      host.setType(MCP_CONTEXT_TYPE);
      try {
        return await settled(chosen.filter.catch(error, host));
      } catch (rethrown) {
        throw toMcpError(rethrown, facts);
      }
    }
  };

  private factsOf(context: ExecutionContext): McpContext {
    const request = context.request;
    return {
      kind: this.route.kind,
      name: context.name,
      arguments: context.args,
      authInfo: context.authInfo,
      protocolVersion: request.session.protocolVersion,
      sessionId: request.session.id,
      request,
    };
  }
}

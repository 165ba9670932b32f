import { ArmatureError } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';
import type { TaskSupport } from '../tasks/task-model';
import type { RequestContext } from '../context/request-context';
import type { RouteDescriptor } from '../guards/execution-context';
import type { ToolRecord } from '../metadata/handler-metadata.types';
import type { ToolOutput } from '../results/tool-result.shaper';
import { dtoValidator } from '../validation/dto-validation';
import { withInstance } from './handler-instances';
import { compileCall } from './param-slots';
import { compileScopeCheck } from './route-access';
import type { RouteEnvironment } from './route-environment';
import { type Invoke, withEnhancers } from './route-pipeline';
import type { RouteSource } from './route-source';
import { compileToolCall, type ToolCall } from './tool-call';
import { checkListOptions } from './tool-list-entry';
import { type CompiledTool, type ListEntryParts, ToolRoute } from './compiled-tool';
import { compileToolSchema, inputSchemaOf, outputSchemaOf } from './tool-schemas';

export type { CompiledTool };

/** Compiles a tool route; throws `ArmatureError` for a bad schema. */
export function compileTool(source: RouteSource & { readonly record: ToolRecord }, env: RouteEnvironment): CompiledTool {
  const { record, manifest, owner } = source;
  const options = record.options;
  const name = options.name ?? record.method;
  // Schema problems name the method and the tool (a registered definition's owner names the tool already).
  const subject = source.handlerClass === undefined ? owner : `${owner} (tool "${name}")`;
  const inputSchema = inputSchemaOf(subject, record, manifest, source.schemas);
  const output = outputSchemaOf(record, manifest, source.schemas);
  const input = compileToolSchema(env.compiler, inputSchema, `${owner} input schema`, source.precompiled);
  const compiledOutput = output ? compileToolSchema(env.compiler, output, `${owner} output schema`, source.precompiled) : null;
  const description = options.description ?? manifest?.description;
  const { support: taskSupport, start: taskStart } = taskPolicyOf(options, subject);
  const listed = taskSupport === 'forbidden' ? options : { ...options, execution: { ...options.execution, taskSupport } };
  // What could make the entry fail to build fails the boot; the entry itself is made for the list page that shows it.
  checkListOptions(listed);

  // Everything that can fail is resolved now, so a bad guard, scope list or rate limit fails
  // the boot; the call pipeline itself (closures only, nothing that can fail) is assembled on a
  // tool's first call, so a server with many tools does not build pipelines for tools never called.
  const enhancers = env.policy.enhancers(source);
  const { required: requiredScopes, check: checkScopes } = compileScopeCheck(source, env, `tool "${name}"`);
  const { limiter, exempt } = env.policy.toolLimit(source, name);
  const checkDto = source.dto ? dtoValidator(source.dto, subject) : null;
  const assemble = (): ToolCall => {
    // Read here, not at boot: a manifest schema `armature build` vouched for is parsed and
    // planned when its validator is first read (see SchemaCompiler.compileListed).
    const validateInput = input.validate;
    const shaping: ToolOutput | null = output && compiledOutput ? { validate: compiledOutput.validate, wrapped: output.wrapped } : null;
    const { fn, instances } = source;
    const callWith = compileCall(source.slots, fn);
    const bare: Invoke = (args, ctx) => withInstance(instances, ctx, (instance) => callWith(instance, args, ctx));
    const route: RouteDescriptor = { kind: 'tool', name, handlerClass: source.handlerClass, method: record.method, fn };
    const invoke = withEnhancers(bare, route, enhancers);
    // A singleton handler with no guards or interceptors is called directly, not through
    // withInstance's async frame, so a synchronous handler's result reaches the session without
    // a promise (see tool-call.ts).
    const singleton = invoke === bare ? instances.singleton : null;
    const run =
      singleton === null
        ? invoke
        : (args: Readonly<Record<string, unknown>>, ctx: RequestContext): unknown => callWith(singleton, args, ctx);
    return compileToolCall({
      name,
      owner,
      checkScopes,
      limiter,
      sharedLimiter: exempt ? null : env.policy.globalLimiter,
      validateInput,
      checkDto,
      run,
      shaping,
      logger: env.logger,
    });
  };
  let pipeline: ToolCall | null = null;
  const call: ToolCall = (args, ctx) => (pipeline ??= assemble())(args, ctx);
  // Only the validators: the pipeline's closures stay a first call's (cheap, and a heap of
  // 10,000 assembled pipelines nobody calls is what deferring them saves).
  const prepare = (): void => {
    try {
      void input.validate;
      void compiledOutput?.validate;
    } catch {
      // Left for the first call, which meets the same failure and answers it.
    }
  };
  const entry: ListEntryParts = { options: listed, description, input, output: compiledOutput };
  return new ToolRoute(name, requiredScopes, call, taskSupport, taskStart, source, prepare, entry);
}

const TASK_SUPPORT: ReadonlySet<unknown> = new Set<TaskSupport>(['forbidden', 'optional', 'required']);

const TASK_START: ReadonlySet<unknown> = new Set([undefined, 'call', 'handler']);

/** The policy of a tool that sets neither `task` nor `execution.taskSupport` (most tools). */
const NO_TASKS: { support: TaskSupport; start: 'call' | 'handler' } = Object.freeze({ support: 'forbidden', start: 'call' });

/** `task` and `execution.taskSupport` are one setting: either, or both the same. */
function taskPolicyOf(options: ToolRecord['options'], subject: string): { support: TaskSupport; start: 'call' | 'handler' } {
  if (options.task === undefined && options.execution?.taskSupport === undefined) return NO_TASKS;
  const given: unknown = options.task;
  const policy = typeof given === 'object' && given !== null ? (given as { support?: unknown; start?: unknown }) : undefined;
  if (policy !== undefined && (!TASK_START.has(policy.start) || (policy.support !== 'optional' && policy.support !== 'required'))) {
    throw new ArmatureError(
      LocalErrorCode.INVALID_TASK_SUPPORT,
      `${subject}: task must be "forbidden", "optional", "required" or { support: "optional" | "required", start?: "call" | "handler" }.`,
    );
  }
  const task: unknown = policy === undefined ? given : policy.support;
  const listed: unknown = options.execution?.taskSupport;
  for (const value of [task, listed]) {
    if (value !== undefined && !TASK_SUPPORT.has(value)) {
      throw new ArmatureError(
        LocalErrorCode.INVALID_TASK_SUPPORT,
        `${subject}: task support must be "forbidden", "optional" or "required", got ${JSON.stringify(value)}.`,
      );
    }
  }
  if (task !== undefined && listed !== undefined && task !== listed) {
    throw new ArmatureError(
      LocalErrorCode.INVALID_TASK_SUPPORT,
      `${subject}: @Tool({ task: ${JSON.stringify(task)} }) disagrees with execution.taskSupport ${JSON.stringify(listed)}; give one of them.`,
    );
  }
  return {
    support: ((task ?? listed) as TaskSupport | undefined) ?? 'forbidden',
    start: (policy?.start as 'call' | 'handler' | undefined) ?? 'call',
  };
}

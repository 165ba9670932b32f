import type { TaskSupport } from '../tasks/task-model';
import type { ToolRecord } from '../metadata/handler-metadata.types';
import type { Tool } from '../wire/mcp-types.generated';
import type { CompiledSchema } from '../validation/schema-compiler';
import type { RouteSource } from './route-source';
import type { ToolCall } from './tool-call';
import { toolListEntry, toolListJson } from './tool-list-entry';

/** A tool prepared at boot: everything per call is a lookup, a validation and a call. */
export interface CompiledTool {
  readonly name: string;
  /** The `tools/list` entry, frozen; made when first read (a list page that shows the tool). */
  readonly listEntry: Tool;
  /** `JSON.stringify(listEntry)`, written without making the entry; undefined when a schema is not known as text. */
  readonly listJson: string | undefined;
  /** The JSON text of the input schema when known without serializing it (a manifest schema). */
  readonly inputSchemaText: string | undefined;
  /** OAuth scopes a caller must hold (`null`: none). */
  readonly requiredScopes: readonly string[] | null;
  /**
   * The whole `tools/call` pipeline: scopes → rate limits → validate → guards → interceptors
   * → handler → shape; tool failures become `isError` results. Synchronous when every step is.
   */
  readonly call: ToolCall;
  /** Whether it runs as a task (`@Tool({ task })` or `execution.taskSupport`). */
  readonly taskSupport: TaskSupport;
  /** When its task starts: before the handler (`call`), or at `ctx.startTask()` (`handler`). */
  readonly taskStart: 'call' | 'handler';
  /** Whether its 2026 input-required states are single-use (`singleUseState`, default: `destructiveHint`). */
  readonly singleUseState: boolean;
  readonly source: RouteSource;
  /**
   * Makes the validators (a deferred manifest schema is parsed and planned) ahead of the first
   * call, in idle time (`route-warmup.ts`). Never throws: a failure is left for the call, which
   * reports it.
   */
  prepare(): void;
}

/** What a tool's list entry is made from. */
export interface ListEntryParts {
  readonly options: ToolRecord['options'];
  readonly description: string | undefined;
  readonly input: CompiledSchema;
  readonly output: CompiledSchema | null;
}

/**
 * A compiled tool. Its list entry is made when first read (a list page that shows it), by a
 * getter on the class: every tool has the same shape (a getter in an object literal would give
 * each tool a shape of its own, and every read of a tool's fields would see thousands).
 */
export class ToolRoute implements CompiledTool {
  private entry: Tool | undefined;

  constructor(
    readonly name: string,
    readonly requiredScopes: readonly string[] | null,
    readonly call: ToolCall,
    readonly taskSupport: TaskSupport,
    readonly taskStart: 'call' | 'handler',
    readonly source: RouteSource,
    readonly prepare: () => void,
    private readonly parts: ListEntryParts,
  ) {}

  get inputSchemaText(): string | undefined {
    return this.parts.input.json;
  }

  get singleUseState(): boolean {
    const options = this.parts.options;
    return options.singleUseState ?? options.annotations?.destructiveHint === true;
  }

  get listEntry(): Tool {
    const { options, description, input, output } = this.parts;
    return (this.entry ??= toolListEntry(this.name, options, description, input, output));
  }

  // Not kept: a list page keeps the texts it joins, and writing one again is cheap.
  get listJson(): string | undefined {
    const { options, description, input, output } = this.parts;
    return toolListJson(this.name, options, description, input, output);
  }
}

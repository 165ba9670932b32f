import { ArmatureError } from '@armature/di';
import { invalidClientResult, missingClientCapability } from '../context/client-capability-check';
import { principalKey } from '../context/principal';
import { EngineErrorCode } from '../errors/engine-error-codes';
import { McpWireError } from '../errors/wire-error';
import { WireErrorCode } from '../errors/wire-error-codes';
import type { ClientCapabilities } from '../wire/mcp-types.generated';
import { bindingOf, INPUT_METHODS, InputRounds } from './input-rounds';
import type { RequestStateSealer } from './request-state';
import type { Exchange } from './revision';
import { InputRequiredSignal } from './input-required-signal';

function requiredCapabilities(path: string): ClientCapabilities {
  // 'elicitation.url' → { elicitation: { url: {} } }
  const [head, sub] = path.split('.');
  return { [head!]: sub === undefined ? {} : { [sub]: {} } } as ClientCapabilities;
}

/** The sealer of a 2026 exchange's kernel (the dispatcher always has one). */
function sealerOf(exchange: Exchange): RequestStateSealer {
  const sealer = exchange.kernel.sealer;
  if (sealer === undefined) throw McpWireError.internal('Internal error: this caller cannot seal a requestState');
  return sealer;
}

/** Whether the states of `exchange`'s rounds are single-use (a tool that says so, by default a destructive one). */
function singleUseState(exchange: Exchange): boolean {
  const name = exchange.params.name;
  return exchange.method === 'tools/call' && typeof name === 'string' && exchange.kernel.features.tools?.singleUseState?.(name) === true;
}

/**
 * How MCP 2026-07-28 asks the client: `ctx.elicit` / `ctx.sample` / `ctx.listRoots` of one
 * request become questions of its input-required rounds. An answered question (from the
 * retry's `inputResponses` or the sealed `requestState`) resolves at once; the questions
 * asked in one tick end the attempt with `input_required`, and the handler's pending
 * questions reject with `InputRequiredSignal`.
 */
export class InputAsker {
  private closing = false;
  private waiting: ((error: Error) => void)[] = [];

  private constructor(
    private readonly exchange: Exchange,
    private readonly rounds: InputRounds,
  ) {}

  /**
   * Opens the rounds of a retry (its `requestState` / `inputResponses`) before the method
   * runs, so that a tampered, expired or foreign state is refused even if the handler asks nothing.
   */
  static admit(exchange: Exchange): void | Promise<void> {
    const params = exchange.params;
    if ((params.requestState === undefined && params.inputResponses === undefined) || !INPUT_METHODS.has(exchange.method)) return;
    const sealer = sealerOf(exchange);
    const rounds = new InputRounds(
      sealer,
      bindingOf(exchange.method, params, principalKey(exchange.ctx.authInfo)),
      params.requestState,
      params.inputResponses,
    );
    exchange.askState = new InputAsker(exchange, rounds);
    // A single-use state is marked used before its request runs again: a replay is refused.
    if (rounds.opened?.n !== undefined) return sealer.consume(rounds.opened);
  }

  /** A question for the client on behalf of `exchange`; see the class comment. */
  static ask(
    exchange: Exchange,
    method: string,
    params: Record<string, unknown>,
    askedKey: string | undefined,
  ): Promise<Record<string, unknown>> {
    if (exchange.finished) return Promise.reject(new InputRequiredSignal());
    if (!INPUT_METHODS.has(exchange.method)) {
      return Promise.reject(
        new ArmatureError(
          EngineErrorCode.INPUT_NOT_ALLOWED,
          `${method} cannot be asked during ${exchange.method}: MCP 2026-07-28 allows input requests only in tools/call, prompts/get and resources/read`,
        ),
      );
    }
    const missing = missingClientCapability(method, params, exchange.envelope.clientCapabilities);
    if (missing !== undefined) {
      const error = new McpWireError(
        WireErrorCode.MissingRequiredClientCapability,
        `Missing required client capability: ${missing} (declare it in _meta "io.modelcontextprotocol/clientCapabilities" to use this ${exchange.method === 'tools/call' ? 'tool' : 'request'})`,
        {
          requiredCapabilities: requiredCapabilities(missing),
        },
      );
      exchange.fail(error);
      return Promise.reject(error);
    }
    let asker: InputAsker;
    try {
      asker =
        (exchange.askState as InputAsker | undefined) ??
        new InputAsker(
          exchange,
          new InputRounds(
            sealerOf(exchange),
            bindingOf(exchange.method, exchange.params, principalKey(exchange.ctx.authInfo)),
            undefined,
            undefined,
          ),
        );
      exchange.askState = asker;
    } catch (error) {
      exchange.fail(error);
      return Promise.reject(error as Error);
    }
    return asker.ask(method, params, askedKey);
  }

  private ask(method: string, params: Record<string, unknown>, askedKey: string | undefined): Promise<Record<string, unknown>> {
    const exchange = this.exchange;
    let key: string;
    try {
      key = this.rounds.nextKey(method, askedKey);
    } catch (error) {
      exchange.fail(error);
      return Promise.reject(error as Error);
    }
    const answer = this.rounds.answer(key);
    if (answer !== undefined) {
      const problem =
        typeof answer === 'object' && answer !== null && !Array.isArray(answer)
          ? invalidClientResult(method, answer as Record<string, unknown>)
          : 'it must be an object';
      if (problem === undefined) return Promise.resolve(answer as Record<string, unknown>);
      const error = McpWireError.invalidParams(`Invalid params: inputResponses["${key}"] is not a valid ${method} result: ${problem}`);
      exchange.fail(error);
      return Promise.reject(error);
    }
    this.rounds.ask(key, method, params);
    if (!this.closing) {
      this.closing = true;
      // Questions asked together (Promise.all) go out in one round: close it after this tick.
      setImmediate(() => this.endAttempt());
    }
    return new Promise((_resolve, reject) => this.waiting.push(reject));
  }

  /** Ends this attempt with `input_required`; the handler's pending questions reject. */
  private endAttempt(): void {
    const exchange = this.exchange;
    const rounds = this.rounds;
    const decoration = exchange.kernel.decoration;
    if (exchange.finished || !rounds.hasQuestions) return;
    let questions: ReturnType<InputRounds['questions']>;
    try {
      if (decoration === undefined) throw McpWireError.internal('Internal error: this caller cannot decorate a 2026 result');
      questions = rounds.questions(singleUseState(exchange));
      exchange.respondRaw(decoration.other('input_required', questions));
    } catch (error) {
      exchange.fail(error);
      return;
    }
    const signal = new InputRequiredSignal();
    exchange.ctx.abort(signal);
    for (const reject of this.waiting) reject(signal);
    this.waiting = [];
  }
}

import { ArmatureError } from '@armature/di';
import { EngineErrorCode } from '../errors/engine-error-codes';
import { McpWireError } from '../errors/wire-error';

/** An author-chosen question key. */
const QUESTION_KEY = /^[A-Za-z0-9_.-]{1,64}$/;
import { digest, type RequestStatePayload, RequestStateSealer } from './request-state';

/** How the 2026 input-required flow names and bounds its questions. */
export const INPUT_LIMITS = Object.freeze({
  /** Most questions one request may ask over all its rounds. */
  maxAsks: 64,
  /** How long a client has to answer a round, in ms (the state's lifetime). */
  stateTtlMs: 10 * 60 * 1000,
});

/** The methods whose 2026 results may be `input_required` (MCP 2026-07-28, SEP-2322). */
export const INPUT_METHODS: ReadonlySet<string> = new Set(['tools/call', 'prompts/get', 'resources/read']);

/** Short key prefixes per server→client method, so keys read well in traffic. */
const KEY_PREFIX: Readonly<Record<string, string>> = {
  'elicitation/create': 'elicit',
  'sampling/createMessage': 'sample',
  'roots/list': 'roots',
};

/** What binds a request state to one call: method, target and arguments, and the principal. */
export interface RoundBinding {
  readonly method: string;
  readonly target: string;
  readonly argsDigest: string;
  readonly principal: string;
}

/**
 * The binding of a request's params (`tools/call` name + arguments, `prompts/get` name +
 * arguments, `resources/read` uri) for `principal` (`principalKey` of the caller).
 */
export function bindingOf(method: string, params: Readonly<Record<string, unknown>>, principal: string | undefined): RoundBinding {
  const target = typeof params.name === 'string' ? params.name : typeof params.uri === 'string' ? params.uri : '';
  return { method, target, argsDigest: digest(params.arguments ?? null), principal: principal === undefined ? '' : digest(principal) };
}

/**
 * The questions and answers of one attempt of a 2026 request. The handler is re-run from the
 * start on every attempt; its n-th question gets the n-th key, so a question asked again
 * finds the answer the client gave to it, from this retry's `inputResponses` or, for earlier
 * rounds, from the sealed `requestState`.
 */
export class InputRounds {
  private asked = 0;
  private readonly answers: Record<string, unknown>;
  private readonly pending = new Map<string, { method: string; params: Record<string, unknown> }>();
  private readonly used = new Set<string>();
  /** Keys whose answers this attempt read: only these are sealed into the next state. */
  private readonly read = new Set<string>();
  /** The state this attempt was retried with, if any (its nonce is consumed before the method runs). */
  readonly opened: RequestStatePayload | undefined;

  /**
   * @param binding What the state must have been sealed for.
   * @param state The retry's `requestState`, if any.
   * @param responses The retry's `inputResponses`, if any. Keys no question of this attempt
   *   reads are ignored, and never sealed into a later state.
   */
  constructor(
    private readonly sealer: RequestStateSealer,
    private readonly binding: RoundBinding,
    state: unknown,
    responses: unknown,
  ) {
    this.answers = Object.create(null) as Record<string, unknown>;
    if (responses !== undefined && (typeof responses !== 'object' || responses === null || Array.isArray(responses))) {
      throw McpWireError.invalidParams('Invalid params: "inputResponses" must be an object keyed by the inputRequests keys');
    }
    const given = (responses ?? {}) as Record<string, unknown>;
    this.opened = undefined;
    if (state === undefined) {
      // A first attempt may carry answers: the client answers for itself either way, and no
      // earlier round's answer exists that it could rewrite.
      for (const [key, value] of Object.entries(given)) this.answers[key] = value;
      return;
    }
    const payload = sealer.open(state);
    this.opened = payload;
    if (
      payload.m !== binding.method ||
      payload.t !== binding.target ||
      payload.h !== binding.argsDigest ||
      payload.s !== binding.principal
    ) {
      throw McpWireError.invalidParams(
        'Invalid params: "requestState" belongs to another request (method, target, arguments or principal differ); send the request again without it',
      );
    }
    for (const [key, value] of Object.entries(payload.a ?? {})) this.answers[key] = value;
    // Only the questions of the last round take new answers: earlier answers are sealed.
    for (const key of payload.p ?? []) {
      if (Object.prototype.hasOwnProperty.call(given, key)) this.answers[key] = given[key];
    }
  }

  /** The key of the next question this attempt asks: the author's (`AskOptions.key`) or the next positional one. */
  nextKey(method: string, named?: string): string {
    this.asked++;
    if (this.asked > INPUT_LIMITS.maxAsks)
      throw McpWireError.internal(`Internal error: the request asked more than ${INPUT_LIMITS.maxAsks} questions`);
    if (named === undefined) return `${KEY_PREFIX[method] ?? 'input'}-${this.asked}`;
    if (typeof named !== 'string' || !QUESTION_KEY.test(named)) {
      throw new ArmatureError(
        EngineErrorCode.SESSION_MISUSE,
        `A question key must be 1-64 characters of A-Za-z0-9_.-, got ${JSON.stringify(String(named).slice(0, 80))}`,
      );
    }
    if (this.pending.has(named) || this.used.has(named))
      throw new ArmatureError(EngineErrorCode.SESSION_MISUSE, `The question key "${named}" was used twice in one attempt`);
    this.used.add(named);
    return named;
  }

  /** The client's answer to `key`, if it gave one (in this retry or an earlier round). */
  answer(key: string): unknown {
    if (!Object.prototype.hasOwnProperty.call(this.answers, key)) return undefined;
    this.read.add(key);
    return this.answers[key];
  }

  /** Records a question still to be answered in this round. */
  ask(key: string, method: string, params: Record<string, unknown>): void {
    this.pending.set(key, { method, params });
  }

  get hasQuestions(): boolean {
    return this.pending.size > 0;
  }

  /**
   * The `inputRequests` map and the sealed `requestState` that ends this attempt: the answers
   * this attempt read (never a key no question asked), and a nonce when `singleUse`.
   */
  questions(singleUse = false): {
    inputRequests: Record<string, { method: string; params: Record<string, unknown> }>;
    requestState: string;
  } {
    const inputRequests = Object.fromEntries(this.pending);
    const answers: Record<string, unknown> = {};
    for (const key of this.read) answers[key] = this.answers[key];
    const payload: RequestStatePayload = {
      v: 1,
      m: this.binding.method,
      t: this.binding.target,
      h: this.binding.argsDigest,
      s: this.binding.principal,
      e: Date.now() + INPUT_LIMITS.stateTtlMs,
      a: answers,
      p: [...this.pending.keys()],
      ...(singleUse ? { n: RequestStateSealer.nonce() } : {}),
    };
    return { inputRequests, requestState: this.sealer.seal(payload) };
  }
}

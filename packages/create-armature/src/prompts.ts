import { createInterface, type Interface } from 'node:readline/promises';
import { DEFAULT_FOLDER } from './create-args';
import type { ScaffoldFeatures } from './scaffold-features';

/** Where the questions are asked and answered. */
export interface PromptStreams {
  readonly input: NodeJS.ReadableStream;
  readonly output: NodeJS.WritableStream;
}

/** The answers: the folder and the features. */
export interface PromptAnswers {
  readonly folder: string;
  readonly features: Partial<ScaffoldFeatures>;
}

/** The input ended before every question was answered. */
export class PromptClosedError extends Error {
  constructor() {
    super('cancelled: the input closed before every question was answered (nothing was written).');
    this.name = 'PromptClosedError';
  }
}

/** Asks one question; rejects when the input ends first (Ctrl-D) rather than waiting forever. */
function ask(rl: Interface, closed: Promise<never>, question: string): Promise<string> {
  return Promise.race([rl.question(question), closed]);
}

async function yesNo(rl: Interface, closed: Promise<never>, question: string): Promise<boolean> {
  const answer = (await ask(rl, closed, `${question} (y/N) `)).trim().toLowerCase();
  return answer === 'y' || answer === 'yes';
}

/** Asks for the folder (unless given) and the transports, with node:readline. */
export async function promptAnswers(streams: PromptStreams, folder: string | undefined): Promise<PromptAnswers> {
  const rl = createInterface({ input: streams.input, output: streams.output });
  const closed = new Promise<never>((_resolve, reject) => rl.once('close', () => reject(new PromptClosedError())));
  // The race leaves this promise unobserved once every question is answered and rl closes.
  closed.catch(() => undefined);
  try {
    const chosen = folder ?? ((await ask(rl, closed, `Project folder (${DEFAULT_FOLDER}): `)).trim() || DEFAULT_FOLDER);
    const nestjs = await yesNo(rl, closed, 'Mount it in a NestJS application, next to REST controllers (--nestjs)?');
    // Nest serves Streamable HTTP on its own server; the other questions do not apply.
    if (nestjs) return { folder: chosen, features: { nestjs } };
    const http = await yesNo(rl, closed, 'Serve Streamable HTTP too (--http)?');
    const ws = await yesNo(rl, closed, 'Serve WebSocket too (--ws)?');
    const redis = await yesNo(rl, closed, 'Share state through Redis, for several instances behind one URL (--redis)?');
    return { folder: chosen, features: { http, ws, redis } };
  } finally {
    rl.close();
  }
}

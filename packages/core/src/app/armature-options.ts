import { ArmatureError } from '@armature/di';
import { LocalErrorCode } from '../errors/local-error-codes';
import type { ArmatureManifest } from '../manifest/manifest.types';
import type { Icon, Implementation } from '../protocol/mcp-types.generated';
import type { ServerLogger } from '../protocol/server-logger';

/** Options of `Armature.create`. */
export interface ArmatureOptions {
  /** `serverInfo.name`. */
  readonly name: string;
  /** `serverInfo.version`. */
  readonly version: string;
  readonly title?: string;
  readonly description?: string;
  readonly icons?: readonly Icon[];
  readonly websiteUrl?: string;
  /** Sent in the initialize result: how to use this server, for the model. */
  readonly instructions?: string;
  /**
   * Manifests to use instead of (before) the `armature.manifest.json` files found next to the
   * compiled handlers: for tests and bundlers.
   */
  readonly manifest?: ArmatureManifest | readonly ArmatureManifest[];
  /** Entries per page of every list result (`tools/list`…) (default 1000). */
  readonly pageSize?: number;
  /** Deadline of each request in ms (default 300 000; 0 disables). */
  readonly requestTimeoutMs?: number;
  /** Where diagnostics go (default: stderr; never stdout, which carries stdio). */
  readonly logger?: ServerLogger;
}

/** Checks the options and derives the initialize result's `serverInfo`. */
export function serverInfoOf(options: ArmatureOptions): Implementation {
  const fail = (why: string): never => {
    throw new ArmatureError(LocalErrorCode.INVALID_OPTIONS, `Armature.create: ${why}.`);
  };
  if (typeof options !== 'object' || options === null) fail('options { name, version } are required');
  if (typeof options.name !== 'string' || options.name.length === 0) fail('"name" must be a non-empty string');
  if (typeof options.version !== 'string' || options.version.length === 0) fail('"version" must be a non-empty string');
  if (options.pageSize !== undefined && (!Number.isSafeInteger(options.pageSize) || options.pageSize < 1)) fail('"pageSize" must be a positive integer');
  if (options.requestTimeoutMs !== undefined && !(typeof options.requestTimeoutMs === 'number' && options.requestTimeoutMs >= 0)) {
    fail('"requestTimeoutMs" must be 0 or a positive number of milliseconds');
  }
  const info: Record<string, unknown> = { name: options.name, version: options.version };
  for (const key of ['title', 'description', 'websiteUrl'] as const) {
    const value = options[key];
    if (value === undefined) continue;
    if (typeof value !== 'string') fail(`"${key}" must be a string`);
    info[key] = value;
  }
  if (options.icons !== undefined) {
    if (!Array.isArray(options.icons) || !options.icons.every((i) => typeof i === 'object' && i !== null && typeof i.src === 'string')) {
      fail('"icons" must be an array of { src, mimeType?, sizes?, theme? }');
    }
    info.icons = options.icons;
  }
  if (options.instructions !== undefined && typeof options.instructions !== 'string') fail('"instructions" must be a string');
  return info as unknown as Implementation;
}

import { isReloadRequest, type DevMessage } from './reload-protocol';
import type { ServerLogger } from '../logging/server-logger';

type DevReply = Extract<DevMessage, { type: 'armature:dev-ready' | 'armature:reloaded' }>;

/** What the channel drives. */
export interface DevReloadable {
  /** Why an in-place reload is impossible (then `armature dev` restarts instead), or undefined. */
  whyNotReloadable(): string | undefined;
  reload(changedFiles: readonly string[]): Promise<void>;
}

/** True when the process runs under `armature dev` with an IPC channel. */
export function underArmatureDev(): boolean {
  return process.env.ARMATURE_DEV === '1' && typeof process.send === 'function';
}

/**
 * Announces `armature:dev-ready` (with whether the app can reload in place) and answers each
 * `armature:reload` with `armature:reloaded`. A failed reload answers `ok: false`, and
 * `armature dev` restarts the server. Returns a function that stops listening.
 */
export function openDevChannel(app: DevReloadable, logger: ServerLogger): () => void {
  const send = (message: DevReply): void => {
    try {
      process.send?.(message);
    } catch (error) {
      logger.warn('armature dev: the IPC channel is gone', error);
    }
  };
  const onMessage = (message: unknown): void => {
    if (!isReloadRequest(message)) return;
    app.reload(message.changedFiles).then(
      () => send({ type: 'armature:reloaded', ok: true }),
      (error: unknown) => {
        const code = (error as { code?: unknown } | null)?.code;
        const message = error instanceof Error ? error.message : String(error);
        const text = typeof code === 'string' ? `${code}: ${message}` : message;
        logger.warn(`armature dev: reload in place failed, restarting: ${text}`);
        send({ type: 'armature:reloaded', ok: false, error: text });
      },
    );
  };
  process.on('message', onMessage);
  const why = app.whyNotReloadable();
  if (why !== undefined) logger.warn(`armature dev: the server restarts after each change (${why}).`);
  send({ type: 'armature:dev-ready', reload: why === undefined });
  return () => {
    process.off('message', onMessage);
  };
}

/**
 * The reload protocol between `armature dev` and the server it runs, over Node's IPC channel,
 * defined once: core's dev channel answers it, `@armature/cli` drives it (through
 * `@armature/core/build`). A server that can swap its handlers in place (keeping sessions,
 * sending list_changed) announces it; others are restarted after each rebuild.
 */
export type DevMessage =
  /** child → dev: the app is up; `reload: true` when it can reload in place. */
  | { readonly type: 'armature:dev-ready'; readonly reload: boolean }
  /** dev → child: sources were rebuilt; reload handlers and the manifests listed. */
  | { readonly type: 'armature:reload'; readonly manifests: readonly string[]; readonly changedFiles: readonly string[] }
  /** child → dev: the reload finished (`ok: false` asks for a restart). */
  | { readonly type: 'armature:reloaded'; readonly ok: boolean; readonly error?: string };

/** Narrows an IPC message to a {@link DevMessage} (by its type). */
export function isDevMessage(value: unknown): value is DevMessage {
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as { type?: unknown }).type;
  return type === 'armature:dev-ready' || type === 'armature:reload' || type === 'armature:reloaded';
}

/** True for an `armature:reload` whose changed files are a list of strings (what the server reads of it). */
export function isReloadRequest(value: unknown): value is Extract<DevMessage, { type: 'armature:reload' }> {
  if (!isDevMessage(value) || value.type !== 'armature:reload') return false;
  const changedFiles: unknown = value.changedFiles;
  return Array.isArray(changedFiles) && changedFiles.every((file) => typeof file === 'string');
}

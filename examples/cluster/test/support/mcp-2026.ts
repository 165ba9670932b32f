// Raw MCP 2026-07-28 requests (the task methods, which the SDK clients do not speak yet) come from
// the shared fixtures; re-exported under the names these specs use.
export { post2026, untilTaskStatus, type Rpc } from '@armature/transport-fixtures';

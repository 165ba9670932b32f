// The raw SSE reader (event ids, broken streams) comes from the shared fixtures.
export { SseReader as SseStream, type SseEvent } from '@armature/transport-fixtures';

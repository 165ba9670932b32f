// Test fixtures shared by the transport packages' tests (@armature/http, @armature/ws): one
// Armature app exercising every kind of MCP traffic, and bounded waits. Private; never published.
export { createFixtureApp, probes, TransportFixtureHandlers } from './fixture-app';
export { deferred, within } from './bounded';

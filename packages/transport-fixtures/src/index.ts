// Test fixtures shared by the transport packages' tests (@armature/http, @armature/ws): one
// Armature app exercising every kind of MCP traffic, the end-to-end scenario an official SDK
// client runs against it over each transport, and bounded waits. Private; never published.
export { createFixtureApp, probes, TransportFixtureHandlers } from './fixture-app';
export { sdkClientScenario, type ScenarioTransport, type ServedApp } from './sdk-client-scenario';
export { deferred, until, within } from './bounded';

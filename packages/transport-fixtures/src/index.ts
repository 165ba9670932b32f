// Test fixtures shared by the transport packages' tests (@armature/http, @armature/ws) and the
// repository's end-to-end tests: one Armature app exercising every kind of MCP traffic, the
// end-to-end scenario an official SDK client runs against it over each transport, the
// scenario the official SDK v1 and v2 clients run against a server per MCP revision, a
// wire tap that checks what a client receives, bounded waits, the seeded fuzz corpus, heap
// measurements of a server in a child process, and a test-only fake revision ("2099-01-01").
// Private; never published.
export { createFixtureApp, probes, TransportFixtureHandlers } from './fixture-app';
export { fixtureRevisionTarget } from './fixture-revision-target';
export { sdkClientScenario, type ScenarioTransport, type ServedApp } from './sdk-client-scenario';
export {
  revisionClientScenario,
  type RevisionScenarioServer,
  type RevisionScenarioTarget,
  type ScenarioCall,
  type ServedServer,
} from './revision-client-scenario';
export {
  CLIENT_KINDS,
  connectScenarioClient,
  type CallOptions,
  type ClientKind,
  type CompletionRef,
  type ElicitAnswer,
  type ElicitQuestion,
  type ResourceReadResult,
  type ResourceUpdate,
  type ResourceWatch,
  type ScenarioClient,
  type ScenarioEndpoint,
  type SpawnedServer,
  type ToolCallResult,
} from './scenario-clients';
export { WireTap, type WireRequest, type WireResponse } from './wire-tap';
export { deferred, until, within, workFor } from './bounded';
export {
  answeredId,
  expectedAnswers,
  fuzzHeaders2026,
  fuzzMessages,
  fuzzMessages2026,
  fuzzSettings,
  idsNotAnsweredOnce,
  seededRandom,
  type FuzzId,
  type FuzzMessage,
} from './seeded-fuzz';
export { HeapChild, serveHeapProbe, type HeapReport } from './heap-child';
export { SseReader, type SseEvent } from './sse-reader';
export { post2026, untilTaskStatus, type Rpc } from './raw-2026';
export { INITIALIZE_2025, openSession2025, request2025, sessionHeaders } from './raw-2025';
export { FAKE_MARK, FAKE_REVISION, FAKE_VERSION, fakeWireCode, withFakeEnvelope } from './fake-revision';

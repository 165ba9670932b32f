// `@armature/core/observability`: the telemetry seam. A `RequestObserver` (the app's `observer`
// option) sees every request of both revisions, refusals included, and its answer;
// `@armature/otel` is one (docs/observability.md).
export type { HeaderLookup, ObservedRequest, RequestObservation, RequestObserver } from './kernel/request-observer';

// The logging levels are a leaf (`logging/`), so the request context can rank them without
// depending on the session engine; this re-export keeps the engine's imports unchanged.
export * from '../logging/logging-levels';

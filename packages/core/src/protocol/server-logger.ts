// The server logger is a leaf (`logging/`), so transports and the request context can use it
// without depending on the session engine; this re-export keeps the engine's imports unchanged.
export * from '../logging/server-logger';

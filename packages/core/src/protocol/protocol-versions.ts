/** The protocol revision this engine implements natively. */
export const LATEST_PROTOCOL_VERSION = '2025-11-25';

/** Every revision the engine can speak, newest first. */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = Object.freeze(['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05']);

/**
 * Lifecycle, version negotiation: answer with the client's version when we support it,
 * otherwise with our latest (the client then decides whether to disconnect).
 */
export function negotiateProtocolVersion(requested: string): string {
  return SUPPORTED_PROTOCOL_VERSIONS.includes(requested) ? requested : LATEST_PROTOCOL_VERSION;
}

/** The transports and state a new project is made with (all off: a stdio server with in-memory state). */
export interface ScaffoldFeatures {
  /** Streamable HTTP too: `@armature/http`, `npm run start:http`. */
  readonly http: boolean;
  /** WebSocket too: `@armature/ws`, `npm run start:ws`. */
  readonly ws: boolean;
  /**
   * State shared through Redis (`@armature/redis`), so several instances serve one HTTP endpoint;
   * implies `http`, and the server serves HTTP only.
   */
  readonly redis: boolean;
}

/** No extra transport, no Redis. */
export const STDIO_ONLY: ScaffoldFeatures = Object.freeze({ http: false, ws: false, redis: false });

/** The features with their implications applied (`redis` brings `http`). */
export function completeFeatures(features: Partial<ScaffoldFeatures>): ScaffoldFeatures {
  const redis = features.redis === true;
  return { http: redis || features.http === true, ws: features.ws === true, redis };
}

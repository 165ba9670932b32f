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
  /**
   * A NestJS application that mounts the MCP endpoint next to its controllers
   * (`@armature/nestjs`); implies `http`, served on Nest's HTTP server only.
   */
  readonly nestjs: boolean;
}

/** No extra transport, no Redis, no NestJS. */
export const STDIO_ONLY: ScaffoldFeatures = Object.freeze({ http: false, ws: false, redis: false, nestjs: false });

/** The features with their implications applied (`redis` and `nestjs` bring `http`). */
export function completeFeatures(features: Partial<ScaffoldFeatures>): ScaffoldFeatures {
  const redis = features.redis === true;
  const nestjs = features.nestjs === true;
  return { http: redis || nestjs || features.http === true, ws: features.ws === true, redis, nestjs };
}

/** Why these features cannot go together, or undefined when they can. */
export function conflictOf(features: Partial<ScaffoldFeatures>): string | undefined {
  if (features.nestjs === true && (features.ws === true || features.redis === true)) {
    return '--nestjs serves Streamable HTTP on the Nest application; it does not combine with --ws or --redis.';
  }
  return undefined;
}

import type { ServerLogger } from '../protocol/server-logger';
import type { SchemaCompiler } from '../validation/schema-compiler';

/** What compiling a route needs: one schema compiler per app, and the server log. */
export interface RouteEnvironment {
  readonly compiler: SchemaCompiler;
  readonly logger: ServerLogger;
}

import { serveFromCommandLine } from '@armature-examples/greeter';
import { startServer } from './server';

/** `node dist/src/main.js [port]`: serves until interrupted, and says how to connect. */
serveFromCommandLine('fastify 5', startServer);

import { startConformanceServer } from './conformance.server';

/** `node dist/src/main.js [port]`: serves until interrupted and prints the endpoint. */
async function main(): Promise<void> {
  const port = process.argv[2] === undefined ? 3000 : Number(process.argv[2]);
  const server = await startConformanceServer({ port });
  // An example's entry point may talk to the terminal; the library never does.
  process.stdout.write(`MCP conformance server at ${server.url}\n`);
  const stop = (): void => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

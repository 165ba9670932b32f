import { startServer } from './server';

/** `node dist/src/main.js [port]`: serves until interrupted, and says how to connect. */
async function main(): Promise<void> {
  const port = process.argv[2] === undefined ? 3000 : Number(process.argv[2]);
  const server = await startServer(port);
  // An example's entry point may talk to the terminal; the library never does.
  process.stdout.write(
    `Notes (NestJS): MCP at ${server.url}, REST at ${server.url.replace('/mcp', '/notes')}\n\n` +
      'Connect a client over Streamable HTTP, for example the official TypeScript SDK:\n' +
      `  const transport = new StreamableHTTPClientTransport(new URL('${server.url}'));\n` +
      `or: curl -X POST -H 'content-type: application/json' -d '{"title":"hi"}' ${server.url.replace('/mcp', '/notes')}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

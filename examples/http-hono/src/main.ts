import { startServer } from './server';

/** `node dist/src/main.js [port]`: serves until interrupted, and says how to connect. */
async function main(): Promise<void> {
  const port = process.argv[2] === undefined ? 3000 : Number(process.argv[2]);
  const server = await startServer(port);
  // An example's entry point may talk to the terminal; the library never does.
  process.stdout.write(
    `Greeter MCP server (Hono) at ${server.url}\n\n` +
      'Connect a client over Streamable HTTP, for example the official TypeScript SDK:\n' +
      `  const transport = new StreamableHTTPClientTransport(new URL('${server.url}'));\n` +
      "  await new Client({ name: 'me', version: '1.0.0' }).connect(transport);\n" +
      `or the MCP Inspector: npx @modelcontextprotocol/inspector (transport "Streamable HTTP", URL ${server.url}).\n`,
  );
  const stop = (): void => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});

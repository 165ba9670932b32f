import type { ExampleServer, StartExampleServer } from './example-server';

/** What a mounting example prints once it listens: where it is and how a client connects. */
export function connectHint(mountedIn: string, url: string): string {
  return (
    `Greeter MCP server (${mountedIn}) at ${url}\n\n` +
    'Connect a client over Streamable HTTP, for example the official TypeScript SDK:\n' +
    `  const transport = new StreamableHTTPClientTransport(new URL('${url}'));\n` +
    "  await new Client({ name: 'me', version: '1.0.0' }).connect(transport);\n" +
    `or the MCP Inspector: npx @modelcontextprotocol/inspector (transport "Streamable HTTP", URL ${url}).\n`
  );
}

/**
 * The `main` of a mounting example (`node dist/src/main.js [port]`): starts it on the port
 * given on the command line (default 3000), prints how to connect, and serves until SIGINT or
 * SIGTERM closes it. An example's entry point may talk to the terminal; the library never does.
 */
export function serveFromCommandLine(mountedIn: string, start: StartExampleServer, argv: readonly string[] = process.argv): void {
  const port = argv[2] === undefined ? 3000 : Number(argv[2]);
  start(port).then(
    (server: ExampleServer) => {
      process.stdout.write(connectHint(mountedIn, server.url));
      const stop = (): void => void server.close().then(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    },
    (error: unknown) => {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}

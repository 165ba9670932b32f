/**
 * A stdio MCP server for end-to-end tests: the fixture features on a ServerSession over
 * StdioServerTransport (process stdin/stdout). Configured through the environment:
 * FIXTURE_EXTRA_TOOLS, FIXTURE_PAGE_SIZE, FIXTURE_TIMEOUT_MS, FIXTURE_MAX_BYTES.
 */
import { ServerSession } from '../../src/session/server-session';
import { StdioServerTransport } from '../../src/transport/stdio.transport';
import { createFixtureFeatures } from './fixture-features';

function numberFromEnv(name: string): number | undefined {
  const raw = process.env[name];
  return raw === undefined ? undefined : Number(raw);
}

async function main(): Promise<void> {
  const maxBytes = numberFromEnv('FIXTURE_MAX_BYTES');
  const transport = new StdioServerTransport({ limits: maxBytes === undefined ? undefined : { maxBytes } });
  const features = createFixtureFeatures({ extraTools: numberFromEnv('FIXTURE_EXTRA_TOOLS') });
  const session = new ServerSession(transport, {
    serverInfo: { name: 'stdio-fixture', version: '1.0.0' },
    features,
    pageSize: numberFromEnv('FIXTURE_PAGE_SIZE'),
    requestTimeoutMs: numberFromEnv('FIXTURE_TIMEOUT_MS'),
  });
  session.onclose = () => {
    process.stderr.write(`fixture: session closed, scopes disposed: ${features.probe.disposedScopes}\n`);
  };
  await session.start();
}

main().catch((error: unknown) => {
  process.stderr.write(`fixture failed: ${String(error)}\n`);
  process.exitCode = 1;
});

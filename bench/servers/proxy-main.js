'use strict';
// Child process entry: `node proxy-main.js <upstream url>`: an Armature app serving, through
// @armature/proxy (no prefix, so the request bytes are the upstream's), the tools of the
// MCP 2026-07-28 upstream at <upstream url>, on Streamable HTTP at 127.0.0.1 (OS-chosen
// port). Prints `{"url": …}` when ready; closes on SIGTERM or when stdin ends. SIGUSR2 reports
// CPU time and heap on stderr (lib/probe.js), as every benchmark server does.
require('reflect-metadata');
const { installProbe } = require('../lib/probe');
const { Armature, silentLogger } = require('@armature/core');
const { Module } = require('@armature/di');
const { listenHttp } = require('@armature/http');
const { McpProxyModule } = require('@armature/proxy');

async function main() {
  installProbe();
  const [upstreamUrl] = process.argv.slice(2);
  if (upstreamUrl === undefined) throw new Error('usage: proxy-main.js <upstream url>');
  const mount = McpProxyModule.forRoot({ url: upstreamUrl, upstreamRevision: '2026-07-28' });
  class ProxyBenchModule {}
  Module({ imports: [mount] })(ProxyBenchModule);
  const app = await Armature.create(ProxyBenchModule, { name: 'bench-proxy', version: '1.0.0', logger: silentLogger });
  const [proxy] = await McpProxyModule.mount(app, [mount]);
  if (proxy.state !== 'up') throw new Error(`the upstream at ${upstreamUrl} is ${proxy.state}`);
  const http = await listenHttp(app, { port: 0 });
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    void http
      .close()
      .then(() => app.close())
      .finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.stdin.once('end', stop);
  process.stdin.resume();
  process.stdout.write(`${JSON.stringify({ url: http.url })}\n`);
}

main().catch((error) => {
  process.stderr.write(`${error && error.stack ? error.stack : String(error)}\n`);
  process.exit(1);
});

#!/usr/bin/env node
'use strict';
// What the request observer seam costs per request: the MCP 2026-07-28 `tools/call add`
// exchange of exchange-2026.js (in process, the HTTP handler `listenHttp` mounts, stand-in
// request/response objects, 32 in flight, interleaved rounds) against four apps:
//   none       no requestObserver (the default)
//   idle       requestObserver: otelObserver(), no OpenTelemetry SDK registered
//   sdk        otelObserver() with a registered tracer provider (spans to a no-op exporter
//              through a SimpleSpanProcessor) and meter provider (histogram kept in memory)
//   audit      audit: a sink that drops its records (the cost of building them, not of I/O)
//   floor      the hand-written floor, for scale
// Usage: node bench/tools/observer-overhead.js [exchanges per round=50000] [rounds=7]
// Needs the benchmark server built (npm run bench -- --quick builds it, or armature build -p bench/servers/armature).
require('reflect-metadata');
const path = require('node:path');
const { Armature } = require('@armature/core');
const { createHttpHandler } = require('@armature/http');
const { otelObserver } = require('@armature/otel');
const { BasicTracerProvider, SimpleSpanProcessor } = require('@opentelemetry/sdk-trace-base');
const { MeterProvider, MetricReader } = require('@opentelemetry/sdk-metrics');
const { armatureProjectDir } = require('../servers/armature-app');
const { createFloor } = require('../servers/floor/floor-handler');
const { createFloorListener } = require('../servers/floor/floor-http');
const { measureRounds, median } = require('./exchange-2026');

const { BenchModule } = require(path.join(armatureProjectDir(0), 'dist', 'src', 'bench.module.js'));

/** An exporter that drops spans: the cost measured is the observer's and the SDK's, not an export. */
const dropExporter = { export: (_spans, done) => done({ code: 0 }), shutdown: () => Promise.resolve() };

class KeepReader extends MetricReader {
  onForceFlush() {
    return Promise.resolve();
  }
  onShutdown() {
    return Promise.resolve();
  }
}

async function listener(requestObserver, audit) {
  const app = await Armature.create(BenchModule, {
    name: 'armature-bench',
    version: '1.0.0',
    ...(requestObserver === undefined ? {} : { requestObserver }),
    ...(audit === undefined ? {} : { audit }),
  });
  const handler = createHttpHandler(app);
  return (req, res) => void handler.node(req, res);
}

async function main() {
  const [countArg = '50000', roundsArg = '7'] = process.argv.slice(2);
  const count = Number(countArg);
  const rounds = Number(roundsArg);
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(dropExporter)] });
  const meterProvider = new MeterProvider({ readers: [new KeepReader()] });
  const servers = [
    { name: 'none', listener: await listener(undefined), us: [] },
    { name: 'idle', listener: await listener(otelObserver()), us: [] },
    { name: 'sdk', listener: await listener(otelObserver({ tracerProvider, meterProvider })), us: [] },
    { name: 'audit', listener: await listener(undefined, { record: () => undefined }), us: [] },
    { name: 'floor', listener: createFloorListener(createFloor(0), { stateless: true, revision2026: true }), us: [] },
  ];
  await measureRounds(servers, count, rounds);
  const base = median(servers[0].us);
  for (const s of servers) {
    const m = median(s.us);
    process.stdout.write(
      `${s.name.padEnd(6)} ${m.toFixed(2)} µs CPU/exchange (${((m / base - 1) * 100).toFixed(1)} % vs none; runs ${s.us.map((u) => u.toFixed(2)).join(', ')})\n`,
    );
  }
  process.exit(0);
}

main().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});

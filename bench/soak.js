'use strict';
// Soak (issue 16; not part of the test suite): 200,000 `tools/call add` over stdio and over
// Streamable HTTP (a 2025 session, and stateless MCP 2026-07-28 POSTs) against the Armature
// benchmark server in a child process, its RSS and live heap sampled after full GC every
// chunk of calls, and a verdict per transport: flat or not. Writes soak.json and soak.md.
//   node bench/soak.js [--calls 200000] [--chunk 10000] [--only stdio,http,http-2026] [--out bench/results/soak]
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { buildArmatureServers } = require('./generate/armature-project');
const { startStdio, startHttp } = require('./lib/soak-drivers');
const { verdict, markdown } = require('./report/soak-report');

const TRANSPORTS = {
  stdio: () => startStdio(),
  http: () => startHttp({ mode: 'stateful' }),
  'http-2026': () => startHttp({ mode: '2026' }),
};

function parse(argv) {
  const options = { calls: 200_000, chunk: 10_000, only: Object.keys(TRANSPORTS), out: path.join(__dirname, 'results', 'soak') };
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i];
    const value = argv[++i];
    if (value === undefined) throw new Error(`${name} needs a value`);
    if (name === '--calls') options.calls = Number(value);
    else if (name === '--chunk') options.chunk = Number(value);
    else if (name === '--only') options.only = value.split(',').filter(Boolean);
    else if (name === '--out') options.out = path.resolve(value);
    else throw new Error(`unknown option ${name}`);
  }
  for (const t of options.only) if (!(t in TRANSPORTS)) throw new Error(`unknown transport ${t} (${Object.keys(TRANSPORTS).join(', ')})`);
  if (!(Number.isInteger(options.chunk) && options.chunk > 0 && options.calls % options.chunk === 0))
    throw new Error('--calls must be a multiple of --chunk');
  return options;
}

const sample = async (probe, calls) => {
  const { rss, heapUsed } = await probe.read();
  return { calls, rss, heapUsed };
};

/** One transport: warm-up, then `calls` in chunks, a sample after the warm-up and after each chunk. */
async function soak(transport, options, log) {
  const server = await TRANSPORTS[transport]();
  try {
    const chunkMs = 120_000; // a chunk that takes longer fails the run rather than hanging it
    await server.runChunk(options.chunk, chunkMs);
    const samples = [await sample(server.probe, 0)];
    const started = Date.now();
    for (let done = 0; done < options.calls;) {
      done += await server.runChunk(options.chunk, chunkMs);
      samples.push(await sample(server.probe, done));
      const s = samples[samples.length - 1];
      log(`  ${transport}: ${done} calls, RSS ${(s.rss / 1048576).toFixed(1)} MiB, heap ${(s.heapUsed / 1048576).toFixed(1)} MiB`);
    }
    // The samples' own GC time is in `seconds`; it is small next to the calls.
    return { transport, calls: options.calls, seconds: (Date.now() - started) / 1000, samples, verdict: verdict(samples) };
  } finally {
    await server.stop();
  }
}

function commit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: __dirname, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

async function main() {
  const options = parse(process.argv.slice(2));
  const log = (line) => process.stderr.write(`${line}\n`);
  // Whatever happens, the soak ends.
  setTimeout(() => {
    log('soak: gave up after 30 minutes');
    process.exit(2);
  }, 30 * 60_000).unref();
  log('armature build of the benchmark server');
  buildArmatureServers([], log);
  const report = {
    meta: {
      node: process.version,
      cpus: os.cpus().length,
      loadAverage: os.loadavg(),
      commit: commit(),
      date: new Date().toISOString(),
      calls: options.calls,
      chunk: options.chunk,
      warmup: options.chunk,
    },
    runs: [],
  };
  for (const transport of options.only) {
    log(`soak ${transport}`);
    try {
      report.runs.push(await soak(transport, options, log));
    } catch (error) {
      report.runs.push({ transport, error: error.message });
      log(error.message);
    }
  }
  fs.mkdirSync(options.out, { recursive: true });
  fs.writeFileSync(path.join(options.out, 'soak.json'), `${JSON.stringify(report, null, 2)}\n`);
  fs.writeFileSync(path.join(options.out, 'soak.md'), markdown(report));
  process.stdout.write(markdown(report));
  process.exitCode = report.runs.some((r) => r.error) ? 1 : 0;
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});

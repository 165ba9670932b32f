#!/usr/bin/env node
'use strict';
// `npm start`: serves examples/notes over Streamable HTTP at http://127.0.0.1:3000/mcp, shows a
// short session of the official MCP SDK client against that URL (every message printed), then
// keeps serving for your own clients until Ctrl-C.
//
//   npm start                         HTTP on 127.0.0.1:3000 (PORT=… or --port N to change; 0 = any free port)
//   npm start -- --stdio              the same demo over stdio, with the server as a child process
//   npm start -- --ws                 serve over WebSocket on 127.0.0.1:3001 instead
//   npm start -- --exit-after-demo    stop once the demo has run (used by the tests)
// `prestart` (scripts/build-for-start.js) builds, incrementally, only what this demo runs.
const { spawn } = require('node:child_process');
const path = require('node:path');
const { runDemo } = require('./start-demo');

const ROOT = path.resolve(__dirname, '..');
const SERVER = path.join(ROOT, 'examples/notes/dist/src/main.js');
const LISTENING = /listening on (\S+)/;
const START_TIMEOUT_MS = 30_000;

function parseArgs(argv) {
  const portAt = argv.indexOf('--port');
  const port = portAt >= 0 ? argv[portAt + 1] : (process.env.PORT ?? undefined);
  return {
    stdio: argv.includes('--stdio'),
    ws: argv.includes('--ws'),
    exitAfterDemo: argv.includes('--exit-after-demo'),
    port,
  };
}

/** Starts the notes server as a child process on a network transport; resolves with its URL. */
function serve(kind, port) {
  const child = spawn(process.execPath, [SERVER, `--${kind}`, `127.0.0.1:${port}`], { stdio: ['ignore', 'inherit', 'pipe'] });
  const url = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
    let seen = '';
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      if (seen === null) return;
      seen += chunk.toString('utf8');
      const found = LISTENING.exec(seen);
      if (found) {
        seen = null;
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with code ${code} before listening (is port ${port} free? try PORT=0 npm start)`));
    });
  });
  return { child, url };
}

function stopOnSignals(child) {
  const stop = () => child.kill('SIGTERM');
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  child.once('exit', (code) => process.exit(code ?? 0));
}

function howToConnect(url, kind) {
  const transport = kind === 'http' ? 'StreamableHTTPClientTransport(new URL(url))' : 'WebSocketClientTransport(new URL(url))';
  process.stdout.write(
    [
      '',
      `Armature notes server is serving MCP at ${url}`,
      'Connect a client to it, for example:',
      `  - MCP Inspector: npx @modelcontextprotocol/inspector, transport "${kind === 'http' ? 'Streamable HTTP' : 'WebSocket'}", URL ${url}`,
      `  - the official SDK: new Client(...).connect(new ${transport})`,
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (options.stdio) {
    await runDemo({ kind: 'stdio', server: SERVER });
    return;
  }
  const kind = options.ws ? 'ws' : 'http';
  const { child, url: listening } = serve(kind, options.port ?? (kind === 'ws' ? '3001' : '3000'));
  stopOnSignals(child);
  const url = await listening;
  await runDemo({ kind, url });
  howToConnect(url, kind);
  if (options.exitAfterDemo) child.kill('SIGTERM');
}

main().catch((error) => {
  process.stderr.write(`npm start failed: ${error && error.message ? error.message : String(error)}\n`);
  process.exit(1);
});

require('reflect-metadata');
const { Client } = require(process.argv[2] === 'v1' ? '@modelcontextprotocol/sdk/client/index.js' : '@modelcontextprotocol/client');
const { StdioClientTransport } = require(process.argv[2] === 'v1' ? '@modelcontextprotocol/sdk/client/stdio.js' : '@modelcontextprotocol/client/stdio');
const CHILD = require('path').join(process.cwd(), 'dist/test/support/seeded-notes.child.js');
(async () => {
  const t = new StdioClientTransport({ command: process.execPath, args: [CHILD, '--stdio'], env: { ...process.env, NOTES: '3000' }, stderr: 'pipe' });
  const c = process.argv[2] === 'v1' ? new Client({ name: 'x', version: '1' }) : new Client({ name: 'x', version: '1' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
  let unknown = 0; c.onerror = (e) => { if (/unknown token/.test(e.message)) unknown++; else console.log('ONERR', e.message.slice(0, 200)); };
  await c.connect(t);
  await c.listTools();
  let chunks = 0; t._process.stdout.on('data', () => chunks++);
  const got = new Set(); let n = 0;
  const t0 = Date.now();
  await Promise.all(Array.from({ length: 50 }, (_, i) => c.callTool({ name: 'search', arguments: { query: 'zzz' } }, process.argv[2] === 'v1' ? undefined : { timeout: 30000, onprogress: () => { n++; got.add(i); } }, { timeout: 30000, onprogress: () => { n++; got.add(i); } })));
  console.log(process.argv[2], 'done in', Date.now() - t0, 'progress', n, 'calls with progress', got.size, 'unknown', unknown, 'chunks', chunks);
  await c.close();
})();

'use strict';
// Starting and stopping benchmark server processes. Every child is stopped: stdin closed
// first, SIGTERM after 2 s, SIGKILL after 5 s.
const { spawn } = require('node:child_process');
const { once } = require('node:events');
const { ProbeClient } = require('./probe-client');
const { withTimeout, sleep } = require('./bounded');

/**
 * Spawns `node [execArgv] script ...args` with piped stdio and a probe on its stderr (`env`: added to this process's environment).
 * @returns {{ child, probe: ProbeClient, stop: () => Promise<void> }}
 */
function spawnServer(script, args, { execArgv = [], env } = {}) {
  const options = { stdio: ['pipe', 'pipe', 'pipe'] };
  if (env !== undefined) options.env = { ...process.env, ...env };
  const child = spawn(process.execPath, [...execArgv, script, ...args], options);
  const probe = new ProbeClient(child.pid, child.stderr);
  child.stdin.on('error', () => undefined); // a child that died first must not crash the runner
  return { child, probe, stop: () => stopChild(child) };
}

async function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.stdin.end();
  for (const [signal, wait] of [
    [null, 2000],
    ['SIGTERM', 3000],
    ['SIGKILL', 5000],
  ]) {
    if (signal) child.kill(signal);
    const done = await Promise.race([exited.then(() => true), sleep(wait).then(() => false)]);
    if (done) return;
  }
}

/** Waits for the child's first stdout line (its ready message) and parses it as JSON. */
async function readyLine(server, timeoutMs = 20_000) {
  const { child, probe } = server;
  let buffered = '';
  const line = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      buffered += chunk;
      const nl = buffered.indexOf('\n');
      if (nl === -1) return;
      child.stdout.off('data', onData);
      resolve(JSON.parse(buffered.slice(0, nl)));
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', onData);
    // 'close' (not 'exit'): by then stderr has been read, so the error can quote it.
    child.once('close', (code) => reject(new Error(`server exited (${code}) before it was ready:\n${probe.stderrTail()}`)));
  });
  return withTimeout(line, timeoutMs, 'server ready line');
}

module.exports = { spawnServer, stopChild, readyLine };

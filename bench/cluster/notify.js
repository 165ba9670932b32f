'use strict';
// Cross-instance notification latency, in one process so one clock times both ends:
//  - bus: RedisNotificationBus on instance B publishes, the bus of instance A hears it;
//  - end to end: `app.resources.notifyUpdated(uri)` on app B → Redis → app A's copy of a 2025
//    session → A's GET stream → read by a raw HTTP client. Each sample waits for its arrival
//    (ping-pong), so no sample queues behind another.
require('reflect-metadata');
const { Armature } = require('@armature/core');
const { listenHttp } = require('@armature/http');
const { RedisNotificationBus, redisScaleOut } = require('@armature/redis');
const { ClusterModule } = require('../../examples/cluster/dist/src/cluster.module');
const { openSession } = require('../lib/http-session');
const { postMessage } = require('../lib/http-post');
const { HTTP_HEADERS } = require('../lib/wire');
const { quantiles } = require('../lib/stats');
const { withTimeout, sleep } = require('../lib/bounded');

const SAMPLES = 1000;

function summary(title, samples) {
  const [p50Ms, p99Ms] = quantiles(samples, [0.5, 0.99]);
  return { title, samples: samples.length, p50Ms, p99Ms, maxMs: Math.max(...samples) };
}

/** Waits for `arrived(seq)` after `send(seq)`, per sample, bounded. */
async function pingPong(send, arrivals) {
  const samples = [];
  for (let seq = 0; seq < SAMPLES; seq++) {
    const heard = new Promise((resolve) => arrivals.set(seq, resolve));
    const start = performance.now();
    send(seq);
    const at = await withTimeout(heard, 5_000, `notification ${seq}`);
    samples.push(at - start);
    if (seq % 10 === 9) await sleep(1); // let timers and sockets breathe
  }
  return samples;
}

async function busLatency(redisUrl) {
  const a = new RedisNotificationBus({ url: redisUrl });
  const b = new RedisNotificationBus({ url: redisUrl });
  const arrivals = new Map();
  a.subscribe((event) => {
    if (event.type !== 'resource_updated') return;
    const seq = Number(event.uri.slice('bench://'.length));
    arrivals.get(seq)?.(performance.now());
  });
  await a.ready();
  await b.ready();
  try {
    return summary(
      'bus: publish on B → heard on A (RedisNotificationBus)',
      await pingPong((seq) => void b.publish({ type: 'resource_updated', uri: `bench://${seq}` }), arrivals),
    );
  } finally {
    await a.close();
    await b.close();
    await a.redis?.close?.();
  }
}

async function startApp(redisUrl) {
  const scale = redisScaleOut({ url: redisUrl });
  const app = await Armature.create(ClusterModule, {
    name: 'notify-bench',
    version: '1.0.0',
    logger: { error() {}, warn() {}, debug() {} },
    ...scale.appOptions,
  });
  const http = await listenHttp(app, { port: 0, ...scale.httpOptions });
  await scale.ready();
  return { app, http, close: async () => (await app.close({ drainMs: 0 }), await http.close(), await scale.close()) };
}

/** Reads a GET stream and calls `onUri(uri, at)` for each resources/updated. */
function readStream(url, sessionId, onUri) {
  const controller = new AbortController();
  const done = fetch(url, {
    headers: { ...HTTP_HEADERS, accept: 'text/event-stream', 'mcp-session-id': sessionId },
    signal: controller.signal,
  })
    .then(async (res) => {
      const decoder = new TextDecoder();
      let pending = '';
      for await (const chunk of res.body) {
        const at = performance.now();
        pending += decoder.decode(chunk, { stream: true });
        for (let end = pending.indexOf('\n\n'); end >= 0; end = pending.indexOf('\n\n')) {
          const data = pending
            .slice(0, end)
            .split('\n')
            .filter((l) => l.startsWith('data:'))
            .map((l) => l.slice(5))
            .join('');
          pending = pending.slice(end + 2);
          if (data.trim() === '') continue;
          const message = JSON.parse(data);
          if (message.method === 'notifications/resources/updated') onUri(message.params.uri, at);
        }
      }
    })
    .catch(() => undefined);
  return { close: async () => (controller.abort(), await done) };
}

async function endToEnd(redisUrl) {
  const a = await startApp(redisUrl);
  const b = await startApp(redisUrl);
  let stream;
  try {
    const sessionId = await openSession(a.http.url);
    const uris = Array.from({ length: 100 }, (_, i) => `notes://bench-${i}`);
    for (const uri of uris)
      await postMessage(a.http.url, JSON.stringify({ jsonrpc: '2.0', id: uri, method: 'resources/subscribe', params: { uri } }), {
        'mcp-session-id': sessionId,
      });
    const arrivals = new Map();
    let expected = -1;
    stream = readStream(a.http.url, sessionId, (uri, at) => {
      if (uri === uris[expected % uris.length]) arrivals.get(expected)?.(at);
    });
    await sleep(200); // the GET stream is open
    const samples = await pingPong((seq) => {
      expected = seq;
      b.app.resources.notifyUpdated(uris[seq % uris.length]);
    }, arrivals);
    return summary("end to end: notifyUpdated on app B → A's 2025 GET stream read by a client", samples);
  } finally {
    await stream?.close();
    await a.close();
    await b.close();
  }
}

async function notifyLatency(redisUrl) {
  try {
    const rows = [await busLatency(redisUrl), await endToEnd(redisUrl)];
    for (const row of rows)
      console.log(`${row.title}: p50 ${row.p50Ms.toFixed(2)} ms, p99 ${row.p99Ms.toFixed(2)} ms, max ${row.maxMs.toFixed(2)} ms`);
    return { rows };
  } catch (error) {
    return { error: error.message };
  }
}

module.exports = { notifyLatency };

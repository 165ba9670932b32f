'use strict';
// Raw wire-bytes load: keeps `inFlight` `tools/call add` requests outstanding on one
// newline-delimited JSON-RPC stream (stdio pipes or in-memory streams) until `maxRequests`
// were sent or `maxMs` passed, checks every answer, and records each request's latency.
const { performance } = require('node:perf_hooks');
const { createLineSplitter } = require('./line-splitter');
const { addRequest, isAddAnswer } = require('./wire');

/**
 * @param {object} o
 * @param {(text: string) => void} o.write sends bytes to the server
 * @param {number} o.inFlight requests kept outstanding
 * @param {number} o.maxRequests upper bound on requests sent
 * @param {number} o.maxMs no new request after this long
 * @param {number} [o.firstId] id of the first request (ids are consecutive)
 * @returns {{ feed: (chunk: string) => void, start: () => void, result: Promise<object> }} wire `feed` to
 *   the server's output before calling `start` (a server may answer inside the first write)
 */
function startPipelined({ write, inFlight, maxRequests, maxMs, firstId = 1 }) {
  const sentAt = new Float64Array(maxRequests);
  const latencies = new Float64Array(maxRequests);
  let sent = 0;
  let answered = 0;
  let chunkTime = 0;
  let settle;
  const result = new Promise((resolve, reject) => {
    settle = { resolve, reject };
  });
  let started = 0;
  let deadline = 0;
  let failed = false;

  const fail = (why) => {
    if (failed) return;
    failed = true;
    settle.reject(new Error(why));
  };

  const sendUpTo = (count) => {
    let text = '';
    const now = performance.now();
    if (started === 0) {
      started = now;
      deadline = now + maxMs;
    }
    for (let i = 0; i < count && sent < maxRequests; i++) {
      sentAt[sent] = now;
      text += `${addRequest(firstId + sent)}\n`;
      sent++;
    }
    if (text.length > 0) write(text);
  };

  // A server on in-memory streams may answer inside `write`; the pump then loops instead of
  // recursing, so the stack stays flat however many requests a run sends.
  let pumping = false;
  let again = false;
  const pump = () => {
    if (pumping) {
      again = true;
      return;
    }
    pumping = true;
    do {
      again = false;
      sendUpTo(inFlight - (sent - answered));
    } while (again && !failed && performance.now() < deadline && sent < maxRequests);
    pumping = false;
    if (again) finishIfDone(); // answers came in while pumping and no more will be sent
  };

  let finished = false;
  const finishIfDone = () => {
    if (finished || failed || answered !== sent) return;
    finished = true;
    // Raw samples only: percentiles are computed after the CPU reading (see rounds.withCpu).
    settle.resolve({ requests: answered, seconds: (chunkTime - started) / 1000, latencies: latencies.subarray(0, answered) });
  };

  const splitter = createLineSplitter((line) => {
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      return fail(`not JSON: ${line.slice(0, 200)}`);
    }
    if (message.id === undefined) return; // a notification; none is expected, none is counted
    const index = message.id - firstId;
    if (!(index >= 0 && index < sent) || !isAddAnswer(message)) return fail(`wrong answer: ${line.slice(0, 300)}`);
    latencies[answered++] = chunkTime - sentAt[index];
  });

  const feed = (chunk) => {
    if (failed) return;
    chunkTime = performance.now();
    splitter(chunk);
    if (failed) return;
    if (chunkTime < deadline && sent < maxRequests) pump();
    else finishIfDone();
  };

  return { feed, start: pump, result };
}

module.exports = { startPipelined };

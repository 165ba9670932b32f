'use strict';
// One MCP session over a newline-delimited byte stream, driven with raw wire bytes: the
// handshake, single requests (tools/list), and pipelined `add` load runs.
const { performance } = require('node:perf_hooks');
const { createLineSplitter } = require('./line-splitter');
const { startPipelined } = require('./pipelined-driver');
const { initializeRequest, INITIALIZED_NOTIFICATION, listToolsRequest, callRequest } = require('./wire');
const { withTimeout } = require('./bounded');

class StreamSession {
  /** @param write sends text to the server; @param output the server's output stream. */
  constructor(write, output) {
    this.write = write;
    this.nextId = 1;
    this.consumer = null;
    output.setEncoding('utf8');
    output.on('data', (chunk) => this.consumer?.(chunk));
  }

  /** Sends one request line and resolves the raw text of its response line. */
  request(line, id, timeoutMs = 30_000) {
    // Matched as text (`"id":1` followed by `,` or `}`), so a large answer is not parsed inside the timing.
    const key = `"id":${JSON.stringify(id)}`;
    const reply = new Promise((resolve) => {
      this.consumer = createLineSplitter((text) => {
        if (text.includes(`${key},`) || text.includes(`${key}}`)) {
          this.consumer = null;
          resolve(text);
        }
      });
    });
    this.write(`${line}\n`);
    return withTimeout(reply, timeoutMs, `response to request ${id}`);
  }

  /** initialize → response → notifications/initialized. */
  async handshake() {
    const text = await this.request(initializeRequest(0), 0);
    if (!JSON.parse(text).result) throw new Error(`initialize failed: ${text.slice(0, 300)}`);
    this.write(`${INITIALIZED_NOTIFICATION}\n`);
  }

  /** One tools/list; resolves `{ ms, bytes, tools }`. */
  async listTools() {
    const id = this.nextId++;
    const t0 = performance.now();
    const text = await this.request(listToolsRequest(id), id);
    const ms = performance.now() - t0;
    const message = JSON.parse(text);
    if (!message.result || !Array.isArray(message.result.tools)) throw new Error(`tools/list failed: ${text.slice(0, 300)}`);
    return {
      ms,
      bytes: Buffer.byteLength(text),
      tools: message.result.tools.length,
      nextCursor: typeof message.result.nextCursor === 'string',
    };
  }

  /** One tools/call of `name`; resolves `{ ms, text }` (text: the first content block's) or rejects with the server's answer. */
  async callTool(name, args) {
    const id = this.nextId++;
    const t0 = performance.now();
    const line = await this.request(callRequest(id, name, args), id);
    const ms = performance.now() - t0;
    const result = JSON.parse(line).result;
    if (!result || result.isError === true || !Array.isArray(result.content))
      throw new Error(`tools/call ${name} failed: ${line.slice(0, 300)}`);
    return { ms, text: result.content[0]?.text };
  }

  /** A pipelined `add` run (see pipelined-driver); ids continue from earlier runs. */
  run({ inFlight, maxRequests, maxMs }) {
    const load = startPipelined({ write: this.write, inFlight, maxRequests, maxMs, firstId: this.nextId });
    this.nextId += maxRequests;
    this.consumer = load.feed;
    load.start();
    return withTimeout(load.result, maxMs + 10_000, `pipelined run of ${maxRequests}`).finally(() => {
      this.consumer = null;
    });
  }
}

module.exports = { StreamSession };

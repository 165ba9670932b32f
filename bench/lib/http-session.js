'use strict';
// Opening a Streamable HTTP session the way a client does: initialize (the server answers
// with Mcp-Session-Id), then notifications/initialized on that session.
const { postMessage } = require('./http-post');
const { initializeRequest, INITIALIZED_NOTIFICATION } = require('./wire');

/** Resolves the new session's id; rejects when the server does not hand one out. */
async function openSession(url) {
  const init = await postMessage(url, initializeRequest(0));
  if (init.status !== 200 || !init.messages[0] || !init.messages[0].result) {
    throw new Error(`initialize answered ${init.status}: ${JSON.stringify(init.messages).slice(0, 300)}`);
  }
  if (typeof init.sessionId !== 'string') throw new Error('initialize answered without an Mcp-Session-Id header');
  const ack = await postMessage(url, INITIALIZED_NOTIFICATION, { 'mcp-session-id': init.sessionId });
  if (ack.status !== 202) throw new Error(`notifications/initialized answered ${ack.status}`);
  return init.sessionId;
}

module.exports = { openSession };

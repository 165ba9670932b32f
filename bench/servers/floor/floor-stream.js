'use strict';
// The floor over a newline-delimited byte stream (stdio, or in-memory streams in-process).
const { createLineSplitter } = require('../../lib/line-splitter');

/** Serves `floor` on `input`/`output`; returns a close function. */
function serveFloorStream(floor, input, output) {
  input.setEncoding('utf8');
  const onData = createLineSplitter((line) => {
    const out = floor.answerText(line);
    if (out !== undefined) output.write(`${out}\n`);
  });
  input.on('data', onData);
  return () => input.off('data', onData);
}

module.exports = { serveFloorStream };

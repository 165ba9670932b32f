'use strict';
// The floor over a newline-delimited byte stream (stdio, or in-memory streams in-process).
// The answers to every request of one input chunk go out in one write, the least a server
// can do (Armature's stdio transport batches a turn's output the same way).
const { createLineSplitter } = require('../../lib/line-splitter');

/** Serves `floor` on `input`/`output`; returns a close function. */
function serveFloorStream(floor, input, output) {
  input.setEncoding('utf8');
  let batch = '';
  const split = createLineSplitter((line) => {
    const out = floor.answerText(line);
    if (out !== undefined) batch += `${out}\n`;
  });
  const onData = (chunk) => {
    split(chunk);
    if (batch.length === 0) return;
    const text = batch;
    batch = '';
    output.write(text);
  };
  input.on('data', onData);
  return () => input.off('data', onData);
}

module.exports = { serveFloorStream };

'use strict';
// Newline framing for the raw clients: feeds text chunks, calls `onLine` per complete line.

function createLineSplitter(onLine) {
  let partial = '';
  return (chunk) => {
    let text = partial + chunk;
    let start = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      const line = text.slice(start, nl);
      start = nl + 1;
      if (line.length > 0 && line !== '\r') onLine(line);
    }
    partial = text.slice(start);
  };
}

module.exports = { createLineSplitter };

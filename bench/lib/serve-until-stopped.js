'use strict';
// What every HTTP server child of the bench does once it listens: prints its ready line
// (`readyMs`: since the process started, for the serverless scenario), then runs until SIGTERM
// or the end of its stdin, when `close` runs once and the process exits.
const { performance } = require('node:perf_hooks');

function serveUntilStopped(url, close) {
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    void Promise.resolve()
      .then(close)
      .finally(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.stdin.once('end', stop);
  process.stdin.resume();
  process.stdout.write(`${JSON.stringify({ url, readyMs: performance.now() })}\n`);
}

/** Runs a child's async `main`, printing its error and exiting 1 if it fails. */
function runMain(main) {
  main().catch((error) => {
    process.stderr.write(`${error && error.stack ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}

module.exports = { serveUntilStopped, runMain };

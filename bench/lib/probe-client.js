'use strict';
// Parent side of the probe: signals a child and reads its answer from the child's stderr.
// Other stderr lines are kept (last 40) so a failing scenario can show what the server said.
const { PROBE_PREFIX } = require('./probe');
const { withTimeout } = require('./bounded');

class ProbeClient {
  /** @param pid the child's pid; @param stderr its stderr stream (piped). */
  constructor(pid, stderr) {
    this.pid = pid; // may be set later: the SDK's transport knows it only once it has spawned
    this.waiting = [];
    this.tail = [];
    this.partial = '';
    stderr.setEncoding('utf8');
    stderr.on('data', (chunk) => this.onData(chunk));
  }

  onData(chunk) {
    const lines = (this.partial + chunk).split('\n');
    this.partial = lines.pop();
    for (const line of lines) {
      if (line.startsWith(PROBE_PREFIX)) {
        const resolve = this.waiting.shift();
        if (resolve) resolve(JSON.parse(line.slice(PROBE_PREFIX.length)));
      } else if (line.length > 0) {
        this.tail.push(line);
        if (this.tail.length > 40) this.tail.shift();
      }
    }
  }

  /** The child's CPU time (µs) and memory now. */
  read(timeoutMs = 10_000) {
    const answer = new Promise((resolve) => this.waiting.push(resolve));
    process.kill(this.pid, 'SIGUSR2');
    return withTimeout(answer, timeoutMs, `probe of pid ${this.pid}`);
  }

  /** What the child last wrote to stderr (for error messages). */
  stderrTail() {
    return this.tail.join('\n');
  }
}

module.exports = { ProbeClient };

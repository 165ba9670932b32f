/**
 * A child process for the late-EPIPE test: on its first message it queues a write to stdout
 * (whose read end the parent has already closed) and closes the transport at once, so the
 * EPIPE is reported after `close()` removed the transport's own listener. It prints
 * `survived` to stderr and exits 0 when stdout closes; an unhandled 'error' would crash it.
 */
import { StdioServerTransport } from '../../../src/transport/stdio.transport';

process.stdout.once('close', () => {
  process.stderr.write('survived\n');
  process.exit(0);
});

const transport = new StdioServerTransport();
transport.onmessage = () => {
  void transport
    .send({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x'.repeat(1 << 16) } })
    .catch(() => undefined);
  void transport.close();
};
void transport.start();

import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'chai';

const FIXTURE = join(__dirname, 'support/late-epipe.fixture.js');

describe('StdioServerTransport after close()', () => {
  it('keeps an error listener on stdout, so a late EPIPE cannot crash the process', async function () {
    this.timeout(15_000);
    const child = spawn(process.execPath, [FIXTURE], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    // The client stops reading: its end of the child's stdout is closed before anything is written.
    child.stdout.destroy();
    child.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
    let timer: NodeJS.Timeout | undefined;
    const code = await Promise.race([
      exited,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`child did not exit; stderr: ${stderr}`)), 10_000))),
    ]).finally(() => {
      clearTimeout(timer);
      child.kill();
    });
    expect(stderr).to.not.contain('EPIPE');
    expect(stderr).to.contain('survived');
    expect(code).to.equal(0);
  });
});

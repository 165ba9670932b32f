import { expect } from 'chai';
import { InMemoryTaskStore } from '../../src/tasks/in-memory-task-store';
import { TASKS_EXTENSION } from '../../src/tasks/task-model';
import { Peer2026 } from '../kernel/support/peer-2026';
import { createTaskApp } from './task-app';

const TASKS = { extensions: { [TASKS_EXTENSION]: {} } };

describe('tasks: shutdown waits for running tasks, and no longer than they run', () => {
  it('app.close() with a long drain window returns once the last task finished, which is stored completed', async function () {
    // The window is far longer than this test may take: close() must be woken by the task's end, not by the window.
    this.timeout(15_000);
    const store = new InMemoryTaskStore();
    const app = await createTaskApp({ tasks: { store } });
    const peer = await Peer2026.open(app);
    const taskIds = await Promise.all(
      [1, 2].map(async (id) => (await peer.call('sleepy', { ms: 30 * id }, id, { caps: TASKS })).result!.taskId as string),
    );
    await peer.close();
    await app.close({ drainMs: 600_000 });
    for (const taskId of taskIds) {
      const record = await store.get(taskId);
      expect(record?.status, taskId).to.equal('completed');
      expect(record?.result).to.have.property('content');
    }
  });
});

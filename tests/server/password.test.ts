// Password hashing (server/security): scrypt hashes that verify, and the queue that lets at most
// `hashingSlots` hashes run at once, so a burst of sign-ins leaves a core to the event loop; when the server
// stops, the queue refuses what still waits.
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../server/security/password';
import { QueueFull, Semaphore } from '../../server/security/semaphore';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
};

describe('password hashing', () => {
  it('verifies the password a hash was made of, and nothing else', async () => {
    const stored = await hashPassword('Secret123');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('Secret123', stored)).toBe(true);
    expect(await verifyPassword('Secret124', stored)).toBe(false);
    expect(await verifyPassword('Secret123', 'md5$abc')).toBe(false);
  });

  it('a bounded queue refuses one more waiter at once, and takes waiters again when there is room', async () => {
    const queue = new Semaphore(1, 2);
    const finish = deferred();
    const running = queue.run(() => finish.promise);
    const waiters = [queue.run(async () => 'first'), queue.run(async () => 'second')];
    await expect(queue.run(async () => 'third')).rejects.toBeInstanceOf(QueueFull);
    finish.resolve();
    await running;
    expect(await Promise.all(waiters)).toEqual(['first', 'second']);
    expect(await queue.run(async () => 'later')).toBe('later');
  });

  it('the queue runs at most its slots at once, in arrival order, and frees a slot when a task fails', async () => {
    const queue = new Semaphore(2);
    const begun = Array.from({ length: 5 }, deferred);
    const finish = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    const tasks = Array.from({ length: 5 }, (_, i) =>
      queue.run(async () => {
        started.push(i);
        begun[i]!.resolve();
        await finish[i]!.promise;
        if (i === 1) throw new Error('task 1 failed');
        return i;
      }),
    );
    await Promise.all([begun[0]!.promise, begun[1]!.promise]);
    expect(started).toEqual([0, 1]);
    // Each finished task lets exactly the next waiting one start.
    for (let i = 0; i < 3; i += 1) {
      finish[i]!.resolve();
      await begun[i + 2]!.promise;
      expect(started).toEqual([0, 1, 2, 3, 4].slice(0, i + 3));
    }
    finish[3]!.resolve();
    finish[4]!.resolve();
    const results = await Promise.allSettled(tasks);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
  });

  it('once refused (the server stops), the waiting tasks and every later one fail with the refusal; the running one finishes', async () => {
    const queue = new Semaphore(1);
    const finish = deferred();
    const running = queue.run(async () => (await finish.promise, 'done'));
    const waiters = Array.from({ length: 3 }, () => queue.run(async () => 'ran').catch((error: Error) => error.message));
    queue.refuse(() => new Error('unavailable'));
    expect(await Promise.all(waiters)).toEqual(['unavailable', 'unavailable', 'unavailable']);
    finish.resolve();
    expect(await running).toBe('done');
    // A slot is free again, but the queue stays refused.
    await expect(queue.run(async () => 'ran')).rejects.toThrow('unavailable');
  });
});

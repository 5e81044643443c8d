import { describe, expect, it } from 'vitest';
import { createExclusive } from '@/utils/exclusive';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createExclusive', () => {
  it('runs tasks one at a time, in order, even when the first is slower', async () => {
    const exclusive = createExclusive();
    const log: string[] = [];
    const first = exclusive(async () => {
      log.push('first starts');
      await tick();
      log.push('first ends');
      return 1;
    });
    const second = exclusive(async () => {
      log.push('second runs');
      return 2;
    });
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(log).toEqual(['first starts', 'first ends', 'second runs']);
  });

  it('a failed task rejects its own promise and the next still runs', async () => {
    const exclusive = createExclusive();
    const failed = exclusive(async () => {
      throw new Error('no');
    });
    const next = exclusive(async () => 'ran');
    await expect(failed).rejects.toThrow('no');
    expect(await next).toBe('ran');
  });

  it('settled waits for tasks queued while it waits', async () => {
    const exclusive = createExclusive();
    const log: string[] = [];
    void exclusive(async () => {
      await tick();
      void exclusive(async () => {
        await tick();
        log.push('queued later');
      });
    });
    await exclusive.settled();
    expect(log).toEqual(['queued later']);
  });
});

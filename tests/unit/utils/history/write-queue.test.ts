import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createWriteQueue } from '@/utils/history/write-queue';

describe('createWriteQueue', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('applies everything added within the window in one call', async () => {
    const apply = vi.fn(async (items: number[]) => items.map((item) => item * 2));
    const queue = createWriteQueue(apply, 1_000);
    const results = [queue.add(1), queue.add(2)];
    await vi.advanceTimersByTimeAsync(999);
    const third = queue.add(3);
    expect(apply).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await Promise.all([...results, third])).toEqual([2, 4, 6]);
    expect(apply).toHaveBeenCalledOnce();
    expect(apply).toHaveBeenCalledWith([1, 2, 3]);
  });

  it('starts a new window after a batch', async () => {
    const apply = vi.fn(async (items: string[]) => items.map(() => true));
    const queue = createWriteQueue(apply, 1_000);
    void queue.add('a');
    await vi.advanceTimersByTimeAsync(1_000);
    void queue.add('b');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(apply.mock.calls).toEqual([[['a']], [['b']]]);
  });

  it('applies at once on flush, and flush waits for it', async () => {
    const apply = vi.fn(async (items: string[]) => items.map(() => true));
    const queue = createWriteQueue(apply, 1_000);
    const written = queue.add('a');
    await queue.flush();
    expect(apply).toHaveBeenCalledWith(['a']);
    await expect(written).resolves.toBe(true);
    // The cancelled timer applies nothing more.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(apply).toHaveBeenCalledOnce();
  });

  it('flushes with nothing pending without applying, after earlier batches settle', async () => {
    let finish = () => {};
    const apply = vi.fn(
      (items: string[]) =>
        new Promise<boolean[]>((resolve) => {
          finish = () => resolve(items.map(() => true));
        }),
    );
    const queue = createWriteQueue(apply, 1_000);
    void queue.add('a');
    const first = queue.flush();
    let flushedAgain = false;
    const second = queue.flush().then(() => {
      flushedAgain = true;
    });
    await Promise.resolve();
    expect(flushedAgain).toBe(false);
    finish();
    await Promise.all([first, second]);
    expect(flushedAgain).toBe(true);
    expect(apply).toHaveBeenCalledOnce();
  });

  it('rejects every write of a failed batch; flush itself still settles and later batches run', async () => {
    const apply = vi
      .fn<(items: string[]) => Promise<boolean[]>>()
      .mockRejectedValueOnce(new Error('quota'))
      .mockResolvedValueOnce([true]);
    const queue = createWriteQueue(apply, 1_000);
    const a = expect(queue.add('a')).rejects.toThrow('quota');
    const b = expect(queue.add('b')).rejects.toThrow('quota');
    await queue.flush();
    await Promise.all([a, b]);
    const c = queue.add('c');
    await queue.flush();
    await expect(c).resolves.toBe(true);
  });
});

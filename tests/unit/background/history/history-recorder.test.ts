import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createHistoryRecorder } from '@/entrypoints/background/history/history-recorder';
import { DAY_MS, HOUR_MS } from '@/utils/history/history-limits';
import { createHistoryStore } from '@/utils/history/history-store';
import { freshIndexedDb, player, UUID } from '../../utils/history/history-fixtures';

const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);

beforeEach(() => {
  freshIndexedDb();
});

describe('the history recorder', () => {
  it('records every fetched online count at its fetch time, one transaction per poll', async () => {
    const store = createHistoryStore({ batchMs: 60_000 });
    const transaction = vi.spyOn(IDBDatabase.prototype, 'transaction');
    const recorder = createHistoryRecorder({ store, now: () => T0 });
    recorder.onAnswer({ endpoint: 'count', data: { online: 120 }, fetchedAt: T0 });
    await recorder.settled();
    const readwrite = () => transaction.mock.calls.filter((call) => call[1] === 'readwrite').length;
    // The write, then the first prune of this worker: retention, then one batch folding old prices.
    expect(readwrite()).toBe(3);
    recorder.onAnswer({ endpoint: 'count', data: { online: 130 }, fetchedAt: T0 + 60_000 });
    await recorder.settled();
    // Written at once (not after the 60 s batch window), and no second prune within the hour.
    expect(readwrite()).toBe(4);
    transaction.mockRestore();
    expect(await store.onlineCounts(T0, T0 + 60_000)).toEqual([
      { time: T0, count: 120 },
      { time: T0 + 60_000, count: 130 },
    ]);
  });

  it('prunes at most once an hour, after a write', async () => {
    const store = createHistoryStore();
    const prune = vi.spyOn(store, 'prune');
    let now = T0;
    const recorder = createHistoryRecorder({ store, now: () => now });
    for (let i = 0; i < 3; i++) {
      recorder.onAnswer({ endpoint: 'count', data: { online: i }, fetchedAt: now });
      await recorder.settled();
      now += 20 * 60_000;
    }
    expect(prune).toHaveBeenCalledTimes(1);
    recorder.onAnswer({ endpoint: 'count', data: { online: 4 }, fetchedAt: now });
    await recorder.settled();
    expect(prune).toHaveBeenCalledTimes(2);
    expect(prune).toHaveBeenLastCalledWith(T0 + HOUR_MS);
  });

  it('records players only when a watchlist says they are watched, and only on change', async () => {
    const store = createHistoryStore();
    const watched = new Set<string>();
    const recorder = createHistoryRecorder({ store, now: () => T0, isWatched: (uuid) => watched.has(uuid) });
    recorder.onAnswer({ endpoint: 'player', data: player(), fetchedAt: T0 });
    await recorder.settled();
    expect(await store.playerSnapshots(UUID, 0, T0 + DAY_MS)).toEqual([]);

    watched.add(UUID);
    recorder.onAnswer({ endpoint: 'player', data: player(), fetchedAt: T0 + 1 });
    recorder.onAnswer({ endpoint: 'player', data: player(), fetchedAt: T0 + 2 });
    recorder.onAnswer({ endpoint: 'player', data: player({ balance: 2000 }), fetchedAt: T0 + 3 });
    await recorder.settled();
    const times = (await store.playerSnapshots(UUID, 0, T0 + DAY_MS)).map((row) => row.time);
    expect(times).toEqual([T0 + 1, T0 + 3]);
  });

  it('warns and carries on when the store fails', async () => {
    const store = createHistoryStore();
    vi.spyOn(store, 'recordOnlineCount').mockRejectedValue(new Error('quota'));
    const warnings: unknown[] = [];
    const recorder = createHistoryRecorder({
      store,
      warn: (what) => (error) => warnings.push([what, error]),
    });
    recorder.onAnswer({ endpoint: 'count', data: { online: 1 }, fetchedAt: T0 });
    await recorder.settled();
    expect(warnings).toHaveLength(1);
  });
});

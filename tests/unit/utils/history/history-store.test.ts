import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WRITE_BATCH_MS } from '@/utils/history/history-limits';
import { historyStoreSize } from '@/utils/history/history-size';
import { createHistoryStore, type HistoryStore } from '@/utils/history/history-store';
import { STORES } from '@/utils/history/schema';
import { freshIndexedDb, player, UUID } from './history-fixtures';

const NAME = 'history-store-test';
const T = 1_700_000_000_000;

/** Every transaction the code under test opens, by mode. */
function countTransactions() {
  return vi.spyOn(IDBDatabase.prototype, 'transaction');
}

function readwriteCalls(spy: ReturnType<typeof countTransactions>) {
  return spy.mock.calls.filter(([, mode]) => mode === 'readwrite');
}

describe('createHistoryStore', () => {
  let clock = T;
  let store: HistoryStore;

  beforeEach(() => {
    freshIndexedDb();
    clock = T;
    // No wait before writing (the batching test below makes its own store).
    store = createHistoryStore({ now: () => clock, dbName: NAME, batchMs: 0 });
  });

  afterEach(async () => {
    await store.close();
    vi.useRealTimers();
  });

  it('records online counts at the injected time and reads a range, oldest first', async () => {
    await Promise.all([
      store.recordOnlineCount(12),
      store.recordOnlineCount(30, T - 120_000),
      store.recordOnlineCount(20, T - 60_000),
      store.recordOnlineCount(1, T - 600_000),
      store.flush(),
    ]);
    expect(await store.onlineCounts(T - 120_000, T)).toEqual([
      { time: T - 120_000, count: 30 },
      { time: T - 60_000, count: 20 },
      { time: T, count: 12 },
    ]);
  });

  it('writes everything recorded within the batch window in ONE readwrite transaction', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await store.close();
    store = createHistoryStore({ now: () => clock, dbName: NAME });
    const transactions = countTransactions();
    const written = Promise.all([
      store.recordOnlineCount(5),
      store.recordPlayer(player()),
      store.recordPrices('diamonds', { lowest: 1, median: 2, count: 3 }),
      store.recordOnlineCount(6, T + 1),
    ]);
    await vi.advanceTimersByTimeAsync(WRITE_BATCH_MS - 1);
    expect(readwriteCalls(transactions)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(await written).toEqual([undefined, true, undefined, undefined]);
    expect(readwriteCalls(transactions)).toHaveLength(1);
    expect(new Set(readwriteCalls(transactions)[0]?.[0])).toEqual(
      new Set([STORES.onlineCounts, STORES.playerSnapshots, STORES.pricePoints]),
    );
  });

  it('reads nothing from a backwards range', async () => {
    await store.recordOnlineCount(1);
    expect(await store.onlineCounts(T + 1, T - 1)).toEqual([]);
    expect(await store.pricePoints('x', T + 1, T - 1)).toEqual([]);
  });

  it('reads what was just recorded: a read flushes first', async () => {
    // The batch timer never fires here: only the read can have written the count.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await store.close();
    store = createHistoryStore({ now: () => clock, dbName: NAME });
    void store.recordOnlineCount(7);
    expect(await store.onlineCounts(T, T)).toEqual([{ time: T, count: 7 }]);
  });

  it('stores a player snapshot only when something changed since the last one', async () => {
    expect(await store.recordPlayer(player())).toBe(true);
    clock += 60_000;
    expect(await store.recordPlayer(player({ name: 'Renamed', online: true }))).toBe(false);
    clock += 60_000;
    expect(await store.recordPlayer(player({ balance: 1200 }))).toBe(true);
    clock += 60_000;
    expect(await store.recordPlayer(player({ balance: 1200 }))).toBe(false);
    const rows = await store.playerSnapshots(UUID, 0, clock);
    expect(rows.map((row) => [row.time - T, row.balance])).toEqual([
      [0, 1000],
      [120_000, 1200],
    ]);
  });

  it('compares snapshots of one batch with each other, and keeps players apart', async () => {
    const other = '11111111-2222-3333-4444-555555555555';
    const stored = await Promise.all([
      store.recordPlayer(player(), T),
      store.recordPlayer(player(), T + 1),
      store.recordPlayer(player({ uuid: other }), T + 2),
      store.recordPlayer(player({ shards: 9 }), T + 3),
      store.flush(),
    ]);
    expect(stored.slice(0, 4)).toEqual([true, false, true, true]);
    expect(await store.playerSnapshots(UUID, 0, T + 10)).toHaveLength(2);
    expect(await store.playerSnapshots(other, 0, T + 10)).toHaveLength(1);
  });

  it('finds a player by UUID in any case', async () => {
    await store.recordPlayer(player({ uuid: UUID.toUpperCase() }));
    expect(await store.playerSnapshots(UUID.toUpperCase(), T, T)).toHaveLength(1);
    expect(await store.playerSnapshots(UUID, T, T)).toHaveLength(1);
  });

  it('records price points per saved search and clears one search only', async () => {
    await Promise.all([
      store.recordPrices('diamonds', { lowest: 10, median: 12, count: 4 }, T),
      store.recordPrices('diamonds', { lowest: null, median: null, count: 0 }, T + 60_000),
      store.recordPrices('emeralds', { lowest: 3, median: 3, count: 1 }, T),
      store.flush(),
    ]);
    expect(await store.pricePoints('diamonds', T, T + 60_000)).toEqual([
      { searchId: 'diamonds', time: T, lowest: 10, median: 12, listings: 4 },
      { searchId: 'diamonds', time: T + 60_000, lowest: null, median: null, listings: 0 },
    ]);
    await store.clearSearch('diamonds');
    expect(await store.pricePoints('diamonds', 0, T * 2)).toEqual([]);
    expect(await store.pricePoints('emeralds', 0, T * 2)).toHaveLength(1);
  });

  it('records and reads back the prices of each item, beside rows recorded before items were', async () => {
    const items = [
      { material: 'DIAMOND', name: 'Diamond', lowest: 2, median: 3, listings: 4 },
      { material: 'DIAMOND_BLOCK', name: 'Diamond Block', lowest: 90, median: 95, listings: 2 },
    ];
    await Promise.all([
      store.recordPrices('diamonds', { lowest: 2, median: 40, count: 6 }, T),
      store.recordPrices('diamonds', { lowest: 2, median: 4, count: 6, items }, T + 60_000),
      store.flush(),
    ]);
    expect(await store.pricePoints('diamonds', T, T + 60_000)).toEqual([
      { searchId: 'diamonds', time: T, lowest: 2, median: 40, listings: 6 },
      { searchId: 'diamonds', time: T + 60_000, lowest: 2, median: 4, listings: 6, items },
    ]);
  });

  it('clears everything, including what was still pending', async () => {
    await store.recordOnlineCount(1);
    await store.recordPlayer(player());
    void store.recordPrices('diamonds', { lowest: 1, median: 1, count: 1 });
    await store.clearAll();
    expect((await historyStoreSize(store)).rows).toEqual({
      [STORES.onlineCounts]: 0,
      [STORES.playerSnapshots]: 0,
      [STORES.listings]: 0,
      [STORES.pricePoints]: 0,
    });
  });

  it('counts rows per store and estimates their bytes', async () => {
    await Promise.all([
      store.recordOnlineCount(1, T),
      store.recordOnlineCount(22, T + 1),
      store.recordPrices('d', { lowest: 1, median: 2, count: 3 }, T),
      store.flush(),
    ]);
    const size = await historyStoreSize(store);
    expect(size.rows).toEqual({
      [STORES.onlineCounts]: 2,
      [STORES.playerSnapshots]: 0,
      [STORES.listings]: 0,
      [STORES.pricePoints]: 1,
    });
    // The two counts share one hour record (online-hours.ts).
    const json = [
      {
        start: T - (T % 3_600_000),
        rows: [
          { time: T, count: 1 },
          { time: T + 1, count: 22 },
        ],
      },
      { searchId: 'd', time: T, lowest: 1, median: 2, listings: 3 },
    ].map((row) => JSON.stringify(row).length);
    expect(size.approxBytes).toBe(json.reduce((a, b) => a + b, 0));
  });

  it('skips rows it cannot read instead of failing the whole range', async () => {
    await store.recordOnlineCount(5, T);
    await store.close();
    const raw = await openDB(NAME);
    const start = T - (T % 3_600_000);
    const hour = await raw.get(STORES.onlineCounts, start);
    await raw.put(STORES.onlineCounts, { start, rows: [...hour.rows, { time: T + 1, count: 'lots' }] });
    raw.close();
    expect(await store.onlineCounts(T, T + 1)).toEqual([{ time: T, count: 5 }]);
  });

  it('rejects the writes of a batch that failed, and stores none of it', async () => {
    const failing = store.recordOnlineCount(5, Number.NaN);
    const fine = store.recordOnlineCount(6, T);
    await store.flush();
    await expect(failing).rejects.toMatchObject({ name: 'DataError' });
    await expect(fine).rejects.toMatchObject({ name: 'DataError' });
    expect(await store.onlineCounts(0, T * 2)).toEqual([]);
  });

  it('opens the database again after close', async () => {
    await store.recordOnlineCount(3);
    await store.close();
    expect(await store.onlineCounts(T, T)).toEqual([{ time: T, count: 3 }]);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { createHistoryRecorder } from '@/entrypoints/background/history/history-recorder';
import { makeListing, makeSearch } from '@/tests/fixtures/players';
import { DAY_MS, DEAL_WINDOW_MS, LISTING_MAX_AGE_MS } from '@/utils/history/history-limits';
import { createHistoryWriter } from '@/utils/history/history-writer';
import { marketFigures } from '@/utils/history/market';
import { pruneHistory } from '@/utils/history/prune-history';
import { STORES } from '@/utils/history/schema';
import { freshIndexedDb } from './history-fixtures';

const T0 = Date.UTC(2026, 10, 20, 12);
const sword = { material: 'DIAMOND_SWORD', name: 'Diamond Sword' };

/** `n` listings of the sword, ids from `firstId`, each `price` for `amount`. */
const swords = (n: number, firstId: number, price = 100, amount = 1) =>
  Array.from({ length: n }, (_, i) => makeListing({ id: firstId + i, price, amount }));

beforeEach(freshIndexedDb);

describe('recording listings', () => {
  it('records each listing once by id, with its price per item, item and first-seen time', async () => {
    const writer = createHistoryWriter({ batchMs: 0 });
    expect(await writer.recordListings([makeListing({ id: 7, price: 300, amount: 3 })], T0)).toBe(1);
    // Seen again later (another search, a saved search's check): not a second row, first time kept.
    expect(
      await writer.recordListings(
        [makeListing({ id: 7, price: 300, amount: 3 }), makeListing({ id: 8 })],
        T0 + 5,
      ),
    ).toBe(1);
    const rows = await writer.withDatabase((db) => db.getAll(STORES.listings));
    expect(rows).toEqual([
      { id: 7, time: T0, material: 'DIAMOND_SWORD', name: 'Diamond Sword', perItem: 100 },
      { id: 8, time: T0 + 5, material: 'DIAMOND_SWORD', name: 'Diamond Sword', perItem: 12_500 },
    ]);
    await writer.close();
  });

  it('keeps the first of one listing seen twice in one batch (two answers in the same window)', async () => {
    const writer = createHistoryWriter({ batchMs: 60_000 });
    const first = writer.recordListings([makeListing({ id: 9, price: 50 }), makeListing({ id: 10 })], T0);
    const again = writer.recordListings([makeListing({ id: 9, price: 50 })], T0 + 5);
    await writer.flush();
    expect([await first, await again]).toEqual([2, 0]);
    const rows = await writer.withDatabase((db) => db.getAll(STORES.listings));
    expect(rows.map((row) => [row.id, row.time])).toEqual([
      [9, T0],
      [10, T0],
    ]);
    await writer.close();
  });

  it('records what the gateway fetched for any auction search, through the recorder', async () => {
    const writer = createHistoryWriter({ batchMs: 60_000 });
    const recorder = createHistoryRecorder({ store: writer, now: () => T0 });
    recorder.onAnswer({ endpoint: 'auctions', data: makeSearch(swords(3, 1)), fetchedAt: T0 });
    recorder.onAnswer({ endpoint: 'auctions', data: makeSearch(swords(3, 2)), fetchedAt: T0 + 1 });
    await recorder.settled();
    // Written at once, not after the 60 s batch window; the overlap is not counted twice.
    const rows = await writer.withDatabase((db) => db.getAll(STORES.listings));
    expect(rows.map((row) => [row.id, row.time])).toEqual([
      [1, T0],
      [2, T0],
      [3, T0],
      [4, T0 + 1],
    ]);
    await writer.close();
  });

  it('is pruned with the history: a listing first seen over LISTING_MAX_AGE_MS ago goes', async () => {
    const writer = createHistoryWriter({ batchMs: 0 });
    await writer.recordListings([makeListing({ id: 1 })], T0 - LISTING_MAX_AGE_MS - 1);
    await writer.recordListings([makeListing({ id: 2 })], T0 - LISTING_MAX_AGE_MS + 1);
    const result = await writer.withDatabase((db) => pruneHistory(db, T0));
    expect(result.deleted[STORES.listings]).toBe(1);
    expect(await writer.withDatabase((db) => db.getAllKeys(STORES.listings))).toEqual([2]);
    await writer.close();
  });
});

describe('the 7-day median of an item', () => {
  it('reads only that item (material and name) within the window', async () => {
    const writer = createHistoryWriter({ batchMs: 0 });
    // Ten swords at 100 over three days, two older than the window at 1, other items at 1.
    for (let day = 0; day < 3; day++)
      await writer.recordListings(swords(4, day * 10, 100), T0 - day * DAY_MS);
    await writer.recordListings(swords(2, 100, 1), T0 - DEAL_WINDOW_MS - 1);
    await writer.recordListings([makeListing({ id: 200, price: 1, display_name: 'Sharp' })], T0);
    await writer.recordListings([makeListing({ id: 201, price: 1, material: 'STONE' })], T0);
    const [figure, renamed] = await writer.withDatabase((db) =>
      marketFigures(db, [sword, { material: 'DIAMOND_SWORD', name: 'Sharp' }], T0),
    );
    expect(figure).toEqual({ median: 100, listings: 12, days: 2 });
    // One listing of the renamed sword: quiet.
    expect(renamed).toBeNull();
    await writer.close();
  });

  it('is quiet under ten listings, and speaks at ten', async () => {
    const writer = createHistoryWriter({ batchMs: 0 });
    await writer.recordListings(swords(9, 1), T0);
    expect(await writer.withDatabase((db) => marketFigures(db, [sword], T0))).toEqual([null]);
    await writer.recordListings(swords(1, 50), T0);
    expect(await writer.withDatabase((db) => marketFigures(db, [sword], T0))).toEqual([
      { median: 100, listings: 10, days: 1 },
    ]);
    await writer.close();
  });

  it('counts the answer on screen as seen now, once, whether or not the background wrote it yet', async () => {
    const writer = createHistoryWriter({ batchMs: 0 });
    // Five stored; the answer holds three of them again and five more, one of another item.
    await writer.recordListings(swords(5, 1, 100), T0 - DAY_MS);
    const answer = [...swords(3, 3, 100), ...swords(5, 10, 60)].map((listing) => ({
      id: listing.id,
      material: listing.material,
      name: listing.display_name,
      perItem: listing.price / listing.amount,
    }));
    answer.push({ ...sword, name: 'Other', id: 99, perItem: 1 });
    // Five at 100 stored, five new at 60: ten, median 80; the repeated three are not counted twice.
    expect(await writer.withDatabase((db) => marketFigures(db, [sword], T0, answer))).toEqual([
      { median: 80, listings: 10, days: 1 },
    ]);
    await writer.close();
  });
});

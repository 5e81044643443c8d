/**
 * Runs inside a Chromium page for bench/figures/market.ts (bundled by esbuild there): the real
 * recorder and history writer on the browser's real IndexedDB, and the deals' real read
 * (market.ts). Exposes `window.marketBench`.
 */

import { createHistoryRecorder } from '../../entrypoints/background/history/history-recorder';
import type { AuctionListing } from '../../utils/api/schemas';
import { DAY_MS, DEAL_WINDOW_MS, LISTING_MAX_AGE_MS } from '../../utils/history/history-limits';
import type { ListingRow } from '../../utils/history/history-rows';
import { historySize } from '../../utils/history/history-size';
import { createHistoryWriter } from '../../utils/history/history-writer';
import { marketFigures } from '../../utils/history/market';
import { ITEM_INDEX, STORES } from '../../utils/history/schema';

const writer = createHistoryWriter({ dbName: 'bench-market', batchMs: 0 });
const NOW = Date.now();
/** The item whose median is measured: a popular one, a tenth of every listing recorded. */
export const MEASURED = { material: 'DIAMOND', name: 'Diamond' };
let nextId = 1;

function listing(id: number, material: string, name: string, price: number): AuctionListing {
  return {
    id,
    seller: 'Notch',
    material,
    display_name: name,
    amount: 1,
    price,
    formatted_price: String(price),
    created_at_epoch: Math.floor(NOW / 1000) - 60,
    expires_at_epoch: Math.floor(NOW / 1000) + 3600,
    time_left_seconds: 3600,
  };
}

// The recorder's first write prunes, which reads a retention clock from extension storage: not here.
const recorder = createHistoryRecorder({ store: writer, now: () => NOW, warn: () => () => {} });

/** One listing row as the writer stores it, for the raw baseline. */
const row = (item: AuctionListing, time: number): ListingRow => ({
  id: item.id,
  time,
  material: item.material,
  name: item.display_name,
  perItem: item.price / item.amount,
});

const bench = {
  /** `listings` rows over 30 days: a tenth of the MEASURED item, the rest over 5 materials × 50 names. */
  async seed(listings: number): Promise<number> {
    await writer.withDatabase(async (db) => {
      await db.clear(STORES.listings);
      const batch = 5000;
      for (let start = 0; start < listings; start += batch) {
        const tx = db.transaction(STORES.listings, 'readwrite');
        for (let i = start; i < Math.min(listings, start + batch); i++) {
          const time = NOW - ((i * 7919) % LISTING_MAX_AGE_MS);
          const item =
            i % 10 === 0
              ? listing(nextId++, MEASURED.material, MEASURED.name, 50 + (i % 97))
              : listing(nextId++, `MATERIAL_${i % 5}`, `Item ${i % 50}`, 10 + (i % 1000));
          void tx.store.put(row(item, time));
        }
        await tx.done;
      }
    });
    return writer.withDatabase((db) => db.count(STORES.listings));
  },
  /** Bytes the origin uses (Chromium's IndexedDB on disk: records, keys and both indexes). */
  async usage(): Promise<number> {
    return (await navigator.storage.estimate()).usage ?? 0;
  },
  /** The records as JSON (history-size.ts, what the Options page reports; only listings are seeded). */
  async recordBytes(): Promise<number> {
    return writer.withDatabase(async (db) => (await historySize(db)).approxBytes);
  },
  /** One auction answer of `count` new listings through the recorder, committed. */
  async recordAnswer(count: number): Promise<number> {
    const results = Array.from({ length: count }, (_, i) =>
      listing(nextId++, 'MATERIAL_1', `Item ${i % 50}`, 100),
    );
    const start = performance.now();
    recorder.onAnswer({
      endpoint: 'auctions',
      data: { count, total_matching: count, results },
      fetchedAt: NOW,
    });
    await recorder.settled();
    return performance.now() - start;
  },
  /** Baseline: the same number of rows put in one plain readwrite transaction. */
  async rawPuts(count: number): Promise<number> {
    const rows = Array.from({ length: count }, (_, i) =>
      row(listing(nextId++, 'MATERIAL_1', `Item ${i % 50}`, 100), NOW),
    );
    return writer.withDatabase(async (db) => {
      const start = performance.now();
      const tx = db.transaction(STORES.listings, 'readwrite');
      for (const each of rows) void tx.store.put(each);
      await tx.done;
      return performance.now() - start;
    });
  },
  /** The deals' figure of the MEASURED item (market.ts): its 7-day window read, checked and medianed. */
  async median(): Promise<{ ms: number; listings: number }> {
    return writer.withDatabase(async (db) => {
      const start = performance.now();
      const [figure] = await marketFigures(db, [MEASURED], NOW);
      return { ms: performance.now() - start, listings: figure?.listings ?? 0 };
    });
  },
  /** Baseline: the same key range read by IndexedDB alone (no schema check, no median). */
  async rawWindow(): Promise<number> {
    return writer.withDatabase(async (db) => {
      const start = performance.now();
      await db.getAllFromIndex(
        STORES.listings,
        ITEM_INDEX,
        IDBKeyRange.bound(
          [MEASURED.material, MEASURED.name, NOW - DEAL_WINDOW_MS],
          [MEASURED.material, MEASURED.name, NOW],
        ),
      );
      return performance.now() - start;
    });
  },
  days: LISTING_MAX_AGE_MS / DAY_MS,
};

(window as unknown as { marketBench: typeof bench }).marketBench = bench;

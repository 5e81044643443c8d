import type { HistoryWriter } from './history-writer';
import { countsOfHour } from './online-hours';
import type { HistoryDatabase } from './open-history-db';
import { STORES, type StoreName } from './schema';

/** Rows per store read to estimate the bytes of all of them. */
export const SIZE_SAMPLE_ROWS = 100;

export interface HistorySize {
  rows: Record<StoreName, number>;
  /** An estimate of the stored data (rows times the size of a sample of them as JSON). */
  approxBytes: number;
}

const encoder = new TextEncoder();

/** Online counts are stored an hour to a record: every count is counted, and weighed. */
async function onlineCountsSize(db: HistoryDatabase): Promise<{ rows: number; bytes: number }> {
  let rows = 0;
  let bytes = 0;
  for (const hour of await db.getAll(STORES.onlineCounts)) {
    const counts = countsOfHour(hour);
    rows += counts.length;
    if (counts.length > 0) bytes += encoder.encode(JSON.stringify(hour)).byteLength;
  }
  return { rows, bytes };
}

async function storeSize(db: HistoryDatabase, store: StoreName): Promise<{ rows: number; bytes: number }> {
  if (store === STORES.onlineCounts) return onlineCountsSize(db);
  const tx = db.transaction(store, 'readonly');
  const [rows, sample] = await Promise.all([
    tx.store.count(),
    tx.store.getAll(null, SIZE_SAMPLE_ROWS),
    tx.done,
  ]);
  if (sample.length === 0) return { rows, bytes: 0 };
  let sampleBytes = 0;
  for (const row of sample) sampleBytes += encoder.encode(JSON.stringify(row)).byteLength;
  return { rows, bytes: Math.round((sampleBytes / sample.length) * rows) };
}

/** The size of what `store` holds, once its pending writes are in. */
export function historyStoreSize(store: Pick<HistoryWriter, 'withDatabase'>): Promise<HistorySize> {
  return store.withDatabase(historySize);
}

/** Row counts and an approximate byte size, for the Options page. */
export async function historySize(db: HistoryDatabase): Promise<HistorySize> {
  const names = Object.values(STORES);
  const sizes = await Promise.all(names.map((name) => storeSize(db, name)));
  const rows = Object.fromEntries(names.map((name, i) => [name, sizes[i]?.rows ?? 0])) as Record<
    StoreName,
    number
  >;
  return { rows, approxBytes: sizes.reduce((sum, size) => sum + size.bytes, 0) };
}

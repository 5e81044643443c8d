import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import type { Player } from '@/utils/api/schemas';
import { bucketStart } from '@/utils/history/downsample';
import type { OnlineCountRow, PlayerSnapshotRow, PricePointRow } from '@/utils/history/history-rows';
import { withCount } from '@/utils/history/online-hours';
import type { HistoryDatabase } from '@/utils/history/open-history-db';
import { STORES } from '@/utils/history/schema';

/** A fresh, empty IndexedDB for each test: call in beforeEach. */
export function freshIndexedDb(): void {
  globalThis.indexedDB = new IDBFactory();
}

export const UUID = '069a79f4-44e9-4726-a5be-fca90e38aaf5';

export function player(overrides: Partial<Player> = {}, stats: Partial<Player['stats']> = {}): Player {
  return {
    uuid: UUID,
    name: 'Notch',
    online: false,
    rank: { id: 'vip', display: '&6VIP', weight: 10 },
    balance: 1000,
    shards: 5,
    stats: { kills: 10, deaths: 4, playtime_ticks: 720_000, playtime_hours: 10, ...stats },
    stats_may_lag: false,
    ...overrides,
  };
}

export function snapshot(time: number, overrides: Partial<PlayerSnapshotRow> = {}): PlayerSnapshotRow {
  return {
    uuid: UUID,
    time,
    name: 'Notch',
    rankDisplay: '&6VIP',
    balance: 1000,
    shards: 5,
    kills: 10,
    deaths: 4,
    playtimeHours: 10,
    statsMayLag: false,
    ...overrides,
  };
}

export function pricePoint(time: number, overrides: Partial<PricePointRow> = {}): PricePointRow {
  return { searchId: 'diamonds', time, lowest: 10, median: 12, listings: 5, ...overrides };
}

/** Online counts written straight into their hour records, as the store would (online-hours.ts). */
export async function putCounts(db: HistoryDatabase, rows: readonly OnlineCountRow[]): Promise<void> {
  for (const row of rows) {
    const hour = await db.get(STORES.onlineCounts, bucketStart(row.time));
    await db.put(STORES.onlineCounts, withCount(hour, row));
  }
}

/** Every stored online count, oldest first, flattened out of the hour records. */
export async function allCounts(db: HistoryDatabase): Promise<OnlineCountRow[]> {
  return (await db.getAll(STORES.onlineCounts)).flatMap((hour) => hour.rows);
}

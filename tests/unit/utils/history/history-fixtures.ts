import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import type { Player } from '../../../../utils/api/schemas';
import type { PlayerSnapshotRow, PricePointRow } from '../../../../utils/history/rows';

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

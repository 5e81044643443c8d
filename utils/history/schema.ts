import type { DBSchema } from 'idb';
import type { OnlineCountRow, PlayerSnapshotRow, PricePointRow } from './rows';

/** The one IndexedDB database every history feature shares. */
export const HISTORY_DB_NAME = 'network-companion-history';

/** The object stores of the current schema version (see migrations.ts). */
export const STORES = {
  onlineCounts: 'onlineCounts',
  playerSnapshots: 'playerSnapshots',
  pricePoints: 'pricePoints',
} as const;
export type StoreName = (typeof STORES)[keyof typeof STORES];

/** The index on `time` that retention walks in stores keyed by something else first. */
export const TIME_INDEX = 'time';

export interface HistoryDB extends DBSchema {
  onlineCounts: { key: number; value: OnlineCountRow };
  /** Keyed by [uuid, time]: one player's snapshots are contiguous and in time order. */
  playerSnapshots: { key: [string, number]; value: PlayerSnapshotRow; indexes: { time: number } };
  /** Keyed by [saved-search id, time]. */
  pricePoints: { key: [string, number]; value: PricePointRow; indexes: { time: number } };
}

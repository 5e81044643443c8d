import type { DBSchema } from 'idb';
import type { ListingRow, OnlineHourRow, PlayerSnapshotRow, PricePointRow } from './history-rows';

/** The one IndexedDB database every history feature shares. */
export const HISTORY_DB_NAME = 'network-companion-history';

/** The object stores of the current schema version (see migrations.ts). */
export const STORES = {
  /** Online counts, an hour to a record (online-hours.ts). */
  onlineCounts: 'onlineHours',
  playerSnapshots: 'playerSnapshots',
  pricePoints: 'pricePoints',
  /** Every auction listing seen, once by id (v4; market.ts). */
  listings: 'listings',
} as const;
export type StoreName = (typeof STORES)[keyof typeof STORES];

/** The index on `time` that retention walks in stores keyed by something else first. */
export const TIME_INDEX = 'time';
/** The listings' index on [material, name, time]: one item's listings of a window in one range. */
export const ITEM_INDEX = 'item';

export interface HistoryDB extends DBSchema {
  /** Keyed by the hour's start. */
  onlineHours: { key: number; value: OnlineHourRow };
  /** Keyed by [uuid, time]: one player's snapshots are contiguous and in time order. */
  playerSnapshots: { key: [string, number]; value: PlayerSnapshotRow; indexes: { time: number } };
  /** Keyed by [saved-search id, time]. */
  pricePoints: { key: [string, number]; value: PricePointRow; indexes: { time: number } };
  /** Keyed by the listing's id. */
  listings: { key: number; value: ListingRow; indexes: { time: number; item: [string, string, number] } };
}

/**
 * Runs in an extension page of the bench's copy of the build (bench-seed.html, next to
 * bench-blank.html; bench/figures/full-profile.ts bundles it with esbuild), so the history
 * database it writes is the extension's own (utils/history/, opened by its own code): 90 days
 * of online counts, player snapshots and price points, then the background's retention pass.
 * Exposes `window.fullProfile`.
 */

import type { Player } from '../../utils/api/schemas';
import {
  bucketStart,
  combineOnlineCounts,
  foldPriceDay,
  priceDayStart,
} from '../../utils/history/downsample';
import { ONLINE_FULL_RESOLUTION_MS, PRICE_FULL_RESOLUTION_MS } from '../../utils/history/history-limits';
import type { OnlineHourRow, PricePointRow } from '../../utils/history/history-rows';
import { historySize } from '../../utils/history/history-size';
import { createHistoryWriter } from '../../utils/history/history-writer';
import { hoursOf } from '../../utils/history/online-hours';
import { openHistoryDb } from '../../utils/history/open-history-db';
import { snapshotOfPlayer } from '../../utils/history/player-snapshot';
import { HISTORY_DB_NAME, STORES, type StoreName } from '../../utils/history/schema';
import { type HistoryPlan, type ProfilePlayer, recordTimes } from '../lib/full-profile';

function playerAt(player: ProfilePlayer, check: number): Player {
  return {
    uuid: player.uuid,
    name: player.name,
    online: check % 3 === 0,
    rank: { id: 'member', display: '&7Member', weight: 1 },
    balance: 10_000 + check * 17,
    shards: 100 + check,
    stats: {
      kills: 50 + check,
      deaths: 20 + Math.floor(check / 2),
      playtime_ticks: check * 72_000,
      playtime_hours: check,
    },
    stats_may_lag: false,
  };
}

/**
 * Hours older than full resolution as the retention pass leaves them (one row, combined by the
 * store's own `combineOnlineCounts`): written so at once, the database holds no rows deleted by
 * the pass, which would sit on disk until LevelDB compacts them.
 */
function olderHoursFolded(hours: OnlineHourRow[], now: number): OnlineHourRow[] {
  const fullFrom = bucketStart(now - ONLINE_FULL_RESOLUTION_MS);
  return hours.map((hour) =>
    hour.start < fullFrom ? { start: hour.start, rows: [combineOnlineCounts(hour.rows, hour.start)] } : hour,
  );
}

/** The same for price points of whole days older than their full resolution (`foldPriceDay`, per search and UTC day). */
function olderPricesFolded(rows: PricePointRow[], now: number): PricePointRow[] {
  const fullFrom = priceDayStart(now - PRICE_FULL_RESOLUTION_MS);
  const kept: PricePointRow[] = [];
  const buckets = new Map<string, PricePointRow[]>();
  for (const row of rows) {
    if (row.time >= fullFrom) {
      kept.push(row);
      continue;
    }
    const key = `${row.searchId}\u0000${priceDayStart(row.time)}`;
    buckets.set(key, [...(buckets.get(key) ?? []), row]);
  }
  for (const bucket of buckets.values()) {
    const first = bucket[0] as PricePointRow;
    kept.push(foldPriceDay(first.searchId, bucket, priceDayStart(first.time)));
  }
  return kept;
}

const ITEM_NAMES = ['Diamond', 'Diamond Block', 'Diamond Sword', 'Netherite Ingot', 'Elytra', 'Beacon'];

const fullProfile = {
  /**
   * Writes 90 days of history in the stored format (online counts into their hour records with
   * the store's own `hoursOf`, snapshots made by `snapshotOfPlayer`, price points as the writer
   * records them), what is older than full resolution already downsampled by the store's own
   * functions, one transaction per store; then the retention pass the background runs (`prune`:
   * with nothing left to fold it finds the database as it leaves it). Through the writer's
   * `record…` calls, one read-modify-write each, 216,000 records took over 4 minutes.
   */
  async seedHistory(input: {
    plan: HistoryPlan;
    players: ProfilePlayer[];
    searchIds: string[];
    now: number;
  }): Promise<{ ms: number; recorded: number; folded: number }> {
    const { plan, players, searchIds, now } = input;
    const started = performance.now();
    const online = recordTimes(now, plan.days, plan.onlineEveryMs).map((time) => ({
      time,
      count: 800 + Math.round(400 * Math.sin(time / 3_600_000)),
    }));
    const snapshots = players.flatMap((player, index) => {
      // Staggered, as the rotation spreads them over its round; something changed at every check.
      const offset = Math.round((index / players.length) * plan.playerEveryMs);
      return recordTimes(now, plan.days, plan.playerEveryMs, offset).map((time, check) =>
        snapshotOfPlayer(playerAt(player, check), time),
      );
    });
    const prices: PricePointRow[] = searchIds.flatMap((searchId, index) => {
      const offset = Math.round((index / searchIds.length) * plan.searchEveryMs);
      return recordTimes(now, plan.days, plan.searchEveryMs, offset).map((time) => {
        const items = ITEM_NAMES.slice(0, plan.itemsPerPoint).map((name, item) => ({
          material: name.toUpperCase().replaceAll(' ', '_'),
          name,
          lowest: 900 + item * 100 + (time % 97),
          median: 1_200 + item * 100 + (time % 89),
          listings: 12 - item,
        }));
        return {
          searchId,
          time,
          lowest: items[0]?.lowest ?? null,
          median: items[0]?.median ?? null,
          listings: 30,
          items,
        };
      });
    });
    const db = await openHistoryDb({ name: HISTORY_DB_NAME });
    try {
      const put = async (store: StoreName, rows: readonly unknown[]) => {
        const tx = db.transaction(store, 'readwrite');
        for (const row of rows) void tx.store.put(row as never);
        await tx.done;
      };
      await put(STORES.onlineCounts, olderHoursFolded(hoursOf(online), now));
      await put(STORES.playerSnapshots, snapshots);
      await put(STORES.pricePoints, olderPricesFolded(prices, now));
    } finally {
      db.close();
    }
    const writer = createHistoryWriter({ now: () => now });
    const pruned = await writer.prune(now);
    await writer.close();
    const folded = Object.values(pruned.downsampled).reduce((sum, count) => sum + count, 0);
    return {
      ms: performance.now() - started,
      recorded: online.length + snapshots.length + prices.length,
      folded,
    };
  },

  /** Rows per store and the Options page's estimate of their bytes (history-size.ts). */
  async size(): Promise<{ rows: Record<string, number>; approxBytes: number }> {
    const db = await openHistoryDb({ name: HISTORY_DB_NAME });
    try {
      return await historySize(db);
    } finally {
      db.close();
    }
  },
};

(window as unknown as { fullProfile: typeof fullProfile }).fullProfile = fullProfile;

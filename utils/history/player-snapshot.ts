import type { Player } from '../api/schemas';
import type { PlayerSnapshotRow } from './history-rows';

/** A change in any of these is worth a new snapshot; a new name alone is not. */
export const TRACKED_PLAYER_FIELDS = [
  'balance',
  'shards',
  'kills',
  'deaths',
  'playtimeHours',
  'rankDisplay',
] as const satisfies ReadonlyArray<keyof PlayerSnapshotRow>;

/** UUIDs key the store: one spelling per player, whatever case the API used. */
export function normalizeUuid(uuid: string): string {
  return uuid.toLowerCase();
}

export function snapshotOfPlayer(player: Player, time: number): PlayerSnapshotRow {
  return {
    uuid: normalizeUuid(player.uuid),
    time,
    name: player.name,
    rankDisplay: player.rank.display,
    balance: player.balance,
    shards: player.shards,
    kills: player.stats.kills,
    deaths: player.stats.deaths,
    playtimeHours: player.stats.playtime_hours,
    statsMayLag: player.stats_may_lag,
  };
}

/**
 * Whether `next` says something `previous` (that player's last snapshot) did not: a tracked
 * value changed, or the stats went from "may lag" to current. The latter keeps a confirmed
 * value even when it equals the lagging one, because kills, deaths and playtime changes are
 * measured between confirmed snapshots only (player-change.ts).
 */
export function snapshotChanged(previous: PlayerSnapshotRow | undefined, next: PlayerSnapshotRow): boolean {
  if (!previous) return true;
  if (previous.statsMayLag && !next.statsMayLag) return true;
  return TRACKED_PLAYER_FIELDS.some((field) => previous[field] !== next[field]);
}

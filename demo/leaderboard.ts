/**
 * GET /api/leaderboard (docs/api-spec.md §4.4). Entries are sorted by value descending, ties by name
 * (case-insensitive) then uuid; ranks are positions 1..n. A player "has a value" for a type
 * when it is above 0, so boards may hold fewer than `limit` entries. Changes made through the
 * control API show at once: the spec's refresh lag (45 s / 5 min) is not simulated.
 * Bad `limit` values are 400 like auction search (see limit.ts).
 */
import { LEADERBOARD_TYPES } from '../utils/api/schemas';
import { LEADERBOARD_LIMIT_DEFAULT, LEADERBOARD_LIMIT_MAX } from '../utils/limits';
import { parseLimit } from './limit';
import type { DemoPlayer } from './player-model';

export type LeaderboardKind = (typeof LEADERBOARD_TYPES)[number];
export const LEADERBOARD_TYPE_ERROR = 'type must be one of: balance, shards, kills';

export interface LeaderboardJson {
  type: LeaderboardKind;
  count: number;
  entries: { rank: number; uuid: string; name: string; value: number }[];
}
export type LeaderboardResult = { ok: true; body: LeaderboardJson } | { ok: false; error: string };

function isKind(value: string | null): value is LeaderboardKind {
  return value !== null && (LEADERBOARD_TYPES as readonly string[]).includes(value);
}

function boardValue(player: DemoPlayer, type: LeaderboardKind): number {
  return type === 'kills' ? player.stats.kills : player[type];
}

export function leaderboard(players: readonly DemoPlayer[], query: URLSearchParams): LeaderboardResult {
  const type = query.get('type');
  if (!isKind(type)) return { ok: false, error: LEADERBOARD_TYPE_ERROR };
  const limit = parseLimit(query.get('limit'), LEADERBOARD_LIMIT_DEFAULT, LEADERBOARD_LIMIT_MAX);
  if (!limit.ok) return limit;
  const entries = players
    .map((player) => ({ player, value: boardValue(player, type) }))
    .filter((row) => row.value > 0)
    .sort(
      (a, b) =>
        b.value - a.value ||
        a.player.name.toLowerCase().localeCompare(b.player.name.toLowerCase()) ||
        a.player.uuid.localeCompare(b.player.uuid),
    )
    .slice(0, limit.value)
    .map((row, index) => ({
      rank: index + 1,
      uuid: row.player.uuid,
      name: row.player.name,
      value: row.value,
    }));
  return { ok: true, body: { type, count: entries.length, entries } };
}

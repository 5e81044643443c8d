import { z } from 'zod/mini';
import { LEADERBOARD_TYPES, type LeaderboardType } from '../api/vocabulary';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../history/history-limits';
import { StoredEntryFailureSchema } from '../scheduler/entry-failures';

/**
 * What rank watch keeps in storage.local (`rank:watch`, docs/architecture.md "Rank watch"): per
 * board, when it was last read, its failure (a board rests on its own, entry-failures.ts), the
 * last read's top 100 (for "overtaken") and the tracked players' places per read, bounded, so
 * "since yesterday" survives restarts. Names are kept lower-case as keys: the own name from the
 * options has no UUID until a board shows it.
 */

export const RANK_WATCH_KEY = 'rank:watch';

/** The board's top, as the API gives at most (docs/api-spec.md §4.4: `limit` above 100 is lowered). */
export const RANK_BOARD_LIMIT = 100;

/**
 * Each board read by the stream at most this often by default: far less often than the boards
 * refresh (utils/limits.ts LEADERBOARD_LIFETIME_MS: 45 s, 5 min), 6 requests an hour for the three.
 */
export const RANK_BOARD_EVERY_MS = 30 * MINUTE_MS;

/** Reads kept per board beyond the day back "since yesterday" looks at (one more is its anchor). */
export const RANK_READS_SPAN_MS = DAY_MS + 2 * HOUR_MS;
/** Reads kept per board, at most, whatever their age (a day of reads every 30 min, with room). */
export const MAX_RANK_READS = 64;
/** Tracked players: the own name and the watchlist's (utils/limits.ts MAX_WATCHED_PLAYERS) at most. */
const MAX_TRACKED = 201;

const TopEntrySchema = z.object({ name: z.string(), value: z.number() });
export type TopEntry = z.infer<typeof TopEntrySchema>;

/** One read of a board: each tracked name's place, null when they were not in the top 100. */
const RankReadSchema = z.object({
  at: z.number(),
  places: z.record(z.string(), z.nullable(z.int().check(z.gte(1)))),
});
export type RankRead = z.infer<typeof RankReadSchema>;

const BoardStateSchema = z.object({
  lastReadAt: z.optional(z.number()),
  failure: StoredEntryFailureSchema,
  top: z.catch(z.array(TopEntrySchema).check(z.maxLength(RANK_BOARD_LIMIT)), []),
  reads: z.catch(z.array(RankReadSchema).check(z.maxLength(MAX_RANK_READS)), []),
});
export type BoardState = z.infer<typeof BoardStateSchema>;

export const RankWatchStateSchema = z.object({
  boards: z.partialRecord(z.enum(LEADERBOARD_TYPES), z.catch(z.optional(BoardStateSchema), undefined)),
});
export type RankWatchState = z.infer<typeof RankWatchStateSchema>;

export const EMPTY_RANK_STATE: RankWatchState = { boards: {} };

/** The state read back: anything unreadable is no state (the boards are read again). */
export function readRankState(raw: unknown): RankWatchState {
  const parsed = RankWatchStateSchema.safeParse(raw);
  return parsed.success ? parsed.data : EMPTY_RANK_STATE;
}

export function boardOf(state: RankWatchState, board: LeaderboardType): BoardState {
  return state.boards[board] ?? { top: [], reads: [] };
}

/** A name as kept: lower-case (game names are case-insensitive). */
export function nameKey(name: string): string {
  return name.toLowerCase();
}

/**
 * The reads kept after `read` is added: those of the last RANK_READS_SPAN_MS and the newest one
 * before (the anchor "since yesterday" may need), at most MAX_RANK_READS, newest last.
 */
export function keepReads(reads: readonly RankRead[], read: RankRead): RankRead[] {
  const all = [...reads.filter((kept) => kept.at < read.at), read];
  const from = read.at - RANK_READS_SPAN_MS;
  const anchor = all.findLastIndex((kept) => kept.at < from);
  return all.slice(Math.max(0, anchor)).slice(-MAX_RANK_READS);
}

/** The tracked names' places on a board's answer (the API's `rank`; absent: null). */
export function placesOf(
  entries: readonly { rank: number; name: string }[],
  tracked: readonly string[],
): Record<string, number | null> {
  const byName = new Map(entries.map((entry) => [nameKey(entry.name), entry.rank]));
  const places: Record<string, number | null> = {};
  for (const name of tracked.slice(0, MAX_TRACKED)) places[nameKey(name)] = byName.get(nameKey(name)) ?? null;
  return places;
}

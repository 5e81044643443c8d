import type { LeaderboardType } from '../api/vocabulary';
import { DAY_MS } from '../history/history-limits';
import { type BoardState, nameKey, type RankRead, type TopEntry } from './rank-state';

/**
 * What one board read changed for the tracked players (pure: the stream announces it, the tests
 * hold it): entering or leaving the top N, and the own name overtaken. Each change is found
 * between two reads in a row, and the state is saved with the new read before it is announced,
 * so a change is announced once, never again.
 */

export type RankChange =
  | { kind: 'entered'; board: LeaderboardType; name: string; top: number; place: number }
  | { kind: 'left'; board: LeaderboardType; name: string; top: number; place: number | null }
  /** `name` (who was below the own name) is now above it. */
  | { kind: 'overtaken'; board: LeaderboardType; name: string; place: number };

const inTop = (place: number | null | undefined, top: number): boolean =>
  place !== null && place !== undefined && place <= top;

export function rankChanges(input: {
  board: LeaderboardType;
  /** The board as kept before this read. */
  before: BoardState;
  read: RankRead;
  /** This read's top (names as the API gives them). */
  top: readonly TopEntry[];
  /** The own name from the options ('' when not set). */
  ownName: string;
  /** The N of "top N" (Options). */
  topN: number;
}): RankChange[] {
  const { board, before, read, top, topN } = input;
  const previous = before.reads.at(-1);
  // The first read, or one older than this (the clock went back): nothing to compare with.
  if (previous === undefined || previous.at >= read.at) return [];
  const changes: RankChange[] = [];
  for (const [name, place] of Object.entries(read.places)) {
    // A player tracked since the last read has no "before".
    if (!Object.hasOwn(previous.places, name)) continue;
    const was = previous.places[name];
    if (!inTop(was, topN) && inTop(place, topN) && place !== null)
      changes.push({ kind: 'entered', board, name, top: topN, place });
    else if (inTop(was, topN) && !inTop(place, topN))
      changes.push({ kind: 'left', board, name, top: topN, place });
  }
  return [...changes, ...overtakers(board, before.top, top, input.ownName)];
}

/**
 * Who was below the own name at the last read (lower value, or not in the top 100) and is above
 * it now (higher value): by value, so players tied with you never overtake you, nor does a tie
 * reordered by the server.
 */
function overtakers(
  board: LeaderboardType,
  before: readonly TopEntry[],
  now: readonly TopEntry[],
  ownName: string,
): RankChange[] {
  if (ownName === '' || before.length === 0) return [];
  const own = nameKey(ownName);
  const ownBefore = before.find((entry) => nameKey(entry.name) === own);
  const ownIndex = now.findIndex((entry) => nameKey(entry.name) === own);
  const ownNow = now[ownIndex];
  if (ownBefore === undefined || ownNow === undefined) return [];
  const valueBefore = new Map(before.map((entry) => [nameKey(entry.name), entry.value]));
  return now.flatMap((entry) => {
    const key = nameKey(entry.name);
    if (key === own || entry.value <= ownNow.value) return [];
    const was = valueBefore.get(key);
    if (was !== undefined && was >= ownBefore.value) return [];
    return [{ kind: 'overtaken' as const, board, name: entry.name, place: ownIndex + 1 }];
  });
}

/** A tracked player's place on a board now, and since yesterday. */
export interface BoardPlace {
  board: LeaderboardType;
  /** null: not in the top 100 at the last read. */
  place: number | null;
  readAt: number;
  /**
   * Against the last read at or before the same time yesterday: `by` places up (negative: down),
   * `entered`/`left` the top 100; undefined when no read goes back that far for this player.
   */
  since?:
    | { kind: 'moved'; by: number }
    | { kind: 'entered' }
    | { kind: 'left'; was: number }
    | { kind: 'out' };
}

export function boardPlace(board: LeaderboardType, state: BoardState, name: string): BoardPlace | undefined {
  const key = nameKey(name);
  const reads = state.reads.filter((read) => Object.hasOwn(read.places, key));
  const last = reads.at(-1);
  if (last === undefined) return undefined;
  const place = last.places[key] ?? null;
  const yesterday = reads.findLast((read) => read.at <= last.at - DAY_MS);
  const result: BoardPlace = { board, place, readAt: last.at };
  if (yesterday === undefined) return result;
  const was = yesterday.places[key] ?? null;
  if (was === null) return { ...result, since: place === null ? { kind: 'out' } : { kind: 'entered' } };
  return { ...result, since: place === null ? { kind: 'left', was } : { kind: 'moved', by: was - place } };
}

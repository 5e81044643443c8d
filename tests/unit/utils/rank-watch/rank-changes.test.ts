// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '@/utils/history/history-limits';
import { boardPlace, rankChanges } from '@/utils/rank-watch/rank-changes';
import {
  type BoardState,
  keepReads,
  MAX_RANK_READS,
  placesOf,
  RANK_READS_SPAN_MS,
  type RankRead,
  readRankState,
  type TopEntry,
} from '@/utils/rank-watch/rank-state';

const T = 1_800_000_000_000;

/** A top from names, best first; values fall by 10 a place unless given. */
function topOf(names: readonly (string | [string, number])[]): TopEntry[] {
  return names.map((entry, index) =>
    typeof entry === 'string'
      ? { name: entry, value: 1_000 - index * 10 }
      : { name: entry[0], value: entry[1] },
  );
}
const board = (reads: RankRead[], top: TopEntry[] = []): BoardState => ({ top, reads });

describe('rankChanges: entering and leaving the top N', () => {
  const change = (was: number | null, now: number | null, topN = 10) =>
    rankChanges({
      board: 'kills',
      before: board([{ at: T, places: { alice: was } }]),
      read: { at: T + HOUR_MS, places: { alice: now } },
      top: [],
      ownName: '',
      topN,
    });

  it('says "entered" when a player moves up into the top N, from below or from outside the 100', () => {
    expect(change(11, 10)).toEqual([{ kind: 'entered', board: 'kills', name: 'alice', top: 10, place: 10 }]);
    expect(change(null, 3)).toEqual([{ kind: 'entered', board: 'kills', name: 'alice', top: 10, place: 3 }]);
  });

  it('says "left" when a player drops out of the top N, to a place or out of the 100', () => {
    expect(change(10, 11)).toEqual([{ kind: 'left', board: 'kills', name: 'alice', top: 10, place: 11 }]);
    expect(change(2, null)).toEqual([{ kind: 'left', board: 'kills', name: 'alice', top: 10, place: null }]);
  });

  it('says nothing for a move up or down inside or outside the top N', () => {
    expect(change(9, 1)).toEqual([]);
    expect(change(1, 10)).toEqual([]);
    expect(change(40, 12)).toEqual([]);
    expect(change(null, null)).toEqual([]);
    expect(change(60, 30, 25)).toEqual([]);
  });

  it('judges both reads against the N chosen now: a wider N alone announces nothing', () => {
    expect(change(20, 20, 25)).toEqual([]);
    expect(change(20, 20, 10)).toEqual([]);
  });

  it('a tie at the edge is inside: two players both at place 10 are in the top 10', () => {
    const changes = rankChanges({
      board: 'balance',
      before: board([{ at: T, places: { a: 11, b: 12 } }]),
      read: { at: T + HOUR_MS, places: { a: 10, b: 10 } },
      top: [],
      ownName: '',
      topN: 10,
    });
    expect(changes.map((c) => [c.kind, c.name])).toEqual([
      ['entered', 'a'],
      ['entered', 'b'],
    ]);
  });

  it('says nothing at the first read, for a player not tracked at the last read, or a read not newer', () => {
    const read = { at: T + HOUR_MS, places: { alice: 1 } };
    const args = { board: 'kills' as const, read, top: [], ownName: '', topN: 10 };
    expect(rankChanges({ ...args, before: board([]) })).toEqual([]);
    expect(rankChanges({ ...args, before: board([{ at: T, places: { bob: 50 } }]) })).toEqual([]);
    expect(rankChanges({ ...args, before: board([{ at: T + HOUR_MS, places: { alice: 50 } }]) })).toEqual([]);
  });
});

describe('rankChanges: overtaken', () => {
  const overtaken = (before: TopEntry[], now: TopEntry[], ownName = 'Me') =>
    rankChanges({
      board: 'shards',
      before: board([{ at: T, places: {} }], before),
      read: { at: T + HOUR_MS, places: {} },
      top: now,
      ownName,
      topN: 10,
    });

  it('names a player who was below you and is above you now, with your new place', () => {
    expect(overtaken(topOf(['A', 'Me', 'B']), topOf(['A', 'B', 'Me']))).toEqual([
      { kind: 'overtaken', board: 'shards', name: 'B', place: 3 },
    ]);
  });

  it('counts a player who was not in the top 100 at all as below you', () => {
    expect(overtaken(topOf(['A', 'Me']), topOf(['New', 'A', 'Me']))).toEqual([
      { kind: 'overtaken', board: 'shards', name: 'New', place: 3 },
    ]);
  });

  it('says nothing when you move up, when those above stay above, or for the same order', () => {
    expect(overtaken(topOf(['A', 'Me', 'B']), topOf(['Me', 'A', 'B']))).toEqual([]);
    expect(overtaken(topOf(['A', 'Me']), topOf(['A', 'Me']))).toEqual([]);
  });

  it('a tie is no overtaking: equal values, whatever order the server lists them in', () => {
    const before = topOf([
      ['A', 100],
      ['Me', 50],
      ['B', 40],
    ]);
    expect(
      overtaken(
        before,
        topOf([
          ['A', 100],
          ['B', 50],
          ['Me', 50],
        ]),
      ),
    ).toEqual([]);
    // Tied before, above now: B was not below you.
    const tied = topOf([
      ['B', 50],
      ['Me', 50],
    ]);
    expect(
      overtaken(
        tied,
        topOf([
          ['B', 60],
          ['Me', 50],
        ]),
      ),
    ).toEqual([]);
  });

  it('needs you in the top 100 at both reads, and a name set (matched without case)', () => {
    expect(overtaken(topOf(['A', 'B']), topOf(['B', 'A', 'Me']))).toEqual([]);
    expect(overtaken(topOf(['A', 'Me', 'B']), topOf(['A', 'B']))).toEqual([]);
    expect(overtaken(topOf(['A', 'Me', 'B']), topOf(['A', 'B', 'Me']), '')).toEqual([]);
    expect(overtaken(topOf(['A', 'ME', 'B']), topOf(['A', 'B', 'me']), 'Me')).toHaveLength(1);
  });
});

describe('boardPlace: since yesterday', () => {
  const place = (reads: RankRead[]) => boardPlace('kills', board(reads), 'Alice');

  it('compares with the last read at or before the same time yesterday: up, down, same', () => {
    const reads = (was: number, now: number): RankRead[] => [
      { at: T - 2 * HOUR_MS, places: { alice: 99 } },
      { at: T, places: { alice: was } },
      { at: T + 3 * HOUR_MS, places: { alice: 1 } },
      { at: T + DAY_MS, places: { alice: now } },
    ];
    expect(place(reads(40, 37))?.since).toEqual({ kind: 'moved', by: 3 });
    expect(place(reads(37, 40))?.since).toEqual({ kind: 'moved', by: -3 });
    expect(place(reads(37, 37))?.since).toEqual({ kind: 'moved', by: 0 });
    expect(place(reads(40, 37))?.place).toBe(37);
  });

  it('says entered or left the top 100, and out when out both times', () => {
    const two = (was: number | null, now: number | null) =>
      place([
        { at: T, places: { alice: was } },
        { at: T + DAY_MS + 1, places: { alice: now } },
      ])?.since;
    expect(two(null, 5)).toEqual({ kind: 'entered' });
    expect(two(80, null)).toEqual({ kind: 'left', was: 80 });
    expect(two(null, null)).toEqual({ kind: 'out' });
  });

  it('has no "since" when no read goes back a day for that player, and nothing before any read', () => {
    expect(place([{ at: T, places: { alice: 3 } }])).toEqual({ board: 'kills', place: 3, readAt: T });
    expect(
      place([
        { at: T, places: { bob: 3 } },
        { at: T + DAY_MS, places: { alice: 3 } },
      ])?.since,
    ).toBeUndefined();
    expect(place([])).toBeUndefined();
  });
});

describe('the reads kept', () => {
  it('keeps the last day and two hours, plus one older anchor, bounded, newest last', () => {
    let reads: RankRead[] = [];
    for (let at = T; at <= T + 3 * DAY_MS; at += 30 * 60_000) reads = keepReads(reads, { at, places: {} });
    const newest = T + 3 * DAY_MS;
    expect(reads.length).toBeLessThanOrEqual(MAX_RANK_READS);
    expect(reads.at(-1)?.at).toBe(newest);
    expect((reads[0] as RankRead).at).toBeLessThan(newest - RANK_READS_SPAN_MS);
    expect((reads[1] as RankRead).at).toBeGreaterThanOrEqual(newest - RANK_READS_SPAN_MS);
    // Enough for "since yesterday".
    expect(reads.some((read) => read.at <= newest - DAY_MS)).toBe(true);
  });

  it('places are the API rank of each tracked name, any case, null when absent', () => {
    const entries = [
      { rank: 1, name: 'Alice', uuid: 'x', value: 3 },
      { rank: 1, name: 'Bob', uuid: 'y', value: 3 },
    ];
    expect(placesOf(entries, ['alice', 'BOB', 'carol'])).toEqual({ alice: 1, bob: 1, carol: null });
  });

  it('reads anything unreadable as no state, and one bad board as none', () => {
    expect(readRankState('junk')).toEqual({ boards: {} });
    expect(readRankState({ boards: { kills: 'junk', balance: { top: [], reads: [] } } })).toEqual({
      boards: { kills: undefined, balance: { top: [], reads: [] } },
    });
  });
});

// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { longestOverdueInChecks } from '@/bench/figures/floor-wait';
import { leastRecentlyChecked } from '@/entrypoints/background/scheduler/rotation';
import type { Habit, Habits, Observed } from '@/utils/scheduler/habits';
import { FLOOR_EVERY, FLOOR_MS, FLOOR_PER_PLAYER_MS, floorMs } from '@/utils/scheduler/watch-floor';
import { nextToCheck } from '@/utils/scheduler/watch-priority';

/**
 * The watchlist's floor stated in hours (issue 37): the floor's turn goes to the least recently
 * checked player only once it has gone floorMs (FLOOR_MS, or FLOOR_PER_PLAYER_MS a player in a
 * longer list) unchecked, and every player is still checked within FLOOR_EVERY × players checks of
 * going that long unchecked.
 */

const MINUTE = 60_000;
const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);
const habit = (minutes: number): Habit => ({
  since: T0 - 14 * 24 * 60 * MINUTE,
  logins: Array(24).fill(0),
  minutes,
});
const HOT = habit(61);
/** A player with this habit logs in ten times an hour; with any other, never. */
const rates = (of: Habit | undefined) => Array(24).fill(of === HOT ? 10 : 0);

/** The floor's turn now: `least` checked `ago` ms ago and never logs in, `hot` checked a minute ago and likely online. */
function floorTurn(ago: number) {
  const checkedAt = { least: T0 - ago, hot: T0 - MINUTE };
  const last: Record<string, Observed> = {
    least: { online: false, checkedAt: checkedAt.least },
    hot: { online: false, checkedAt: checkedAt.hot },
  };
  const habits: Habits = { turn: FLOOR_EVERY - 1, players: { least: habit(60), hot: HOT } };
  return {
    players: ['least', 'hot'],
    checkedAt,
    roundRobin: leastRecentlyChecked,
    last,
    habits,
    now: T0,
    rates,
  };
}

describe('the watchlist’s floor in hours', () => {
  it('the floor’s turn of a list checked often goes by news while its least recently checked was checked under FLOOR_MS ago', () => {
    // On the code before: every FLOOR_EVERY-th check went to `least`, checked 30 min ago.
    expect(nextToCheck(floorTurn(30 * MINUTE))).toEqual({ uuid: 'hot', turn: 0 });
    expect(nextToCheck(floorTurn(FLOOR_MS - 1))).toEqual({ uuid: 'hot', turn: 0 });
  });

  it('it goes to the least recently checked once that one has gone FLOOR_MS unchecked, whatever the news', () => {
    expect(nextToCheck(floorTurn(FLOOR_MS))).toEqual({ uuid: 'least', turn: 0 });
    // Not the floor's turn: news.
    const other = floorTurn(FLOOR_MS);
    expect(nextToCheck({ ...other, habits: { ...other.habits, turn: 0 } }).uuid).toBe('hot');
  });

  it('a model that cannot be read still goes round-robin at every check', () => {
    expect(nextToCheck({ ...floorTurn(MINUTE), habits: null }).uuid).toBe('least');
  });

  it('waits FLOOR_MS, or in a longer list FLOOR_PER_PLAYER_MS a player', () => {
    expect(floorMs(2)).toBe(FLOOR_MS);
    expect(floorMs(200)).toBe(200 * FLOOR_PER_PLAYER_MS);
    expect(floorMs(200)).toBeGreaterThan(FLOOR_MS);
  });

  it('counts the checks a player waited from going FLOOR_MS unchecked', () => {
    const at = (minutes: number, entry: string) => ({ at: T0 + minutes * MINUTE, entry });
    // b is checked at 0, overdue from the check at 120 min, checked 2 checks later.
    const checks = [at(0, 'a'), at(0, 'b'), at(60, 'a'), at(120, 'a'), at(130, 'a'), at(131, 'b')];
    expect(longestOverdueInChecks(checks, ['b'], 120 * MINUTE)).toBe(3);
    // a, never checked before the start, is overdue at once and checked at once; from T0 it never waits.
    expect(longestOverdueInChecks(checks, ['a'], 120 * MINUTE)).toBe(1);
    expect(longestOverdueInChecks(checks, ['a'], 120 * MINUTE, T0)).toBe(0);
    expect(longestOverdueInChecks(checks.slice(0, 5), ['b'], 120 * MINUTE)).toBe(2);
  });

  it('for any habits, list and pace of checks (dense or sparse), every player within FLOOR_EVERY × players checks of going floorMs unchecked', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }).chain((count) =>
          fc.record({
            count: fc.constant(count),
            hot: fc.array(fc.boolean(), { minLength: count, maxLength: count }),
            turn: fc.nat({ max: 10 }),
            gaps: fc.array(fc.integer({ min: 0, max: 20 * MINUTE }), { minLength: 50, maxLength: 400 }),
          }),
        ),
        ({ count, hot, turn, gaps }) => {
          const players = Array.from({ length: count }, (_, i) => `p${i}`);
          let habits: Habits = {
            turn,
            players: Object.fromEntries(players.map((uuid, i) => [uuid, hot[i] ? HOT : habit(60)])),
          };
          const checkedAt: Record<string, number> = {};
          const last: Record<string, Observed> = {};
          const checks: { at: number; entry?: string }[] = [];
          let now = T0;
          for (const gap of gaps) {
            now += gap;
            const choice = nextToCheck({
              players,
              checkedAt,
              roundRobin: leastRecentlyChecked,
              last,
              habits,
              now,
              rates,
            });
            const uuid = choice.uuid as string;
            checks.push({ at: now, entry: uuid });
            checkedAt[uuid] = now;
            last[uuid] = { online: false, checkedAt: now };
            habits = { ...habits, turn: choice.turn };
          }
          expect(longestOverdueInChecks(checks, players, floorMs(count))).toBeLessThanOrEqual(
            FLOOR_EVERY * count,
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});

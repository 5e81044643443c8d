// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { freshHabits, learn, type Observed, PRIOR_SESSION_MINUTES } from '@/utils/scheduler/habits';

/**
 * Sessions no check saw, told by the playtime (docs/api-spec.md §3.1: an offline player's stats
 * are the last saved; they catch up when the player leaves): offline at two looks and the playtime
 * grown in between is a session missed, begun in (the first look, the second − the time played).
 */

const HOUR = 3_600_000;
const T0 = Date.UTC(2025, 0, 15, 0, 0, 0);
/** The API's playtime: 20 ticks a second. */
const TICKS_PER_MINUTE = 1200;

const offline = (at: number, playtime?: number): Observed =>
  playtime === undefined ? { online: false, checkedAt: at } : { online: false, checkedAt: at, playtime };

/** The player's model after a look at `first`, then one at `second`. */
function learnedFrom(first: Observed, second: Observed) {
  const seen = learn(freshHabits(), 'p', undefined, first);
  return learn(seen, 'p', first, second).players.p;
}

describe('the playtime of two offline looks', () => {
  it('a session missed between them is a login in the hours it may have begun, and its length moves the mean session', () => {
    // Offline at 18:30 and at 20:30, 75 minutes played in between: begun in (18:30, 19:15].
    const played = 75 * TICKS_PER_MINUTE;
    const habit = learnedFrom(offline(T0 + 18.5 * HOUR, 1000), offline(T0 + 20.5 * HOUR, 1000 + played));
    expect(habit?.logins[18]).toBeCloseTo(2 / 3, 2);
    expect(habit?.logins[19]).toBeCloseTo(1 / 3, 2);
    expect(habit?.logins.reduce((sum, n) => sum + n, 0)).toBeCloseTo(1, 1);
    // 60 → 75 by a quarter of the way.
    expect(habit?.minutes).toBeCloseTo(PRIOR_SESSION_MINUTES + (75 - PRIOR_SESSION_MINUTES) * 0.25, 2);
  });

  it('no login when the playtime did not grow', () => {
    const habit = learnedFrom(offline(T0 + 18.5 * HOUR, 5000), offline(T0 + 20.5 * HOUR, 5000));
    expect(habit?.logins.every((n) => n === 0)).toBe(true);
    expect(habit?.minutes).toBe(PRIOR_SESSION_MINUTES);
  });

  it('a status kept before the playtime was (none at either look) learns as before', () => {
    const played = 75 * TICKS_PER_MINUTE;
    const old = learnedFrom(offline(T0 + 18.5 * HOUR), offline(T0 + 20.5 * HOUR));
    expect(learnedFrom(offline(T0 + 18.5 * HOUR), offline(T0 + 20.5 * HOUR, played))).toEqual(old);
    expect(learnedFrom(offline(T0 + 18.5 * HOUR, 0), offline(T0 + 20.5 * HOUR))).toEqual(old);
    expect(old?.logins.every((n) => n === 0)).toBe(true);
  });

  it('a playtime that went back, or grew by more than the time between the looks, teaches nothing', () => {
    const first = offline(T0 + 18.5 * HOUR, 100 * TICKS_PER_MINUTE);
    const nothing = learnedFrom(offline(T0 + 18.5 * HOUR), offline(T0 + 20.5 * HOUR));
    for (const playtime of [0, 40 * TICKS_PER_MINUTE, 221 * TICKS_PER_MINUTE, 1e15, Number.NaN, -1])
      expect(learnedFrom(first, offline(T0 + 20.5 * HOUR, playtime))).toEqual(nothing);
  });

  it('a session missed long before the look (more than a mean session between the first look and its latest start) is too blurred to date: nothing learned', () => {
    // Offline at 12:00 and 20:30, 60 minutes played: begun in (12:00, 19:30], 7.5 h wide.
    const habit = learnedFrom(offline(T0 + 12 * HOUR, 0), offline(T0 + 20.5 * HOUR, 60 * TICKS_PER_MINUTE));
    expect(habit?.logins.every((n) => n === 0)).toBe(true);
  });

  it('whatever the playtimes, at most one login is learned, only inside the gap, and the model stays valid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 * HOUR }),
        fc.option(fc.double({ noNaN: false }), { nil: undefined }),
        fc.option(fc.double({ noNaN: false }), { nil: undefined }),
        fc.boolean(),
        (gap, p0, p1, wasOnline) => {
          const first: Observed = {
            online: wasOnline,
            checkedAt: T0,
            ...(p0 === undefined ? {} : { playtime: p0 }),
          };
          const habit = learnedFrom(first, offline(T0 + gap, p1));
          const total = habit?.logins.reduce((sum, n) => sum + n, 0) ?? 0;
          expect(total).toBeLessThanOrEqual(1.05);
          expect(Number.isFinite(habit?.minutes) && (habit?.minutes ?? 0) >= 1).toBe(true);
          for (const n of habit?.logins ?? []) expect(Number.isFinite(n) && n >= 0).toBe(true);
        },
      ),
    );
  });
});

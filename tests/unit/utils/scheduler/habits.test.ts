// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  freshHabits,
  type Habits,
  HabitsSchema,
  learn,
  loginRates,
  PRIOR_LOGINS_PER_DAY,
  PRIOR_SESSION_MINUTES,
  readHabits,
} from '@/utils/scheduler/habits';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2025, 0, 15, 0, 0, 0);

/** `days` days of a player logging in at 20:10 UTC for `minutes`, checked every 5 minutes from 19:00 to 23:00. */
function eveningPlayer(days: number, minutes = 90): Habits {
  let habits = freshHabits();
  let last: { online: boolean; checkedAt: number } | undefined;
  for (let day = 0; day < days; day += 1) {
    for (let at = T0 + day * DAY + 19 * HOUR; at < T0 + day * DAY + 23 * HOUR; at += 5 * 60_000) {
      const start = T0 + day * DAY + 20 * HOUR + 10 * 60_000;
      const seen = { online: at >= start && at < start + minutes * 60_000, checkedAt: at };
      habits = learn(habits, 'p', last, seen);
      last = seen;
    }
  }
  return habits;
}

describe('the learned model', () => {
  it('a new player has the prior: two logins a day at any hour, sessions of an hour', () => {
    const rates = loginRates(undefined, T0);
    expect(rates).toHaveLength(24);
    for (const rate of rates) expect(rate).toBeCloseTo(PRIOR_LOGINS_PER_DAY / 24);
  });

  it('learns the hour a player logs in and how long they stay', () => {
    const habits = eveningPlayer(14);
    const rates = loginRates(habits.players.p, T0 + 14 * DAY);
    const evening = rates[20] as number;
    expect(evening).toBeGreaterThan(0.5);
    for (const [hour, rate] of rates.entries())
      if (hour < 18 || hour > 22) expect(rate).toBeLessThan(evening / 10);
    expect(habits.players.p?.minutes).toBeGreaterThan(80);
    expect(habits.players.p?.minutes).toBeLessThan(95);
  });

  it('restarts keep what was learned: the model stored as JSON reads back the same', () => {
    const habits = eveningPlayer(7);
    const stored: unknown = JSON.parse(JSON.stringify(habits));
    expect(readHabits(stored)).toEqual(habits);
  });

  it('nothing stored or anything unreadable is null (the watchlist falls back to round-robin), and learning then starts afresh', () => {
    expect(readHabits(undefined)).toBeNull();
    expect(readHabits(freshHabits())).toEqual(freshHabits());
    expect(learn(null, 'a', undefined, undefined)).toEqual(freshHabits());
    expect(readHabits({ v: 2, turn: 0, players: {} })).toBeNull();
    expect(
      readHabits({ v: 1, turn: 0, players: { p: { since: 0, logins: [1, 2], sessions: 0, minutes: 60 } } }),
    ).toBeNull();
    expect(readHabits('garbage')).toBeNull();
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        const read = readHabits(raw);
        if (read !== null) expect(HabitsSchema.safeParse(read).success).toBe(true);
      }),
    );
  });

  it('whatever is observed, in any order, the model stays valid and its rates finite and positive', () => {
    const observation = fc.record({
      player: fc.constantFrom('a', 'b', 'c'),
      online: fc.boolean(),
      step: fc.integer({ min: 0, max: 3 * DAY }),
    });
    fc.assert(
      fc.property(fc.array(observation, { maxLength: 60 }), (observations) => {
        let habits = freshHabits();
        const last: Record<string, { online: boolean; checkedAt: number }> = {};
        let at = T0;
        for (const { player, online, step } of observations) {
          at += step;
          habits = learn(habits, player, last[player], { online, checkedAt: at });
          last[player] = { online, checkedAt: at };
        }
        expect(HabitsSchema.safeParse(JSON.parse(JSON.stringify(habits))).success).toBe(true);
        for (const player of ['a', 'b', 'c']) {
          for (const rate of loginRates(habits.players[player], at)) {
            expect(Number.isFinite(rate) && rate > 0).toBe(true);
          }
          expect(habits.players[player]?.minutes ?? PRIOR_SESSION_MINUTES).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('keeps only the players still watched', () => {
    const habits = learn(freshHabits(), 'a', undefined, { online: false, checkedAt: T0 });
    expect(
      Object.keys(learn(habits, 'b', undefined, { online: true, checkedAt: T0 }).players).sort(),
    ).toEqual(['a', 'b']);
    expect(
      Object.keys(learn(habits, 'b', undefined, { online: true, checkedAt: T0 }, ['b', 'z']).players),
    ).toEqual(['b']);
  });
});

// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  freshHabits,
  HABITS_KEY,
  HABITS_VERSION,
  HABITS_VERSIONING,
  type Habits,
  HabitsSchema,
  habitsWrites,
  learn,
  loginRates,
  PRIOR_LOGINS_PER_DAY,
  PRIOR_SESSION_MINUTES,
  readHabits,
} from '@/utils/scheduler/habits';
import { migrateValue, type ValueStore } from '@/utils/storage-item';

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
    // One login a day, half of it kept in its hour and a quarter given to each neighbour (NEIGHBOURS).
    expect(evening).toBe(Math.max(...rates));
    expect(evening + (rates[19] as number) + (rates[21] as number)).toBeGreaterThan(0.9);
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

describe('versions (utils/storage-item.ts: the mark `watch:habits$`)', () => {
  const memory = (items: Record<string, unknown>): ValueStore => ({
    get: async (key) => structuredClone(items[key]),
    set: async (next) => {
      Object.assign(items, structuredClone(next));
    },
  });
  const MARK = `${HABITS_KEY}$`;

  it('the model the previous release wrote (unmarked, `v: 1` inside) is version 1: migrated to v2 as it is, learned counts kept', async () => {
    const learned = eveningPlayer(14);
    const v1 = JSON.parse(JSON.stringify({ v: 1, ...learned }));
    const items: Record<string, unknown> = { [HABITS_KEY]: v1, other: 'untouched' };
    expect(await migrateValue(memory(items), HABITS_KEY, HABITS_VERSIONING)).toBe(HABITS_VERSION);
    expect(HABITS_VERSION).toBe(2);
    expect(items).toEqual({ [HABITS_KEY]: v1, [MARK]: { v: 2 }, other: 'untouched' });
    expect(readHabits(items[HABITS_KEY])).toEqual(learned);
  });

  it('writes the model with its mark, and `v: 1` inside for the releases before the mark', () => {
    const learned = eveningPlayer(2);
    for (const version of [undefined, 2]) {
      expect(habitsWrites(version, { v: 1, ...learned }, learned)).toEqual({
        [HABITS_KEY]: { v: 1, ...learned },
        [MARK]: { v: 2 },
      });
    }
  });

  it('the version is the mark, not the inner `v`: a newer model is read as far as this release knows it', () => {
    const learned = eveningPlayer(2);
    expect(readHabits({ ...learned, v: 3, decay: 0.9 })).toEqual(learned);
  });

  it('over a newer release’s model, only what this release changed: unknown fields and player fields stay, players no longer watched go, and no mark is written', () => {
    const habit = eveningPlayer(2).players.p as NonNullable<Habits['players'][string]>;
    const stored = {
      v: 3,
      decay: 0.9,
      turn: 2,
      players: {
        kept: { ...habit, weekly: [1, 2] },
        checked: { ...habit, weekly: [3] },
        dropped: habit,
      },
    };
    const checked = { ...habit, minutes: 42 };
    const next: Habits = { turn: 3, players: { kept: habit, checked } };
    expect(habitsWrites(3, stored, next)).toEqual({
      [HABITS_KEY]: {
        v: 3,
        decay: 0.9,
        turn: 3,
        players: {
          kept: { ...habit, weekly: [1, 2] },
          checked: { ...checked, weekly: [3] },
        },
      },
    });
  });

  it('a newer model this release cannot read (even one player of it) is not written over', () => {
    const readable = eveningPlayer(2);
    const onePlayerUnreadable = { ...readable, players: { ...readable.players, q: { shape: 'new' } } };
    expect(habitsWrites(3, onePlayerUnreadable, readable)).toBeNull();
    expect(habitsWrites(3, { players: ['a new shape'] }, freshHabits())).toBeNull();
    expect(habitsWrites(3, 'garbage', freshHabits())).toBeNull();
  });
});

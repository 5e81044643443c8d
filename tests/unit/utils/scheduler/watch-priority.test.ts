// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MAX_WATCHED_PLAYERS } from '@/utils/limits';
import { freshHabits, learn, loginRates } from '@/utils/scheduler/habits';
import { expectedNews, nextToCheck, SINCE_WEIGHT_POWER } from '@/utils/scheduler/watch-priority';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = Date.UTC(2025, 0, 15, 0, 0, 0);
const FLAT = Array(24).fill(1);

/** Two players with the prior's habits: `seenOnline` found online 10 min ago, `seenOffline` offline 10 min ago; the others checked just now. */
function choice(listSize: number) {
  const now = T0 + 12 * HOUR;
  const players = ['seenOnline', 'seenOffline', ...Array.from({ length: listSize - 2 }, (_, i) => `p${i}`)];
  const last = Object.fromEntries(players.map((uuid) => [uuid, { online: false, checkedAt: now - 1 }]));
  last.seenOnline = { online: true, checkedAt: now - 10 * MINUTE };
  last.seenOffline = { online: false, checkedAt: now - 10 * MINUTE };
  const checkedAt = Object.fromEntries(Object.entries(last).map(([uuid, seen]) => [uuid, seen.checkedAt]));
  return {
    players,
    checkedAt,
    roundRobin: () => undefined,
    last,
    habits: freshHabits(),
    now,
  };
}

describe('whom the watchlist checks', () => {
  it('logins more than one mean session ago count for nothing: that session is likely over', () => {
    const now = T0 + 10 * HOUR;
    // Sessions of 60 min: only the last 60 min count, at one login an hour.
    expect(expectedNews(FLAT, 60, false, now - 10 * HOUR, now)).toBeCloseTo(1);
    expect(expectedNews(FLAT, 60, false, now - 30 * MINUTE, now)).toBeCloseTo(0.5);
  });

  it('a player just seen online has nothing new to show until a mean session has passed', () => {
    const now = T0 + 10 * HOUR;
    expect(expectedNews(FLAT, 60, true, now - 30 * MINUTE, now)).toBe(0);
    expect(expectedNews(FLAT, 60, true, now - 80 * MINUTE, now)).toBeCloseTo(20 / 60);
  });

  it(`in a list of any length, up to ${MAX_WATCHED_PLAYERS}, the slot goes to one seen offline rather than one seen online in the same minute`, () => {
    // Until issue 37's seventh round a list of over 50 weighed news of a logout and chose `seenOnline`.
    expect(nextToCheck(choice(20)).uuid).toBe('seenOffline');
    expect(nextToCheck(choice(51)).uuid).toBe('seenOffline');
    expect(nextToCheck(choice(MAX_WATCHED_PLAYERS)).uuid).toBe('seenOffline');
  });

  it('a clock set back (every look in the future) still checks someone', () => {
    const base = choice(20);
    expect(nextToCheck({ ...base, now: base.now - 2 * HOUR }).uuid).toBeDefined();
  });

  it('of two players with the same habits seen offline, the one looked at longer ago goes first', () => {
    const base = choice(20);
    const now = base.now;
    const last = { ...base.last, seenOnline: { online: false, checkedAt: now - 3 * HOUR } };
    expect(
      nextToCheck({ ...base, last, checkedAt: { ...base.checkedAt, seenOnline: now - 3 * HOUR } }).uuid,
    ).toBe('seenOnline');
  });
});

describe('whom the watchlist checks: the weight of time since last looked at (issue 37)', () => {
  it('a player unlooked at for 16 h with short sessions goes before one looked at 2 h ago with longer ones', () => {
    // Flat rates: the news is the last session's logins: 1/3 (20 min) against 1 (60 min);
    // weighed by √hours the recent one went first (1/3 × 4 < 1 × 1.41); by hours^0.6 not (1/3 × 5.28 > 1 × 1.52),
    // nor by hours^0.75 (1/3 × 8 > 1 × 1.68).
    const now = T0 + 20 * HOUR;
    const players = ['long', 'recent'];
    const habit = (minutes: number) => ({ since: T0 - 14 * 24 * HOUR, logins: Array(24).fill(0), minutes });
    const last = {
      long: { online: false, checkedAt: now - 16 * HOUR },
      recent: { online: false, checkedAt: now - 2 * HOUR },
    };
    const pick = nextToCheck({
      players,
      checkedAt: { long: last.long.checkedAt, recent: last.recent.checkedAt },
      roundRobin: () => undefined,
      last,
      habits: { turn: 0, players: { long: habit(20), recent: habit(60) } },
      now,
      rates: () => FLAT,
    });
    expect(pick.uuid).toBe('long');
    expect(SINCE_WEIGHT_POWER).toBeGreaterThan(0.5);
  });
});

describe('what the model learns from a look that finds a player online', () => {
  const rateAt = (habits: ReturnType<typeof freshHabits>, hour: number) =>
    loginRates(habits.players.p, T0 + 3 * 24 * HOUR)[hour] as number;

  it('the first look ever that finds them online counts a login, in the hour before it', () => {
    const habits = learn(freshHabits(), 'p', undefined, {
      online: true,
      checkedAt: T0 + 20 * HOUR + 30 * MINUTE,
    });
    expect(habits.players.p?.logins[20]).toBeCloseTo(0.5);
    expect(habits.players.p?.logins[19]).toBeCloseTo(0.5);
    expect(rateAt(habits, 20)).toBeGreaterThan(rateAt(habits, 8));
  });

  it('online at two looks more than a mean session apart is another session: a login; closer, the same session', () => {
    const first = { online: true, checkedAt: T0 + 8 * HOUR };
    const apart = learn(learn(freshHabits(), 'p', undefined, first), 'p', first, {
      online: true,
      checkedAt: T0 + 20 * HOUR,
    });
    expect(apart.players.p?.logins[19]).toBeCloseTo(1);
    const close = learn(learn(freshHabits(), 'p', undefined, first), 'p', first, {
      online: true,
      checkedAt: T0 + 8 * HOUR + 30 * MINUTE,
    });
    expect(close.players.p?.logins.reduce((sum, n) => sum + n, 0)).toBeCloseTo(1);
  });
});

// Specifies that a watched player's playtime, kept with their status, teaches the habits model the sessions no check saw.
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createWatchObserver } from '@/entrypoints/background/watchlist/observer';
import { createWatchlistStream } from '@/entrypoints/background/watchlist/watchlist-stream';
import { makePlayer } from '@/tests/fixtures/players';
import { HABITS_KEY, readHabits } from '@/utils/scheduler/habits';
import { getStatuses } from '@/utils/watchlist/status';

const HOUR = 3_600_000;
const T0 = Date.UTC(2025, 0, 15, 0, 0, 0);
const UUID = '00000000-0000-4000-8000-000000000001';
const TICKS_PER_MINUTE = 1200;

beforeEach(() => fakeBrowser.reset());

/** The stream and the real observer over one watched player, offline, whose playtime is `playtime()`. */
function wired(playtime: () => number) {
  let clock = T0;
  const items = new Map<string, unknown>();
  const watched = [{ uuid: UUID, name: 'Notch', addedAt: T0 - HOUR }];
  const observer = createWatchObserver({ now: () => clock, getWatched: async () => watched });
  const stream = createWatchlistStream({
    gateway: {
      player: async (uuid) => {
        const ticks = playtime();
        const stats = { kills: 0, deaths: 0, playtime_ticks: ticks, playtime_hours: ticks / 72_000 };
        return {
          ok: true,
          data: makePlayer({ uuid, online: false, stats, stats_may_lag: false }),
          fetchedAt: clock,
        };
      },
    },
    observer,
    getWatched: async () => watched,
    isConfigured: async () => true,
    store: {
      get: async (key) => structuredClone(items.get(key)),
      set: async (next) => {
        for (const [key, value] of Object.entries(next)) items.set(key, structuredClone(value));
      },
    },
    now: () => clock,
  });
  return {
    checkAt: async (at: number) => {
      clock = at;
      expect(await stream.run()).toEqual({ ok: true });
    },
    habit: () => readHabits(items.get(HABITS_KEY))?.players[UUID],
  };
}

describe('the playtime a check sees', () => {
  it('is kept with the player’s status, and a session missed between two offline checks is learned as a login', async () => {
    let ticks = 1_000;
    const world = wired(() => ticks);
    await world.checkAt(T0 + 18.5 * HOUR);
    expect((await getStatuses())[UUID]?.playtime).toBe(1_000);
    ticks += 75 * TICKS_PER_MINUTE;
    await world.checkAt(T0 + 20.5 * HOUR);
    expect((await getStatuses())[UUID]?.playtime).toBe(ticks);
    const habit = world.habit();
    expect(habit?.logins[18]).toBeCloseTo(2 / 3, 2);
    expect(habit?.logins[19]).toBeCloseTo(1 / 3, 2);
    expect(habit?.minutes).toBeGreaterThan(60);
  });

  it('a playtime that did not grow teaches no login', async () => {
    const world = wired(() => 5_000);
    await world.checkAt(T0 + 18.5 * HOUR);
    await world.checkAt(T0 + 20.5 * HOUR);
    expect(world.habit()?.logins.every((n) => n === 0)).toBe(true);
  });
});

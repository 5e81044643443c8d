// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { longestOverdueInChecks } from '@/bench/figures/floor-wait';
import { maxInAnyHour } from '@/bench/figures/scheduler-sim';
import { createScheduler } from '@/entrypoints/background/scheduler/scheduler';
import type { Stream } from '@/entrypoints/background/scheduler/streams';
import type { WatchObserver } from '@/entrypoints/background/watchlist/observer';
import { CHECK_TIMES_KEY, createWatchlistStream } from '@/entrypoints/background/watchlist/watchlist-stream';
import { makePlayer } from '@/tests/fixtures/players';
import type { Player } from '@/utils/api/schemas';
import {
  freshHabits,
  HABITS_KEY,
  type Habits,
  HabitsSchema,
  learn,
  readHabits,
} from '@/utils/scheduler/habits';
import { HOUR_MS, SCHEDULER_STATE_KEY } from '@/utils/scheduler/scheduler-limits';
import { FLOOR_EVERY, floorMs } from '@/utils/scheduler/watch-floor';
import type { PlayerStatus } from '@/utils/watchlist/status';

/**
 * The watchlist stream choosing whom to check by learned habits (utils/scheduler/), under the
 * real scheduler on a simulated clock: the budget, the floor, restarts and a corrupted model.
 */

const T0 = Date.UTC(2025, 0, 15, 0, 0, 0);
const DAY = 24 * HOUR_MS;
const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const players = (count: number) => Array.from({ length: count }, (_, i) => uuidOf(i + 1));

/** storage.local as the stream sees it, values copied through JSON as the browser does. */
function memoryStore(initial: Record<string, unknown> = {}) {
  const data = new Map<string, string>(
    Object.entries(initial).map(([key, value]) => [key, JSON.stringify(value)]),
  );
  return {
    get: async (key: string): Promise<unknown> => {
      const json = data.get(key);
      return json === undefined ? undefined : JSON.parse(json);
    },
    set: async (items: Record<string, unknown>) => {
      for (const [key, value] of Object.entries(items)) data.set(key, JSON.stringify(value));
    },
  };
}

interface World {
  clock: number;
  /** Whether a player is online at a time. */
  online: (uuid: string, at: number) => boolean;
  statuses: Record<string, PlayerStatus>;
  checks: { uuid: string; at: number }[];
}

function observerOf(world: World, watched: readonly string[]): WatchObserver {
  return {
    observe: async (player) => {
      const before = world.statuses[player.uuid];
      world.statuses[player.uuid] = {
        name: player.name,
        online: player.online,
        rankDisplay: '',
        checkedAt: world.clock,
      };
      if (!before) return 'first';
      if (before.online === player.online) return 'unchanged';
      return player.online ? 'came-online' : 'went-offline';
    },
    snapshot: async () => ({
      watched: watched.map((uuid) => ({ uuid, name: uuid, addedAt: T0 })),
      statuses: world.statuses,
    }),
  };
}

function streamOf(world: World, watched: readonly string[], store: ReturnType<typeof memoryStore>) {
  return createWatchlistStream({
    gateway: {
      player: async (uuid) => {
        world.checks.push({ uuid, at: world.clock });
        const player: Player = makePlayer({
          uuid,
          name: `P${uuid.slice(-3)}`,
          online: world.online(uuid, world.clock),
        });
        return { ok: true, data: player, fetchedAt: world.clock };
      },
    },
    observer: observerOf(world, watched),
    getWatched: async () => watched.map((uuid) => ({ uuid, name: uuid, addedAt: T0 })),
    isConfigured: async () => true,
    store,
    now: () => world.clock,
  });
}

/** The real scheduler with the badge (one a minute) and the watchlist, alarms fired as the clock reaches them. */
async function runScheduler(options: {
  world: World;
  watched: readonly string[];
  store: ReturnType<typeof memoryStore>;
  budget: number;
  until: number;
  restartEvery?: number;
}): Promise<number[]> {
  const { world, watched, store } = options;
  const sends: number[] = [];
  const alarms = new Map<string, number>();
  let alarmCount = 0;
  const newWorker = () => {
    const watchlist = streamOf(world, watched, store);
    const badge: Stream<string> = {
      id: 'badge',
      demand: () => ({ everyMs: 60_000 }),
      run: async () => {
        sends.push(world.clock);
        return { ok: true };
      },
    };
    const counted: Stream<string> = {
      id: watchlist.id,
      demand: () => watchlist.demand(),
      run: async () => {
        sends.push(world.clock);
        return watchlist.run();
      },
    };
    return createScheduler<string>({
      streams: [badge, counted],
      budgetPerHour: () => options.budget,
      pauseSecondsLeft: () => 0,
      idle: { queryState: async () => 'active', setDetectionInterval: () => {} },
      alarms: {
        create: (name, info) => void alarms.set(name, info.when),
        clear: async (name) => alarms.delete(name),
        get: async (name) => {
          const when = alarms.get(name);
          return when === undefined ? undefined : { name, scheduledTime: when };
        },
      },
      store,
      now: () => world.clock,
      random: () => 0.5,
    });
  };
  let scheduler = newWorker();
  await scheduler.start();
  await scheduler.settled();
  for (;;) {
    const [name, when] = [...alarms].sort((a, b) => a[1] - b[1])[0] ?? [];
    if (name === undefined || when === undefined || when > options.until) break;
    alarms.delete(name);
    world.clock = Math.max(world.clock, when);
    alarmCount += 1;
    if (options.restartEvery !== undefined && alarmCount % options.restartEvery === 0) {
      scheduler = newWorker();
      await scheduler.start();
    }
    await scheduler.handleAlarm({ name });
    await scheduler.settled();
  }
  return sends;
}

const MARK = `${HABITS_KEY}$`;

/** A valid learned model for `uuids`: any counts, lengths, turns and session starts. */
const anyHabits = (uuids: readonly string[]) =>
  fc.record({
    v: fc.constant(1 as const),
    turn: fc.nat({ max: 10 }),
    players: fc.dictionary(
      fc.constantFrom(...uuids, 'someone-unwatched'),
      fc.record(
        {
          since: fc.integer({ min: T0 - 60 * DAY, max: T0 + DAY }),
          logins: fc.array(fc.double({ min: 0, max: 1000, noNaN: true }), { minLength: 24, maxLength: 24 }),
          minutes: fc.double({ min: 0.01, max: 100_000, noNaN: true }),
          start: fc.integer({ min: T0 - DAY, max: T0 + DAY }),
        },
        { requiredKeys: ['since', 'logins', 'minutes'] },
      ),
    ),
  });

describe('the watchlist checking by learned habits', () => {
  it('never more than the budget in any hour over a simulated day, for any learned state, budget, habits and restarts; every player within FLOOR_EVERY × players checks of going floorMs unchecked', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 12 }).chain((count) =>
          fc.record({
            watched: fc.constant(players(count)),
            stored: fc.oneof(anyHabits(players(count)), fc.anything()),
            budget: fc.integer({ min: 6, max: 120 }),
            seed: fc.nat(),
            restartEvery: fc.option(fc.integer({ min: 1, max: 5 }), { nil: undefined }),
          }),
        ),
        async ({ watched, stored, budget, seed, restartEvery }) => {
          // Each player online in a few habitual hours of their own (from the seed).
          const world: World = {
            clock: T0,
            online: (uuid, at) =>
              (Math.floor(at / HOUR_MS) * 31 + Number(uuid.slice(-3)) * 7 + seed) % 24 < 4,
            statuses: {},
            checks: [],
          };
          const store = memoryStore({ [HABITS_KEY]: stored });
          const sends = await runScheduler({ world, watched, store, budget, until: T0 + DAY, restartEvery });
          expect(maxInAnyHour(sends)).toBeLessThanOrEqual(budget);
          const checked = world.checks.map((check) => check.uuid);
          for (const uuid of checked) expect(watched).toContain(uuid);
          const checks = world.checks.map((check) => ({ at: check.at, entry: check.uuid }));
          expect(longestOverdueInChecks(checks, watched, floorMs(watched.length))).toBeLessThanOrEqual(
            FLOOR_EVERY * watched.length,
          );
          expect(HabitsSchema.safeParse(await store.get(HABITS_KEY)).success).toBe(true);
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);

  it('checks a player who usually logs in at this hour far more often than the others then', async () => {
    const watched = players(20);
    const evening = watched[0] as string;
    // Two weeks of what the checks saw: the first player logs in at 20:00 UTC every day for
    // 90 min, the others at 08:00.
    let habits = freshHabits();
    for (let day = -14; day < 0; day += 1) {
      for (const uuid of watched) {
        const start = T0 + day * DAY + (uuid === evening ? 20 : 8) * HOUR_MS;
        const before = { online: false, checkedAt: start - 5 * 60_000 };
        habits = learn(habits, uuid, before, { online: true, checkedAt: start + 60_000 });
        const last = { online: true, checkedAt: start + 85 * 60_000 };
        habits = learn(habits, uuid, last, { online: false, checkedAt: start + 95 * 60_000 });
      }
    }
    const world: World = {
      clock: T0 + 19 * HOUR_MS,
      online: (uuid, at) => uuid === evening && at >= T0 + 20 * HOUR_MS + 2 * 60_000,
      statuses: {},
      checks: [],
    };
    // Everyone seen offline in the minutes before.
    watched.forEach((uuid, i) => {
      world.statuses[uuid] = {
        name: uuid,
        online: false,
        rankDisplay: '',
        checkedAt: world.clock - (i + 1) * 60_000,
      };
    });
    const store = memoryStore({ [HABITS_KEY]: habits });
    await runScheduler({ world, watched, store, budget: 60, until: T0 + 20 * HOUR_MS + 30 * 60_000 });
    const around = world.checks.filter((check) => check.at >= T0 + 19.5 * HOUR_MS);
    const ofEvening = around.filter((check) => check.uuid === evening);
    // Round-robin would check each of the 20 once or twice in this hour.
    expect(ofEvening.length).toBeGreaterThanOrEqual(5);
    const seen = ofEvening.find((check) => check.at >= T0 + 20 * HOUR_MS + 2 * 60_000);
    expect(seen).toBeDefined();
    expect((seen?.at ?? 0) - (T0 + 20 * HOUR_MS + 2 * 60_000)).toBeLessThanOrEqual(10 * 60_000);
  });

  it('a player never seen is checked at once, whatever the model says of the others', async () => {
    const watched = players(10);
    const world: World = { clock: T0, online: () => false, statuses: {}, checks: [] };
    for (const uuid of watched.slice(1)) {
      world.statuses[uuid] = { name: uuid, online: false, rankDisplay: '', checkedAt: T0 - 6 * HOUR_MS };
    }
    const store = memoryStore({ [HABITS_KEY]: { ...freshHabits(), turn: 1 } });
    await streamOf(world, watched, store).run();
    expect(world.checks.map((check) => check.uuid)).toEqual([watched[0]]);
  });

  it('restarts keep what was learned: a new worker every alarm checks exactly as one worker throughout', async () => {
    const watched = players(6);
    const online = (uuid: string, at: number) =>
      (Math.floor(at / HOUR_MS) + Number(uuid.slice(-1)) * 3) % 24 < 2;
    const run = async (restartEvery: number | undefined) => {
      const world: World = { clock: T0, online, statuses: {}, checks: [] };
      const store = memoryStore();
      await runScheduler({ world, watched, store, budget: 60, until: T0 + 3 * DAY, restartEvery });
      return { checks: world.checks, habits: readHabits(await store.get(HABITS_KEY)) };
    };
    const alive = await run(undefined);
    const restarting = await run(1);
    expect(restarting.checks).toEqual(alive.checks);
    expect(restarting.habits).toEqual(alive.habits);
    const learned = Object.values(restarting.habits?.players ?? {});
    expect(learned).toHaveLength(6);
    expect(learned.some((habit) => habit.logins.some((count) => count > 0))).toBe(true);
  }, 60_000);

  it('a corrupted model falls back to round-robin (least recently checked), then learning starts afresh', async () => {
    const watched = players(4);
    const world: World = { clock: T0, online: () => false, statuses: {}, checks: [] };
    // The model would pick the player seen longest ago (the fourth); round-robin the one checked longest ago (the second).
    const seenAt = [T0 - HOUR_MS, T0 - 2 * HOUR_MS, T0 - 3 * HOUR_MS, T0 - 20 * HOUR_MS];
    watched.forEach((uuid, i) => {
      world.statuses[uuid] = { name: uuid, online: false, rankDisplay: '', checkedAt: seenAt[i] as number };
    });
    const checkedAt = Object.fromEntries(
      watched.map((uuid, i) => [uuid, i === 1 ? T0 - 30 * HOUR_MS : T0 - 25 * HOUR_MS]),
    );
    const store = memoryStore({
      [HABITS_KEY]: { v: 1, turn: 'three', players: [] },
      [CHECK_TIMES_KEY]: checkedAt,
      [SCHEDULER_STATE_KEY]: 'another value',
    });
    await streamOf(world, watched, store).run();
    expect(world.checks.map((check) => check.uuid)).toEqual([watched[1]]);
    expect(readHabits(await store.get(HABITS_KEY))).not.toBeNull();
    // Through the same mechanism as a readable model: marked at this version, nothing else touched.
    expect(await store.get(MARK)).toEqual({ v: 2 });
    expect(await store.get(SCHEDULER_STATE_KEY)).toBe('another value');

    const valid = memoryStore({ [HABITS_KEY]: freshHabits(), [CHECK_TIMES_KEY]: checkedAt });
    world.checks = [];
    await streamOf(world, watched, valid).run();
    expect(world.checks.map((check) => check.uuid)).toEqual([watched[3]]);
  });

  /** Three watched players, each with a session learned at 20:00, all seen offline a while ago. */
  function learnedWorld() {
    const watched = players(3);
    let habits = freshHabits();
    for (const uuid of watched) {
      const start = T0 - DAY + 20 * HOUR_MS;
      habits = learn(
        habits,
        uuid,
        { online: false, checkedAt: start - 600_000 },
        { online: true, checkedAt: start },
      );
    }
    const world: World = { clock: T0, online: () => false, statuses: {}, checks: [] };
    watched.forEach((uuid, i) => {
      world.statuses[uuid] = {
        name: uuid,
        online: false,
        rankDisplay: '',
        checkedAt: T0 - (i + 1) * HOUR_MS,
      };
    });
    return { watched, habits, world };
  }
  /** The entries of the players the check did not ask about. */
  const othersOf = (model: unknown, checked: string) =>
    Object.entries((model as { players: Record<string, unknown> }).players).filter(([id]) => id !== checked);

  it('the model the previous release wrote (unmarked, `v: 1` inside) is migrated and kept: its learned counts stay and it goes on learning', async () => {
    const { watched, habits, world } = learnedWorld();
    const previous = { v: 1, ...habits };
    const store = memoryStore({ [HABITS_KEY]: previous });
    await streamOf(world, watched, store).run();
    const [checked] = world.checks.map((check) => check.uuid);
    const after = await store.get(HABITS_KEY);
    expect(await store.get(MARK)).toEqual({ v: 2 });
    expect(after).toMatchObject({ v: 1 });
    expect(othersOf(after, checked as string)).toEqual(othersOf(previous, checked as string));
    expect((after as Habits).players[checked as string]?.logins).toEqual(
      habits.players[checked as string]?.logins,
    );
  });

  it('a newer release’s model is used as far as this release knows it: its fields, player fields and mark stay', async () => {
    const { watched, habits, world } = learnedWorld();
    const newer = {
      v: 2,
      decay: 0.9,
      ...habits,
      players: Object.fromEntries(
        Object.entries(habits.players).map(([id, habit]) => [id, { ...habit, weekly: [id] }]),
      ),
    };
    const store = memoryStore({ [HABITS_KEY]: newer, [MARK]: { v: 3 } });
    const before = { ...world.statuses };
    await streamOf(world, watched, store).run();
    const [checked] = world.checks.map((check) => check.uuid);
    const after = (await store.get(HABITS_KEY)) as typeof newer;
    expect(await store.get(MARK)).toEqual({ v: 3 });
    expect(after).toMatchObject({ v: 2, decay: 0.9 });
    expect(othersOf(after, checked as string)).toEqual(othersOf(newer, checked as string));
    expect(after.players[checked as string]).toMatchObject({ weekly: [checked] });
    // What this check saw (offline) was learned: the session under way ended.
    const learned = learn(habits, checked as string, before[checked as string], {
      online: false,
      checkedAt: T0,
    });
    expect(readHabits(after)?.players[checked as string]).toEqual(learned.players[checked as string]);
    expect(habits.players[checked as string]).toHaveProperty('start');
    expect(after.players[checked as string]).not.toHaveProperty('start');
  });

  it('a newer release’s model this release cannot read is left as it is, and the check goes round-robin', async () => {
    const watched = players(3);
    const world: World = { clock: T0, online: () => false, statuses: {}, checks: [] };
    const newer = { turn: 0, players: { [watched[0] as string]: { hours: 'a new shape' } } };
    const store = memoryStore({
      [HABITS_KEY]: newer,
      [MARK]: { v: 3 },
      [CHECK_TIMES_KEY]: { [watched[0] as string]: T0 - HOUR_MS, [watched[2] as string]: T0 - HOUR_MS },
    });
    await streamOf(world, watched, store).run();
    expect(world.checks.map((check) => check.uuid)).toEqual([watched[1]]);
    expect(await store.get(HABITS_KEY)).toEqual(newer);
    expect(await store.get(MARK)).toEqual({ v: 3 });
  });
});

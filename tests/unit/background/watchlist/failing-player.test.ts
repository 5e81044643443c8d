// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { longestOverdueInChecks } from '@/bench/figures/floor-wait';
import type { WatchObserver } from '@/entrypoints/background/watchlist/observer';
import { createWatchlistStream } from '@/entrypoints/background/watchlist/watchlist-stream';
import { makePlayer } from '@/tests/fixtures/players';
import type { ApiError } from '@/utils/api/errors';
import { HABITS_KEY, readHabits } from '@/utils/scheduler/habits';
import { FLOOR_EVERY, floorMs } from '@/utils/scheduler/watch-floor';
import type { PlayerStatus } from '@/utils/watchlist/status';

/**
 * Issue 33, point 1: a watched player whose checks keep failing (an error, a timeout, an answer
 * this release cannot read) must not take every slot of the watchlist, nor back the stream off.
 */

const T0 = Date.UTC(2025, 0, 15, 10, 0, 0);
const MINUTE = 60_000;
const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function memoryStore(initial: Record<string, unknown> = {}) {
  const data = new Map<string, string>(Object.entries(initial).map(([k, v]) => [k, JSON.stringify(v)]));
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

function setup(count: number, failing: (uuid: string) => ApiError | undefined) {
  const watched = Array.from({ length: count }, (_, i) => uuidOf(i + 1));
  const world = {
    clock: T0,
    checks: [] as string[],
    /** When each of `checks` was asked. */
    times: [] as number[],
    statuses: {} as Record<string, PlayerStatus>,
  };
  const observer: WatchObserver = {
    observe: async (player) => {
      world.statuses[player.uuid] = {
        name: player.name,
        online: false,
        rankDisplay: '',
        checkedAt: world.clock,
      };
      return 'unchanged';
    },
    snapshot: async () => ({
      watched: watched.map((uuid) => ({ uuid, name: uuid, addedAt: T0 })),
      statuses: world.statuses,
    }),
  };
  const store = memoryStore();
  const stream = createWatchlistStream({
    gateway: {
      player: async (uuid) => {
        world.checks.push(uuid);
        world.times.push(world.clock);
        const error = failing(uuid);
        if (error) return { ok: false, error };
        return {
          ok: true,
          data: makePlayer({ uuid, name: `P${uuid.slice(-1)}`, online: false }),
          fetchedAt: world.clock,
        };
      },
    },
    observer,
    getWatched: async () => watched.map((uuid) => ({ uuid, name: uuid, addedAt: T0 })),
    isConfigured: async () => true,
    store,
    now: () => world.clock,
  });
  /** Runs the stream `times` times, a few minutes apart; the stream's results. */
  const run = async (times: number, every = 5 * MINUTE) => {
    const results = [];
    for (let i = 0; i < times; i += 1) {
      results.push(await stream.run());
      world.clock += every;
    }
    return results;
  };
  return { watched, world, store, run, stream };
}

const short = (uuid: string) => Number(uuid.slice(-2));

describe('a watched player whose checks keep failing', () => {
  for (const error of [
    { kind: 'unavailable' },
    { kind: 'timeout' },
    { kind: 'bad-response', detail: 'online: expected boolean' },
  ] as const satisfies readonly ApiError[]) {
    it(`does not take every slot (${error.kind}): the others are still checked within the floor`, async () => {
      const { watched, world, run } = setup(5, (uuid) => (uuid === uuidOf(3) ? error : undefined));
      await run(8 * FLOOR_EVERY * watched.length);
      const order = world.checks.map(short);
      // On the code before the fix: 1 2 3 3 3 3 …
      expect(order.slice(0, 6)).not.toEqual([1, 2, 3, 3, 3, 3]);
      // Within FLOOR_EVERY × players checks of going floorMs unchecked (utils/scheduler/watch-floor.ts).
      const checks = world.checks.map((entry, i) => ({ at: world.times[i] as number, entry }));
      const healthy = watched.filter((uuid) => uuid !== uuidOf(3));
      expect(longestOverdueInChecks(checks, healthy, floorMs(watched.length))).toBeLessThanOrEqual(
        FLOOR_EVERY * watched.length,
      );
      for (const n of [1, 2, 4, 5]) expect(order).toContain(n);
      // It backs off on its own: far fewer tries than the others' checks.
      const tries = order.filter((n) => n === 3).length;
      expect(tries).toBeLessThan(order.filter((n) => n === 1).length);
      expect(tries).toBeGreaterThan(0);
    });
  }

  it('does not back off the stream: its results are ok while the others answer', async () => {
    const { run } = setup(5, (uuid) => (uuid === uuidOf(3) ? { kind: 'unavailable' } : undefined));
    const results = await run(40);
    expect(results.every((result) => result.ok)).toBe(true);
  });

  it('a server failing for everyone still backs the stream off', async () => {
    const { run } = setup(5, () => ({ kind: 'unavailable' }));
    const results = await run(6);
    expect(results.slice(1).every((result) => !result.ok)).toBe(true);
    const offline = setup(5, () => ({ kind: 'offline' }));
    expect((await offline.run(3)).every((result) => !result.ok)).toBe(true);
  });

  it('keeps the failure with the learned model, with when it was tried and when it is tried next', async () => {
    const { store, run } = setup(3, (uuid) => (uuid === uuidOf(2) ? { kind: 'timeout' } : undefined));
    await run(3);
    const stored = (await store.get(HABITS_KEY)) as { failing?: Record<string, unknown> };
    expect(stored.failing?.[uuidOf(2)]).toMatchObject({
      failures: 1,
      failure: 'timeout',
      triedAt: T0 + 5 * MINUTE,
    });
    const failure = stored.failing?.[uuidOf(2)] as { retryAt: number };
    expect(failure.retryAt).toBeGreaterThan(T0 + 5 * MINUTE);
  });

  it('an answer ends the failure: the player is back in the order as any other', async () => {
    let broken = true;
    const { store, world, run } = setup(3, (uuid) =>
      uuid === uuidOf(2) && broken ? { kind: 'timeout' } : undefined,
    );
    await run(3);
    broken = false;
    await run(12);
    const stored = (await store.get(HABITS_KEY)) as { failing?: Record<string, unknown> };
    expect(stored.failing).toBeUndefined();
    expect(world.checks.filter((uuid) => uuid === uuidOf(2)).length).toBeGreaterThan(2);
  });

  it('an answer the user fetched (a look-up, Check now) ends the failure: tried again at its turn', async () => {
    let broken = true;
    const { store, world, run } = setup(2, (uuid) =>
      uuid === uuidOf(2) && broken ? { kind: 'timeout' } : undefined,
    );
    await run(2);
    expect(((await store.get(HABITS_KEY)) as { failing?: object }).failing).toHaveProperty(uuidOf(2));
    broken = false;
    // Seen by a look-up a minute later: the observer keeps the status with its time.
    world.statuses[uuidOf(2)] = { name: 'P2', online: false, rankDisplay: '', checkedAt: world.clock };
    world.clock += 60_000;
    world.checks = [];
    // Well within its 10 min rest: without the answer it would not be asked.
    await run(4, 60_000);
    expect(world.checks).toContain(uuidOf(2));
    expect(((await store.get(HABITS_KEY)) as { failing?: object }).failing).toBeUndefined();
  });

  it('a model whose failures this release cannot read (a newer release’s) is still read: only the failures are dropped', () => {
    const model = { v: 1, turn: 2, players: {}, failing: { [uuidOf(1)]: { failures: 'many', why: 'new' } } };
    expect(readHabits(model)).toEqual({ turn: 2, players: {}, failing: undefined });
    expect(readHabits({ v: 1, turn: 2, players: {} })).toEqual({ turn: 2, players: {} });
  });
});

describe('a watchlist whose every player rests (issue 37)', () => {
  it('asks for no slot until the first stops resting: no wasted request', async () => {
    const { watched, world, stream, store } = setup(2, () => undefined);
    const rest = (retryAt: number) => ({
      failures: 2,
      failure: 'bad-response',
      triedAt: T0 - MINUTE,
      retryAt,
    });
    await store.set({
      [HABITS_KEY]: {
        turn: 0,
        players: {},
        failing: {
          [watched[0] as string]: rest(T0 + 20 * MINUTE),
          [watched[1] as string]: rest(T0 + 9 * MINUTE),
        },
      },
    });
    // Before the fix: { everyMs: 0 }, due at once, and its slot checked no one.
    const demand = await stream.demand();
    expect(demand).toEqual({ everyMs: 0, dueAt: T0 + 9 * MINUTE });
    expect(world.checks).toEqual([]);
  });

  it('says its best player’s news and its floor while someone can be checked', async () => {
    const { world, run, stream } = setup(2, () => undefined);
    await run(2, MINUTE);
    const demand = await stream.demand();
    expect(demand?.dueAt).toBeUndefined();
    expect(demand?.news).toBeGreaterThanOrEqual(0);
    expect(demand?.floorAt).toBeGreaterThan(world.clock);
  });
});

// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { Gateway } from '@/entrypoints/background/gateway/gateway';
import { createRankStream, RANK_WATCH_STREAM } from '@/entrypoints/background/rank-watch/rank-stream';
import type { ApiError } from '@/utils/api/errors';
import type { Leaderboard } from '@/utils/api/schemas';
import type { LeaderboardType } from '@/utils/api/vocabulary';
import { HOUR_MS } from '@/utils/history/history-limits';
import { LEADERBOARD_LIFETIME_MS } from '@/utils/limits';
import type { RankChange } from '@/utils/rank-watch/rank-changes';
import { boardEveryMs, rankWatchDemand } from '@/utils/rank-watch/rank-demand';
import { RANK_BOARD_EVERY_MS, RANK_WATCH_KEY, readRankState } from '@/utils/rank-watch/rank-state';
import { ENTRY_RETRY_FIRST_MS } from '@/utils/scheduler/entry-failures';
import { finishSlot, type PlanContext, planSlot, takeSlot } from '@/utils/scheduler/plan';
import { MIN_ALARM_DELAY_MS } from '@/utils/scheduler/scheduler-limits';
import { freshState } from '@/utils/scheduler/scheduler-state';
import { RANK_WATCH_STREAM as STREAM_ID, STREAM_ORDER } from '@/utils/scheduler/stream-ids';

const T = 1_800_000_000_000;
/** Hours simulated per run. */
const HOURS = 6;

function memoryStore() {
  const items = new Map<string, unknown>();
  return {
    items,
    get: async (key: string) => structuredClone(items.get(key)),
    set: async (values: Record<string, unknown>) => {
      for (const [key, value] of Object.entries(values)) items.set(key, structuredClone(value));
    },
  };
}

type Entry = { name: string; value: number };
interface Harness {
  clock: { now: number };
  boards: Record<LeaderboardType, Entry[]>;
  failing: Partial<Record<LeaderboardType, ApiError['kind']>>;
  reads: { board: LeaderboardType; at: number }[];
  announced: RankChange[][];
  settings: { rankWatch: boolean; ownName: string; rankNotify: boolean; rankNotifyTop: 10 | 25 | 50 | 100 };
  watched: string[];
  store: ReturnType<typeof memoryStore>;
}

function harness(patch: Partial<Harness> = {}) {
  const h: Harness = {
    clock: { now: T },
    boards: { balance: [], shards: [], kills: [] },
    failing: {},
    reads: [],
    announced: [],
    settings: { rankWatch: true, ownName: 'Me', rankNotify: true, rankNotifyTop: 10 },
    watched: [],
    store: memoryStore(),
    ...patch,
  };
  const gateway: Pick<Gateway, 'leaderboard'> = {
    leaderboard: vi.fn(async (board: LeaderboardType, limit: number) => {
      h.reads.push({ board, at: h.clock.now });
      expect(limit).toBe(100);
      const kind = h.failing[board];
      if (kind !== undefined) return { ok: false as const, error: { kind } as ApiError };
      const entries = [...h.boards[board]]
        .sort((a, b) => b.value - a.value)
        .slice(0, limit)
        .map((entry, index) => ({ rank: index + 1, uuid: `u-${entry.name}`, ...entry }));
      const data: Leaderboard = { type: board, count: entries.length, entries };
      return { ok: true as const, data, fetchedAt: h.clock.now };
    }),
  };
  const stream = createRankStream({
    gateway,
    getSettings: async () => h.settings,
    getWatchedNames: async () => h.watched,
    isConfigured: async () => true,
    store: h.store,
    now: () => h.clock.now,
    announce: async (changes) => {
      h.announced.push([...changes]);
    },
  });
  return { h, stream, gateway };
}

const ranked = (...names: string[]): Entry[] =>
  names.map((name, index) => ({ name, value: 1000 - index * 10 }));

describe('the rank-watch stream', () => {
  it('is the fourth stream, after the others in the round-robin', () => {
    expect(STREAM_ORDER.at(-1)).toBe(STREAM_ID);
    expect(RANK_WATCH_STREAM).toBe(STREAM_ID);
  });

  it('wants nothing when off, or with no one to watch', async () => {
    expect(
      await harness({
        settings: { rankWatch: false, ownName: 'Me', rankNotify: false, rankNotifyTop: 10 },
      }).stream.demand(),
    ).toBeNull();
    expect(
      await harness({
        settings: { rankWatch: true, ownName: '', rankNotify: false, rankNotifyTop: 10 },
      }).stream.demand(),
    ).toBeNull();
    const watching = harness({
      settings: { rankWatch: true, ownName: '', rankNotify: false, rankNotifyTop: 10 },
      watched: ['Ann'],
    });
    expect(await watching.stream.demand()).toEqual({ everyMs: RANK_BOARD_EVERY_MS / 3, dueAt: 0 });
  });

  it('reads one board per slot, each at most once per its pace, and records the places', async () => {
    const { h, stream } = harness({ watched: ['Ann'] });
    h.boards.kills = ranked('Ann', 'Me');
    for (let i = 0; i < 4; i++) expect(await stream.run()).toEqual({ ok: true });
    expect(h.reads.map((read) => read.board)).toEqual(['balance', 'shards', 'kills']);
    const state = readRankState(h.store.items.get(RANK_WATCH_KEY));
    expect(state.boards.kills?.reads.at(-1)?.places).toEqual({ me: 2, ann: 1 });
    expect(state.boards.balance?.reads.at(-1)?.places).toEqual({ me: null, ann: null });
    expect((await stream.demand())?.dueAt).toBe(T + RANK_BOARD_EVERY_MS);
  });

  it('announces a player entering the top N and you overtaken, once each', async () => {
    const filler = Array.from({ length: 20 }, (_, i) => `P${i}`);
    const { h, stream } = harness({ watched: ['Ann'] });
    h.boards.kills = [...ranked('Me', ...filler), { name: 'Ann', value: 1 }];
    for (let i = 0; i < 3; i++) await stream.run();
    expect(h.announced).toEqual([]);
    h.boards.kills = [...h.boards.kills.filter((e) => e.name !== 'Ann'), { name: 'Ann', value: 5000 }];
    h.clock.now += RANK_BOARD_EVERY_MS;
    for (let i = 0; i < 3; i++) await stream.run();
    expect(h.announced.flat()).toEqual([
      { kind: 'entered', board: 'kills', name: 'Ann', top: 10, place: 1 },
      { kind: 'overtaken', board: 'kills', name: 'Ann', place: 2 },
    ]);
    // The same standing at the next read: nothing more.
    h.clock.now += RANK_BOARD_EVERY_MS;
    for (let i = 0; i < 3; i++) await stream.run();
    expect(h.announced.flat()).toHaveLength(2);
  });

  it('announces nothing with notifications off, and still records', async () => {
    const { h, stream } = harness({ watched: ['Ann'] });
    h.settings.rankNotify = false;
    h.boards.kills = ranked('P1', 'Me', 'Ann');
    for (let i = 0; i < 3; i++) await stream.run();
    h.boards.kills = ranked('Ann', 'P1', 'Me');
    h.clock.now += RANK_BOARD_EVERY_MS;
    for (let i = 0; i < 3; i++) await stream.run();
    expect(h.announced).toEqual([]);
    expect(readRankState(h.store.items.get(RANK_WATCH_KEY)).boards.kills?.reads).toHaveLength(2);
  });

  it('a failing board rests on its own; the stream is told ok and the other boards go on', async () => {
    const { h, stream } = harness();
    h.failing.kills = 'unavailable';
    for (let i = 0; i < 3; i++) expect(await stream.run()).toEqual({ ok: true });
    const kills = readRankState(h.store.items.get(RANK_WATCH_KEY)).boards.kills;
    expect(kills?.failure).toMatchObject({
      failures: 1,
      failure: 'unavailable',
      retryAt: T + ENTRY_RETRY_FIRST_MS,
    });
    // Still failing after two more rounds: resting, not read each slot.
    for (let round = 1; round <= 2; round++) {
      h.clock.now += RANK_BOARD_EVERY_MS;
      for (let i = 0; i < 3; i++) expect(await stream.run()).toEqual({ ok: true });
    }
    const count = (board: LeaderboardType) => h.reads.filter((read) => read.board === board).length;
    expect([count('balance'), count('shards')]).toEqual([3, 3]);
    expect(count('kills')).toBeLessThanOrEqual(3);
  });

  it("the server's failure (offline) backs the stream off and keeps nothing", async () => {
    const { h, stream } = harness();
    h.failing.balance = 'offline';
    expect(await stream.run()).toEqual({ ok: false, failure: 'offline' });
    expect(h.store.items.get(RANK_WATCH_KEY)).toBeUndefined();
  });
});

describe('the demand and its cadence on the one scheduler', () => {
  it('never asks a board sooner than the server recomputes it, whatever pace is chosen', () => {
    for (const board of ['balance', 'shards', 'kills'] as const) {
      expect(boardEveryMs(board)).toBeGreaterThanOrEqual(LEADERBOARD_LIFETIME_MS[board]);
      expect(boardEveryMs(board, 1)).toBe(LEADERBOARD_LIFETIME_MS[board]);
    }
    expect(
      rankWatchDemand({ enabled: true, configured: false, tracked: 3, state: { boards: {} }, now: T }),
    ).toBeNull();
  });

  it('property: with a hungry watchlist and the badge, any budget, a failing board: within the budget, each board no more often than its pace, the others served', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 6, max: 120 }),
        fc.constantFrom<LeaderboardType | undefined>(undefined, 'balance', 'kills'),
        fc.constantFrom<ApiError['kind']>('unavailable', 'timeout', 'bad-response'),
        async (budgetPerHour, failingBoard, kind) => {
          const { h, stream } = harness({ watched: ['Ann'] });
          if (failingBoard) h.failing[failingBoard] = kind;
          h.boards.balance = ranked('Me', 'Ann');
          let state = freshState(() => 0.5);
          const sends: { id: string; at: number }[] = [];
          const end = T + HOURS * HOUR_MS;
          while (h.clock.now < end) {
            const now = h.clock.now;
            const demands = [
              { id: 'badge', demand: { everyMs: 60_000 } },
              { id: 'watchlist', demand: { everyMs: 0 } },
              { id: STREAM_ID, demand: await stream.demand() },
            ];
            const context: PlanContext = {
              now,
              budgetPerHour,
              pauseUntil: Number.NEGATIVE_INFINITY,
              demands,
            };
            const plan = planSlot(state, context);
            if (plan.kind === 'nothing') break;
            if (plan.kind === 'wait') {
              h.clock.now = Math.max(plan.at, now + MIN_ALARM_DELAY_MS);
              continue;
            }
            sends.push({ id: plan.streamId, at: now });
            state = takeSlot(state, { ...plan, now });
            const result = plan.streamId === STREAM_ID ? await stream.run() : { ok: true as const };
            state = finishSlot(state, plan.streamId, result);
          }
          // Within the budget: no hour holds more sends than it.
          for (let i = budgetPerHour; i < sends.length; i++)
            expect(
              (sends[i] as { at: number }).at - (sends[i - budgetPerHour] as { at: number }).at,
            ).toBeGreaterThanOrEqual(HOUR_MS);
          // Each board read no more often than its pace (never sooner than its refresh).
          for (const board of ['balance', 'shards', 'kills'] as const) {
            const times = h.reads.filter((read) => read.board === board).map((read) => read.at);
            for (let i = 1; i < times.length; i++)
              expect((times[i] as number) - (times[i - 1] as number)).toBeGreaterThanOrEqual(
                boardEveryMs(board),
              );
            // At its pace (2 an hour) when the budget allows; else its round-robin share (a third of it) split by three.
            const expected = Math.min(HOURS * (HOUR_MS / RANK_BOARD_EVERY_MS), (HOURS * budgetPerHour) / 9);
            if (board !== failingBoard) expect(times.length).toBeGreaterThanOrEqual(Math.floor(expected) - 3);
          }
          // The others keep their turns: the watchlist at least its round-robin third.
          const watchlist = sends.filter((send) => send.id === 'watchlist').length;
          expect(watchlist).toBeGreaterThanOrEqual(Math.floor(sends.length / 3) - 1);
        },
      ),
      { numRuns: 8 },
    );
  });
});

/**
 * An install with failing entries (issue 33, point 1), simulated in plain Node on the real
 * decision code: the real scheduler (as scheduler-sim.ts runs it), the real watchlist stream
 * (entrypoints/background/watchlist/watchlist-stream.ts, its state in an in-memory store) and
 * the saved searches' real rotation (entrypoints/background/saved-searches/search-rotation.ts,
 * on in-memory search states, as saved-search-checks.ts keeps them). The badge counts once a
 * minute. The players and searches named failing fail every check with the error given; every
 * other request succeeds. The property test (tests/unit/background/scheduler/failing-floors.test.ts)
 * and the bench's full-profile figure (failing-entries.ts) both run it.
 */

import {
  nextSearchToCheck,
  searchFailedCheck,
} from '../../entrypoints/background/saved-searches/search-rotation';
import { createScheduler, type Scheduler } from '../../entrypoints/background/scheduler/scheduler';
import type { SchedulerStore } from '../../entrypoints/background/scheduler/scheduler-ports';
import type { Stream } from '../../entrypoints/background/scheduler/streams';
import type { WatchObserver } from '../../entrypoints/background/watchlist/observer';
import { createWatchlistStream } from '../../entrypoints/background/watchlist/watchlist-stream';
import type { ApiError } from '../../utils/api/errors';
import type { Player } from '../../utils/api/schemas';
import type { SearchStates } from '../../utils/saved-searches/search-state';
import {
  BADGE_STREAM,
  SAVED_SEARCH_STREAM,
  savedSearchDemand,
  WATCHLIST_STREAM,
} from '../../utils/scheduler/stream-ids';
import type { PlayerStatus } from '../../utils/watchlist/status';
import { BADGE_EVERY_MS, runAlarms, SIM_START, simAlarms } from './scheduler-sim';

export type FailingStream = typeof BADGE_STREAM | typeof WATCHLIST_STREAM | typeof SAVED_SEARCH_STREAM;

export interface FailingRequest {
  at: number;
  stream: FailingStream;
  /** The player or search checked (none for the badge). */
  entry?: string;
  ok: boolean;
}

export interface FailingOptions {
  budgetPerHour: number;
  watched: number;
  /** Saved searches with an alert. */
  alerts: number;
  /** Player `player${n}` fails with this error (n from 1). */
  failingPlayers: ReadonlyMap<number, ApiError>;
  /** Search `search${n}` fails with this error (n from 1). */
  failingSearches: ReadonlyMap<number, ApiError>;
  /** Simulated from SIM_START until this time. */
  endAt: number;
  /** Stop the worker after every alarm (as Chrome does after 30 s idle). */
  restarting?: boolean;
  random: () => number;
}

const playerId = (n: number) => `player${n}`;
const searchId = (n: number) => `search${n}`;

function memoryStore(): SchedulerStore {
  const stored = new Map<string, string>();
  return {
    get: async (key) => {
      const json = stored.get(key);
      return json === undefined ? undefined : JSON.parse(json);
    },
    set: async (items) => {
      for (const [key, value] of Object.entries(items)) stored.set(key, JSON.stringify(value));
    },
  };
}

function answer(uuid: string, online: boolean): Player {
  return {
    uuid,
    name: uuid,
    online,
    rank: { id: 'member', display: 'Member', weight: 1 },
    balance: 0,
    shards: 0,
    stats: { kills: 0, deaths: 0, playtime_ticks: 0, playtime_hours: 0 },
    stats_may_lag: false,
  };
}

/** Runs the install and returns every request it sent, oldest first. */
export async function simulateFailingInstall(options: FailingOptions): Promise<FailingRequest[]> {
  let clock = SIM_START;
  const requests: FailingRequest[] = [];
  const players = Array.from({ length: options.watched }, (_, i) => playerId(i + 1));
  const searches = Array.from({ length: options.alerts }, (_, i) => searchId(i + 1));
  const failingPlayer = new Map([...options.failingPlayers].map(([n, error]) => [playerId(n), error]));
  const failingSearch = new Map([...options.failingSearches].map(([n, error]) => [searchId(n), error]));

  const statuses: Record<string, PlayerStatus> = {};
  const observer: WatchObserver = {
    observe: async (player) => {
      statuses[player.uuid] = { name: player.name, online: player.online, rankDisplay: '', checkedAt: clock };
      return 'unchanged';
    },
    snapshot: async () => ({
      watched: players.map((uuid) => ({ uuid, name: uuid, addedAt: SIM_START })),
      statuses,
    }),
  };
  const localStore = memoryStore();
  const states: SearchStates = {};

  const badge: Stream<FailingStream> = {
    id: BADGE_STREAM,
    demand: () => ({ everyMs: BADGE_EVERY_MS }),
    run: async () => {
      requests.push({ at: clock, stream: BADGE_STREAM, ok: true });
      return { ok: true };
    },
  };
  const alerts: Stream<FailingStream> = {
    id: SAVED_SEARCH_STREAM,
    demand: () => savedSearchDemand(searches.length),
    run: async () => {
      const id = nextSearchToCheck(searches, states, clock);
      if (id === undefined) return { ok: true };
      const error = failingSearch.get(id);
      requests.push({ at: clock, stream: SAVED_SEARCH_STREAM, entry: id, ok: error === undefined });
      const state = states[id] ?? {
        last: null,
        seen: [],
        baselineFor: null,
        baselineRev: null,
        windowFrom: null,
      };
      if (error === undefined) {
        const { failure: _, ...rest } = state;
        states[id] = { ...rest, last: { at: clock, lowest: 1, median: 1, listings: 1 } };
        return { ok: true };
      }
      const failed = searchFailedCheck(states, id, error.kind, clock);
      if (failed.failure) states[id] = { ...state, failure: failed.failure };
      return failed.result;
    },
  };

  const { pending, alarms } = simAlarms();
  const schedulerStore = memoryStore();
  const newWorker = (): Scheduler<FailingStream> => {
    const watchlist = createWatchlistStream({
      gateway: {
        player: async (uuid) => {
          const error = failingPlayer.get(uuid);
          requests.push({ at: clock, stream: WATCHLIST_STREAM, entry: uuid, ok: error === undefined });
          if (error) return { ok: false, error };
          // Online in a few hours of the day of their own: the learned order has something to learn.
          const online = (Math.floor(clock / 3_600_000) + players.indexOf(uuid)) % 24 < 3;
          return { ok: true, data: answer(uuid, online), fetchedAt: clock };
        },
      },
      observer,
      getWatched: async () => players.map((uuid) => ({ uuid, name: uuid, addedAt: SIM_START })),
      isConfigured: async () => true,
      store: localStore,
      now: () => clock,
    });
    return createScheduler<FailingStream>({
      streams: [badge, watchlist, alerts],
      budgetPerHour: () => options.budgetPerHour,
      pauseSecondsLeft: () => 0,
      idle: { queryState: async () => 'active', setDetectionInterval: () => {} },
      alarms,
      store: schedulerStore,
      now: () => clock,
      random: options.random,
    });
  };

  await runAlarms({
    pending,
    newWorker,
    advanceTo: (at) => {
      clock = Math.max(clock, at);
    },
    endAt: options.endAt,
    restarting: options.restarting,
  });
  return requests;
}

/**
 * The longest run of a stream's consecutive checks (`entries`, in order) some entry of `healthy`
 * waited between two of its checks, counted in checks (from the first check of each: before it
 * the list was being gone through once). A floor of k checks holds when this is at most k.
 */
export function longestWaitInChecks(entries: readonly string[], healthy: readonly string[]): number {
  const watched = new Set(healthy);
  const lastAt = new Map<string, number>();
  let longest = 0;
  entries.forEach((entry, index) => {
    if (!watched.has(entry)) return;
    const before = lastAt.get(entry);
    if (before !== undefined) longest = Math.max(longest, index - before);
    lastAt.set(entry, index);
  });
  // Still waiting at the end of the run.
  for (const entry of healthy) {
    const before = lastAt.get(entry);
    longest = Math.max(longest, before === undefined ? entries.length + 1 : entries.length - before);
  }
  return longest;
}

/** The longest time (ms) an entry of `healthy` went unchecked from `from` to `to`. */
export function longestWaitMs(
  checks: readonly { at: number; entry?: string }[],
  healthy: readonly string[],
  from: number,
  to: number,
): number {
  const byEntry = new Map<string, number[]>();
  for (const check of checks) {
    if (check.entry === undefined || check.at < from) continue;
    byEntry.set(check.entry, [...(byEntry.get(check.entry) ?? []), check.at]);
  }
  let longest = 0;
  for (const entry of healthy) {
    const times = [from, ...(byEntry.get(entry) ?? []), to];
    for (let i = 1; i < times.length; i += 1)
      longest = Math.max(longest, (times[i] as number) - (times[i - 1] as number));
  }
  return longest;
}

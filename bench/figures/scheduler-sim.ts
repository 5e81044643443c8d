/**
 * The background request scheduler (entrypoints/background/scheduler/scheduler.ts) run under a
 * simulated clock in plain Node, for the scheduler figures: the real module, with in-memory
 * alarms (fired when the clock reaches them, once, as Chrome's are), an in-memory store (copied
 * through JSON, as browser storage is) and a fixed idle state. Streams as the extension will have
 * them: the badge's count (one a minute) and a watchlist checked one player per request, least
 * recently checked first. Every request succeeds. Plus the pure helpers the figures count with.
 */

import { mulberry32 } from '../../demo/random';
import { leastRecentlyChecked, withCheck } from '../../entrypoints/background/scheduler/rotation';
import { createScheduler, type Scheduler } from '../../entrypoints/background/scheduler/scheduler';
import type {
  IdleState,
  SchedulerAlarms,
  SchedulerStore,
} from '../../entrypoints/background/scheduler/scheduler-ports';
import type { Stream } from '../../entrypoints/background/scheduler/streams';
import type { StreamDemand } from '../../utils/scheduler/demand';
import { DEFAULT_BUDGET_PER_HOUR, HOUR_MS } from '../../utils/scheduler/scheduler-limits';
import { savedSearchDemand } from '../../utils/scheduler/stream-ids';

/** The badge's demand in the figures: one count a minute. */
export const BADGE_EVERY_MS = 60_000;
/** Where simulated time starts (any instant works; this is 2025-01-15 12:00 UTC). */
export const SIM_START = Date.UTC(2025, 0, 15, 12, 0, 0);

export type SimStream = 'badge' | 'watchlist' | 'saved-searches';

export interface SimRequest {
  at: number;
  stream: SimStream;
  /** The watched player checked, for the watchlist. */
  player?: string;
}

export interface InstallOptions {
  budgetPerHour?: number;
  badge: boolean;
  watched: number;
  /** Idle (or locked) throughout: `chrome.idle` never reports active. */
  idle?: boolean;
  /** When the browser (and the worker) starts. */
  startAt?: number;
  /** Simulated until this time. */
  endAt: number;
  /** Stop the worker after every alarm, so each alarm wakes a new one (as Chrome does after 30 s idle). */
  restarting?: boolean;
  /** The install's random source (its jitter is drawn from it once). */
  random?: () => number;
  /** The badge's demand at `now` (Automatic, issue 37); one count a minute when absent. */
  badgeDemand?: (now: number) => StreamDemand;
  /** Told of each count the badge reads. */
  onBadgeRead?: (at: number) => void;
  /** Saved searches with an alert (the third stream, savedSearchDemand). */
  alerts?: number;
  /** The watchlist's demand and its check at `now` (news per request, issue 37); round-robin when absent. */
  watchlist?: { demand: (now: number) => StreamDemand; check: (now: number) => string | undefined };
  /** The alerts' demand and check at `now` (issue 37); savedSearchDemand when absent. */
  alert?: { demand: (now: number) => StreamDemand; check: (now: number) => void };
}

/** Player names for a watchlist of `count`. */
export const watchedPlayers = (count: number) => Array.from({ length: count }, (_, i) => `player${i + 1}`);

/** Runs one install's scheduler from `startAt` to `endAt` and returns every request it sent. */
export async function simulateInstall(options: InstallOptions): Promise<SimRequest[]> {
  let clock = options.startAt ?? SIM_START;
  const requests: SimRequest[] = [];
  const players = watchedPlayers(options.watched);
  let checkedAt = {};

  const { pending, alarms } = simAlarms();
  const stored = new Map<string, string>();
  const store: SchedulerStore = {
    get: async (key) => {
      const json = stored.get(key);
      return json === undefined ? undefined : JSON.parse(json);
    },
    set: async (items) => {
      for (const [key, value] of Object.entries(items)) stored.set(key, JSON.stringify(value));
    },
  };
  const idleState: IdleState = options.idle ? 'idle' : 'active';
  const streams: Stream<SimStream>[] = [
    {
      id: 'badge',
      demand: () => {
        if (!options.badge) return null;
        return options.badgeDemand ? options.badgeDemand(clock) : { everyMs: BADGE_EVERY_MS };
      },
      run: async () => {
        requests.push({ at: clock, stream: 'badge' });
        options.onBadgeRead?.(clock);
        return { ok: true };
      },
    },
    {
      id: 'watchlist',
      demand: () =>
        players.length === 0 ? null : options.watchlist ? options.watchlist.demand(clock) : { everyMs: 0 },
      run: async () => {
        if (options.watchlist) {
          requests.push({ at: clock, stream: 'watchlist', player: options.watchlist.check(clock) });
          return { ok: true };
        }
        const player = leastRecentlyChecked(players, checkedAt) as string;
        checkedAt = withCheck(checkedAt, players, player, clock);
        requests.push({ at: clock, stream: 'watchlist', player });
        return { ok: true };
      },
    },
    {
      id: 'saved-searches',
      demand: () => {
        const demand = savedSearchDemand(options.alerts ?? 0);
        return demand === null || options.alert === undefined ? demand : options.alert.demand(clock);
      },
      run: async () => {
        options.alert?.check(clock);
        requests.push({ at: clock, stream: 'saved-searches' });
        return { ok: true };
      },
    },
  ];
  const random = options.random ?? Math.random;
  const newWorker = (): Scheduler<SimStream> =>
    createScheduler({
      streams,
      budgetPerHour: () => options.budgetPerHour ?? DEFAULT_BUDGET_PER_HOUR,
      pauseSecondsLeft: () => 0,
      idle: { queryState: async () => idleState, setDetectionInterval: () => {} },
      alarms,
      store,
      now: () => clock,
      random,
    });

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

/** The scheduler's alarms held in a map, for `runAlarms` to fire in time order. */
export function simAlarms(): { pending: Map<string, number>; alarms: SchedulerAlarms } {
  const pending = new Map<string, number>();
  const alarms: SchedulerAlarms = {
    create(name, info) {
      pending.set(name, info.when);
    },
    clear: async (name) => pending.delete(name),
    get: async (name) => {
      const when = pending.get(name);
      return when === undefined ? undefined : { name, scheduledTime: when };
    },
  };
  return { pending, alarms };
}

/**
 * Fires the pending alarms in time order until `endAt`, moving the simulated clock to each; with
 * `restarting`, each alarm wakes a new worker, as a stopped service worker does.
 */
export async function runAlarms<S extends string>(options: {
  pending: Map<string, number>;
  newWorker: () => Scheduler<S>;
  advanceTo: (at: number) => void;
  endAt: number;
  restarting?: boolean;
}): Promise<void> {
  const { pending, newWorker } = options;
  let scheduler = newWorker();
  await scheduler.start();
  await scheduler.settled();
  for (;;) {
    const next = Math.min(...pending.values());
    if (!Number.isFinite(next) || next > options.endAt) break;
    const [name] = [...pending].find(([, when]) => when === next) as [string, number];
    pending.delete(name);
    options.advanceTo(next);
    if (options.restarting) {
      scheduler = newWorker();
      await scheduler.start();
    }
    await scheduler.handleAlarm({ name });
    await scheduler.settled();
  }
}

/** The most sends in any hour, (t - 1 h, t], of `times` (oldest first). */
export function maxInAnyHour(times: readonly number[]): number {
  let most = 0;
  let first = 0;
  for (let last = 0; last < times.length; last += 1) {
    while ((times[first] as number) <= (times[last] as number) - HOUR_MS) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

/** How `times` fall over the 60 seconds of a minute: the count per second, and the busiest second ÷ the mean. */
export function spreadOverMinute(times: readonly number[]): { perSecond: number[]; maxOverMean: number } {
  const perSecond = Array.from({ length: 60 }, () => 0);
  for (const at of times) {
    const second = Math.floor(at / 1000) % 60;
    perSecond[second] = (perSecond[second] as number) + 1;
  }
  const mean = times.length / 60;
  return { perSecond, maxOverMean: mean === 0 ? 0 : Math.max(...perSecond) / mean };
}

/**
 * For each event (a watched player coming online at `at`), how long until a check of that player
 * at or after it; events with no check after them are left out. `checks` oldest first.
 */
export function detectionDelays(
  checks: readonly { at: number; player: string }[],
  events: readonly { at: number; player: string }[],
): number[] {
  const byPlayer = new Map<string, number[]>();
  for (const check of checks) {
    const times = byPlayer.get(check.player) ?? [];
    times.push(check.at);
    byPlayer.set(check.player, times);
  }
  const delays: number[] = [];
  for (const event of events) {
    const seen = byPlayer.get(event.player)?.find((at) => at >= event.at);
    if (seen !== undefined) delays.push(seen - event.at);
  }
  return delays;
}

/** A seeded random source, so every bench run simulates the same installs (the demo's PRNG). */
export const seededRandom = mulberry32;

/**
 * The badge's count paced by itself (issue 37) against today's one count a minute, beside the
 * habit simulation: a simulated online count (a daily cycle, a weekly rhythm and noise, seeded),
 * the real scheduler's slots (scheduler-sim.ts) with the badge, a watchlist and one alert, for
 * three weeks; the third is measured. Per run: the watchlist's slots, replayed by the learned
 * policy and by round-robin on synthetic players (habits-sim.ts), and by the informed bound
 * (informed-sim.ts) at the new split; the badge's error (|shown − true| / true, each minute) and
 * the shown count's age; the requests in the busiest hour.
 *
 * Run alone: `npx tsx bench/figures/count-pace-sim.ts` (`COUNT_SHAPE=quiet|demo`); the registered
 * figure is `count-pace` (count-pace.ts, `BENCH_ONLY=count-pace`).
 */

import { searchesWorth } from '../../entrypoints/background/saved-searches/search-rotation';
import { leastRecentlyChecked } from '../../entrypoints/background/scheduler/rotation';
import { DAY_MS, MINUTE_MS } from '../../utils/history/history-limits';
import type { OnlineCountRow } from '../../utils/history/history-rows';
import type { SearchState } from '../../utils/saved-searches/search-state';
import {
  COUNT_MODEL_REFRESH_MS,
  COUNT_MODEL_SPAN_MS,
  type CountModel,
  countModel,
  RECENT_SLOPE_MS,
  withRecentSlope,
} from '../../utils/scheduler/count-pace';
import type { StreamDemand } from '../../utils/scheduler/demand';
import { freshHabits, type Habits, learn, type Observed } from '../../utils/scheduler/habits';
import { badgePaceDemand, nextNewPerHour, watchlistWorth, withWorth } from '../../utils/scheduler/news';
import { HOUR_MS } from '../../utils/scheduler/scheduler-limits';
import { savedSearchDemand } from '../../utils/scheduler/stream-ids';
import { nextToCheck } from '../../utils/scheduler/watch-priority';
import { median, percentile, round } from '../lib/stats';
import {
  type Check,
  cachedRates,
  type Detection,
  detections,
  observe,
  replayChecks,
  type SimPlayer,
  syntheticPlayers,
} from './habits-sim';
import { informedBadgeErrors } from './informed-badge';
import { informedOptions, replayInformed } from './informed-sim';
import { BADGE_EVERY_MS, maxInAnyHour, SIM_START, seededRandom, simulateInstall } from './scheduler-sim';

export const LEARN_DAYS = 14;
export const MEASURED_DAYS = 7;
export const SEED = 4242;
/** Lists of up to this many players are simulated 10 at a time; longer ones 2 (each takes about 10× as long). */
const SHORT_LIST = 50;

/**
 * The true count, minute by minute: the demo's level (about 1,200) with a daily cycle (±400,
 * highest at 19:00 UTC), weekends 10 % busier, the demo's 7-minute wiggle (±25) and a random
 * walk pulled back to the curve (σ 4 a minute), seeded.
 */
export interface CountShape {
  /** The demo's 7-minute wiggle's amplitude (players). */
  wiggle: number;
  /** The random walk's step σ a minute (players). */
  noise: number;
}
/** The demo's shape; QUIET_COUNT: the daily cycle with little noise (a count that moves smoothly). */
export const DEMO_COUNT: CountShape = { wiggle: 25, noise: 4 };
export const QUIET_COUNT: CountShape = { wiggle: 0, noise: 1 };

export function simulatedCount(
  seed: number,
  from: number,
  days: number,
  shape: CountShape = DEMO_COUNT,
): (at: number) => number {
  const random = seededRandom(seed);
  const minutes = days * 24 * 60;
  const values = new Float64Array(minutes + 1);
  let drift = 0;
  for (let i = 0; i <= minutes; i += 1) {
    const at = from + i * MINUTE_MS;
    const hour = (at % DAY_MS) / HOUR_MS;
    const weekday = new Date(at).getUTCDay();
    const weekly = weekday === 0 || weekday === 6 ? 1.1 : 1;
    const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
    drift = 0.97 * drift + shape.noise * normal;
    const daily = 1200 + 400 * Math.cos(((hour - 19) / 24) * 2 * Math.PI);
    values[i] = Math.max(
      0,
      Math.round(daily * weekly + shape.wiggle * Math.sin((2 * Math.PI * i) / 7 + 1) + drift),
    );
  }
  return (at) => values[Math.max(0, Math.min(minutes, Math.floor((at - from) / MINUTE_MS)))] as number;
}

type Pace = 'fixed' | 'automatic';

/** The one alert's new listings below its price arrive at random, this many an hour on average. */
export const ALERT_LISTINGS_PER_HOUR = 1;

export interface Outcome {
  median: number;
  p95: number;
  never: number;
}

export interface Run {
  pace: Pace;
  count: string;
  watched: number;
  lists: number;
  badgePerHour: number;
  watchlistPerHour: number;
  alertPerHour: number;
  busiestHour: number;
  errorMedian: number;
  errorP95: number;
  /** The informed badge (informed-badge.ts) with the same reads: its error median / p95. */
  informedErrorMedian: number;
  informedErrorP95: number;
  ageMedian: number;
  ageP95: number;
  /** Minutes from a listing below the alert to the check that found it. */
  alertMedian: number;
  alertP95: number;
  policies: Record<'round-robin' | 'habits' | 'informed', Outcome>;
}

/**
 * A stream's demand at `now`, computed once until its stream runs (`changed`): the scheduler asks
 * every stream before and after each request at the same instant, and only the one that ran can
 * say something new. The same answers, a third fewer scans of the watchlist.
 */
function memoized(demand: (now: number) => StreamDemand) {
  let key: number | undefined;
  let value: StreamDemand = null;
  return Object.assign(
    (now: number): StreamDemand => {
      if (key !== now) [key, value] = [now, demand(now)];
      return value;
    },
    { changed: () => (key = undefined) },
  );
}

/** The index of the first of `rows` (oldest first) at or after `time`. */
function firstAtOrAfter(rows: readonly OnlineCountRow[], time: number): number {
  let [low, high] = [0, rows.length];
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((rows[mid] as OnlineCountRow).time < time) low = mid + 1;
    else high = mid;
  }
  return low;
}

/**
 * One install, three weeks, for one watchlist: the real scheduler (scheduler-sim.ts) with the
 * three streams saying their news as the extension's do (utils/scheduler/news.ts): the badge by
 * `badgePaceDemand` on the counts it read, the watchlist by its learned habits (checked in the
 * loop, learning from its own checks, as watchlist-stream.ts), the alert by its recent rate.
 */
export async function simulateList(
  pace: Pace,
  players: readonly SimPlayer[],
  shape: CountShape,
  listSeed: number,
) {
  const days = LEARN_DAYS + MEASURED_DAYS;
  const end = SIM_START + days * DAY_MS;
  const trueCount = simulatedCount(SEED, SIM_START, days, shape);
  const rows: OnlineCountRow[] = [];
  let built: { model: CountModel; builtAt: number } | undefined;
  const modelAt = (now: number): CountModel => {
    if (built === undefined || now - built.builtAt >= COUNT_MODEL_REFRESH_MS)
      built = {
        model: countModel(rows.slice(firstAtOrAfter(rows, now - COUNT_MODEL_SPAN_MS)), now),
        builtAt: now,
      };
    const recent: OnlineCountRow[] = [];
    for (let i = rows.length - 1; i >= 0 && (rows[i] as OnlineCountRow).time >= now - RECENT_SLOPE_MS; i -= 1)
      recent.unshift(rows[i] as OnlineCountRow);
    return withRecentSlope(built.model, recent, now);
  };
  const settings = {
    badgeEnabled: true,
    badgeShows: 'online-count' as const,
    badgeIntervalSeconds: BADGE_EVERY_MS / 1000,
    badgePace: pace,
  };
  const badgeDemand = memoized((now: number): StreamDemand => {
    const last = rows.at(-1);
    const reading = last === undefined ? undefined : { count: last.count, at: last.time };
    return badgePaceDemand(settings, true, pace === 'fixed' ? undefined : modelAt(now), reading, now);
  });

  // The watchlist, as watchlist-stream.ts: its news and floor, and the player each slot checks.
  const uuids = players.map((player) => player.uuid);
  const byUuid = new Map(players.map((player) => [player.uuid, player]));
  const checkedAt: Record<string, number> = {};
  const last: Record<string, Observed> = {};
  let habits: Habits = freshHabits();
  const checks: Check[] = [];
  const watchlistDemand = memoized((now: number) =>
    withWorth(
      { everyMs: 0 },
      watchlistWorth({ players: uuids, checkedAt, last, habits, now, rates: cachedRates }),
    ),
  );
  const watchlist = {
    demand: watchlistDemand,
    check: (now: number) => {
      watchlistDemand.changed();
      const choice = nextToCheck({
        players: uuids,
        checkedAt,
        roundRobin: leastRecentlyChecked,
        last,
        habits,
        now,
        rates: cachedRates,
      });
      const uuid = choice.uuid;
      if (uuid === undefined) return undefined;
      checkedAt[uuid] = now;
      const seen = observe(byUuid.get(uuid)?.sessions ?? [], now);
      habits = { ...learn(habits, uuid, last[uuid], seen), turn: choice.turn };
      last[uuid] = seen;
      checks.push({ at: now, uuid });
      return uuid;
    },
  };

  // The alert: listings below its price at random (Poisson), found by the next check.
  const random = seededRandom(listSeed);
  const listings: number[] = [];
  for (let at = SIM_START; at < end; ) {
    at += (-Math.log(1 - random()) / ALERT_LISTINGS_PER_HOUR) * HOUR_MS;
    listings.push(at);
  }
  let state: SearchState = { last: null, seen: [], baselineFor: null, baselineRev: null };
  let nextListing = 0;
  const found: { listedAt: number; at: number }[] = [];
  const alertDemand = memoized((now: number) =>
    withWorth(savedSearchDemand(1) ?? { everyMs: 0 }, searchesWorth(['s'], { s: state }, now)),
  );
  const alert = {
    demand: alertDemand,
    check: (now: number) => {
      alertDemand.changed();
      let count = 0;
      while (nextListing < listings.length && (listings[nextListing] as number) <= now) {
        found.push({ listedAt: listings[nextListing] as number, at: now });
        nextListing += 1;
        count += 1;
      }
      const newPerHour = nextNewPerHour(
        state.newPerHour,
        count,
        (now - (state.last?.at ?? Number.NaN)) / HOUR_MS,
      );
      state = {
        ...state,
        last: { at: now, lowest: null, median: null, listings: count },
        ...(newPerHour === undefined ? {} : { newPerHour }),
      };
    },
  };

  const requests = await simulateInstall({
    badge: true,
    watched: players.length,
    alerts: 1,
    endAt: end,
    random: seededRandom(SEED),
    badgeDemand,
    onBadgeRead: (at) => {
      badgeDemand.changed();
      rows.push({ time: at, count: trueCount(at) });
    },
    watchlist,
    alert,
  });
  return { requests, rows, checks, found, trueCount, end };
}

/** What one list's install measured (structured-cloneable: a worker sends it back). */
export interface ListMeasure {
  /** Requests per stream in the measured week. */
  sent: Record<'badge' | 'watchlist' | 'saved-searches', number>;
  busiestHour: number;
  errors: number[];
  informedErrors: number[];
  ages: number[];
  alertDelays: number[];
  found: Record<keyof Run['policies'], Detection>;
}

/** The `index`-th list of `watched` synthetic players. */
export const listPlayers = (watched: number, index: number): SimPlayer[] =>
  syntheticPlayers(seededRandom(SEED + watched + index), watched, SIM_START, LEARN_DAYS + MEASURED_DAYS);

/** The `index`-th list of `watched` players: its install simulated, its week measured. */
export async function measureList(
  pace: Pace,
  watched: number,
  shape: CountShape,
  index: number,
): Promise<ListMeasure> {
  const days = LEARN_DAYS + MEASURED_DAYS;
  const from = SIM_START + LEARN_DAYS * DAY_MS;
  const to = SIM_START + days * DAY_MS - 2 * HOUR_MS;
  const players = listPlayers(watched, index);
  const informed = informedOptions(watched);
  const run = await simulateList(pace, players, shape, SEED + 7 * index);
  const measured = run.requests.filter((request) => request.at >= from);
  const sent = { badge: 0, watchlist: 0, 'saved-searches': 0 };
  for (const request of measured) sent[request.stream] += 1;
  const errors: number[] = [];
  const ages: number[] = [];
  const alertDelays: number[] = [];
  // The badge shows the last count read: its error and age, each minute of the measured week.
  let next = 0;
  let shown: OnlineCountRow | undefined;
  for (let at = from; at < run.end; at += MINUTE_MS) {
    while (next < run.rows.length && (run.rows[next] as OnlineCountRow).time <= at) shown = run.rows[next++];
    if (shown === undefined) continue;
    const truth = run.trueCount(at);
    errors.push((100 * Math.abs(shown.count - truth)) / Math.max(1, truth));
    ages.push((at - shown.time) / MINUTE_MS);
  }
  const badgeReads = run.rows.filter((row) => row.time >= from && row.time < run.end).length;
  const informedErrors = informedBadgeErrors(run.trueCount, from, run.end, badgeReads);
  for (const listing of run.found)
    if (listing.listedAt >= from) alertDelays.push((listing.at - listing.listedAt) / MINUTE_MS);
  const slots = run.requests.filter((request) => request.stream === 'watchlist').map((request) => request.at);
  return {
    sent,
    busiestHour: maxInAnyHour(measured.map((request) => request.at)),
    errors,
    informedErrors,
    ages,
    alertDelays,
    found: {
      habits: detections(players, run.checks, from, to),
      'round-robin': detections(
        players,
        replayChecks(players, slots, 'round-robin', leastRecentlyChecked).checks,
        from,
        to,
      ),
      informed: detections(
        players,
        replayInformed(players, slots, SIM_START, from - DAY_MS, informed),
        from,
        to,
      ),
    },
  };
}

/** Runs one list's measure: in this thread by default, in a worker pool from count-pace.ts. */
export type ListRunner = (
  pace: Pace,
  watched: number,
  shape: CountShape,
  index: number,
) => Promise<ListMeasure>;

export async function simulatePace(
  pace: Pace,
  watched: number,
  shape: CountShape = DEMO_COUNT,
  listCount = watched <= SHORT_LIST ? 10 : 2,
  runList: ListRunner = measureList,
): Promise<Run> {
  const hours = MEASURED_DAYS * 24;
  const lists = await Promise.all(
    Array.from({ length: listCount }, (_, i) => runList(pace, watched, shape, i)),
  );
  const errors: number[] = [];
  const informedErrors: number[] = [];
  const ages: number[] = [];
  const alertDelays: number[] = [];
  const perHour = { badge: 0, watchlist: 0, 'saved-searches': 0 };
  let busiestHour = 0;
  const found: Record<keyof Run['policies'], Detection[]> = { 'round-robin': [], habits: [], informed: [] };
  for (const list of lists) {
    // One request at a time, in list order: the same sums, to the last bit, as before the pool.
    for (const stream of ['badge', 'watchlist', 'saved-searches'] as const)
      for (let n = 0; n < list.sent[stream]; n += 1) perHour[stream] += 1 / hours / lists.length;
    busiestHour = Math.max(busiestHour, list.busiestHour);
    errors.push(...list.errors);
    informedErrors.push(...list.informedErrors);
    ages.push(...list.ages);
    alertDelays.push(...list.alertDelays);
    for (const policy of ['round-robin', 'habits', 'informed'] as const)
      found[policy].push(list.found[policy]);
  }
  const outcome = (list: readonly Detection[]): Outcome => {
    const delays = list.flatMap((one) => one.delays);
    const sessions = list.reduce((sum, one) => sum + one.sessions, 0);
    const never = list.reduce((sum, one) => sum + one.neverSeen, 0);
    return {
      median: round(median(delays), 1),
      p95: round(percentile(delays, 95), 1),
      never: round((100 * never) / Math.max(1, sessions), 1),
    };
  };
  return {
    pace,
    count: shape === DEMO_COUNT ? 'demo' : 'quiet',
    watched,
    lists: lists.length,
    badgePerHour: round(perHour.badge, 1),
    watchlistPerHour: round(perHour.watchlist, 1),
    alertPerHour: round(perHour['saved-searches'], 1),
    busiestHour,
    errorMedian: round(median(errors), 2),
    errorP95: round(percentile(errors, 95), 2),
    informedErrorMedian: round(median(informedErrors), 2),
    informedErrorP95: round(percentile(informedErrors, 95), 2),
    ageMedian: round(median(ages), 1),
    ageP95: round(percentile(ages, 95), 1),
    alertMedian: round(median(alertDelays), 1),
    alertP95: round(percentile(alertDelays, 95), 1),
    policies: {
      'round-robin': outcome(found['round-robin']),
      habits: outcome(found.habits),
      informed: outcome(found.informed),
    },
  };
}

async function main(): Promise<void> {
  const only = process.env.COUNT_SHAPE;
  for (const shape of [DEMO_COUNT, QUIET_COUNT]) {
    if (only === 'quiet' && shape !== QUIET_COUNT) continue;
    if (only === 'demo' && shape !== DEMO_COUNT) continue;
    for (const watched of [20, 200]) {
      for (const pace of ['fixed', 'automatic'] as const) {
        console.log(JSON.stringify(await simulatePace(pace, watched, shape)));
      }
    }
  }
}

if (process.argv[1]?.endsWith('count-pace-sim.ts')) await main();

/**
 * The badge's count paced by itself (issue 37) against today's one count a minute, beside the
 * habit simulation: a simulated online count (a daily cycle, a weekly rhythm and noise, seeded),
 * the real scheduler's slots (scheduler-sim.ts) with the badge, a watchlist and one alert, for
 * three weeks; the third is measured. Per run: the watchlist's slots, replayed by the learned
 * policy and by round-robin on synthetic players (habits-sim.ts), and by the informed bound
 * (informed-sim.ts) at the new split; the badge's error (|shown − true| / true, each minute) and
 * the shown count's age; the requests in the busiest hour.
 *
 * Run alone: `npx tsx bench/figures/count-pace-sim.ts` (not part of `npm run bench` yet).
 */

import { leastRecentlyChecked } from '../../entrypoints/background/scheduler/rotation';
import { DAY_MS, MINUTE_MS } from '../../utils/history/history-limits';
import type { OnlineCountRow } from '../../utils/history/history-rows';
import {
  COUNT_MODEL_REFRESH_MS,
  COUNT_MODEL_SPAN_MS,
  type CountModel,
  countModel,
  nextCountReadAt,
  RECENT_SLOPE_MS,
  withRecentSlope,
} from '../../utils/scheduler/count-pace';
import type { StreamDemand } from '../../utils/scheduler/demand';
import { HOUR_MS } from '../../utils/scheduler/scheduler-limits';
import { SMALL_LIST } from '../../utils/scheduler/watch-priority';
import { median, percentile, round } from '../lib/stats';
import { type Check, detections, replayChecks, type SimPlayer, syntheticPlayers } from './habits-sim';
import { replayInformed } from './informed-sim';
import { BADGE_EVERY_MS, maxInAnyHour, SIM_START, seededRandom, simulateInstall } from './scheduler-sim';

const LEARN_DAYS = 14;
const MEASURED_DAYS = 7;
const SEED = 4242;

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

interface Run {
  pace: Pace;
  count: string;
  watched: number;
  badgePerHour: number;
  watchlistPerHour: number;
  busiestHour: number;
  errorMedian: number;
  errorP95: number;
  ageMedian: number;
  ageP95: number;
  policies: Record<'round-robin' | 'habits' | 'informed', { median: number; p95: number; never: number }>;
}

export async function simulatePace(
  pace: Pace,
  watched: number,
  shape: CountShape = DEMO_COUNT,
): Promise<Run> {
  const days = LEARN_DAYS + MEASURED_DAYS;
  const end = SIM_START + days * DAY_MS;
  const trueCount = simulatedCount(SEED, SIM_START, days, shape);
  const rows: OnlineCountRow[] = [];
  let built: { model: CountModel; builtAt: number } | undefined;
  const modelAt = (now: number): CountModel => {
    if (built === undefined || now - built.builtAt >= COUNT_MODEL_REFRESH_MS)
      built = {
        model: countModel(
          rows.filter((row) => row.time >= now - COUNT_MODEL_SPAN_MS),
          now,
        ),
        builtAt: now,
      };
    const recent: OnlineCountRow[] = [];
    for (let i = rows.length - 1; i >= 0 && (rows[i] as OnlineCountRow).time >= now - RECENT_SLOPE_MS; i -= 1)
      recent.unshift(rows[i] as OnlineCountRow);
    return withRecentSlope(built.model, recent, now);
  };
  const badgeDemand = (now: number): StreamDemand => {
    const last = rows.at(-1);
    if (pace === 'fixed' || last === undefined) return { everyMs: BADGE_EVERY_MS };
    const dueAt = nextCountReadAt(modelAt(now), { count: last.count, at: last.time }, BADGE_EVERY_MS);
    return { everyMs: dueAt - last.time, dueAt };
  };
  const requests = await simulateInstall({
    badge: true,
    watched,
    alerts: 1,
    endAt: end,
    random: seededRandom(SEED),
    badgeDemand,
    onBadgeRead: (at) => rows.push({ time: at, count: trueCount(at) }),
  });
  const from = SIM_START + LEARN_DAYS * DAY_MS;
  const measured = requests.filter((request) => request.at >= from);
  const slots = requests.filter((request) => request.stream === 'watchlist').map((request) => request.at);

  // The badge shows the last count read: its error and age, each minute of the measured week.
  const errors: number[] = [];
  const ages: number[] = [];
  let next = 0;
  let shown: OnlineCountRow | undefined;
  for (let at = from; at < end; at += MINUTE_MS) {
    while (next < rows.length && (rows[next] as OnlineCountRow).time <= at) shown = rows[next++];
    if (shown === undefined) continue;
    const truth = trueCount(at);
    errors.push((100 * Math.abs(shown.count - truth)) / Math.max(1, truth));
    ages.push((at - shown.time) / MINUTE_MS);
  }

  const lists = Array.from({ length: Math.ceil(500 / watched) }, (_, i) =>
    syntheticPlayers(seededRandom(SEED + watched + i), watched, SIM_START, days),
  );
  const to = end - 2 * HOUR_MS;
  const outcome = (checksOf: (players: readonly SimPlayer[]) => Check[]) => {
    const found = lists.map((players) => detections(players, checksOf(players), from, to));
    const delays = found.flatMap((list) => list.delays);
    const sessions = found.reduce((sum, list) => sum + list.sessions, 0);
    const never = found.reduce((sum, list) => sum + list.neverSeen, 0);
    return {
      median: round(median(delays), 1),
      p95: round(percentile(delays, 95), 1),
      never: round((100 * never) / Math.max(1, sessions), 1),
    };
  };
  const informed = watched <= SMALL_LIST ? { onlineHold: 60, sinceWeight: 0.5 } : { onlineHold: 60 };
  const hours = MEASURED_DAYS * 24;
  return {
    pace,
    count: shape === DEMO_COUNT ? 'demo' : 'quiet',
    watched,
    badgePerHour: round(measured.filter((request) => request.stream === 'badge').length / hours, 1),
    watchlistPerHour: round(measured.filter((request) => request.stream === 'watchlist').length / hours, 1),
    busiestHour: maxInAnyHour(measured.map((request) => request.at)),
    errorMedian: round(median(errors), 2),
    errorP95: round(percentile(errors, 95), 2),
    ageMedian: round(median(ages), 1),
    ageP95: round(percentile(ages, 95), 1),
    policies: {
      'round-robin': outcome(
        (players) => replayChecks(players, slots, 'round-robin', leastRecentlyChecked).checks,
      ),
      habits: outcome((players) => replayChecks(players, slots, 'habits', leastRecentlyChecked).checks),
      informed: outcome((players) => replayInformed(players, slots, SIM_START, from - DAY_MS, informed)),
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

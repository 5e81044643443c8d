/**
 * Round-robin (today) against the scheduler that learns when players play, on synthetic players
 * with habits (habits-sim.ts): the real scheduler's slots (scheduler-sim.ts) at the default
 * budget, badge on at one count a minute, for three simulated weeks; the learned policy learns
 * from its own checks during the first two, the third is measured. At 20 and at 200 watched
 * players: the median and 95th percentile from coming online to seen (over the sessions seen),
 * the share of sessions never seen, and the background's requests per hour (the same slots for
 * both: only whom a slot checks differs). Seeded: the same players and slots every run.
 */

import { leastRecentlyChecked } from '../../entrypoints/background/scheduler/rotation';
import { DEFAULT_BUDGET_PER_HOUR, HOUR_MS } from '../../utils/scheduler/scheduler-limits';
import { FLOOR_EVERY, floorMs } from '../../utils/scheduler/watch-floor';
import type { Measured } from '../lib/figures';
import { median, percentile, round } from '../lib/stats';
import {
  type Check,
  detections,
  type Policy,
  replayChecks,
  type SimPlayer,
  syntheticPlayers,
} from './habits-sim';
import { informedOptions, replayInformed } from './informed-sim';
import { maxInAnyHour, SIM_START, seededRandom, simulateInstall } from './scheduler-sim';

const LEARN_DAYS = 14;
const MEASURED_DAYS = 7;
// Not one of the seeds the policy's parameters were chosen on (7, 11, 29, 100–119, 2026).
const SEED = 4242;
/**
 * The gates, at 20 watched: today's figures with a little room, so a regression fails (the
 * issue's targets, median 5 min, p95 15 min, 2 % never seen: the first two are missed, and the
 * informed policy too misses the p95: bench/README.md).
 */
const GATE_20 = { median: 8, p95: 33, neverSeenPercent: 2.5 };
const TARGET_20 = { median: 5, p95: 15, neverSeenPercent: 2 };
/**
 * At 200 watched, each figure's ratio to round-robin's: today's with a little room (the issue's
 * target is a third).
 */
const GATE_200 = { median: 0.6, p95: 0.75, neverSeenPercent: 0.8 };

/** The informed policy starts this long before the measured week, every player taken as seen offline then. */
const INFORMED_LEAD_MS = 24 * HOUR_MS;

type Reported = Policy | 'informed';

interface Outcome {
  median: number;
  p95: number;
  neverSeenPercent: number;
  sessions: number;
  /** Watchlists simulated. */
  lists: number;
  /** The same by kind of player: "habitual 5.5 / 15.4 min, 1 % never seen; …". */
  byKind: string;
}

export interface HabitsRun {
  watched: number;
  perHour: number;
  watchlistPerHour: number;
  outcomes: Record<Reported, Outcome>;
}

/** Both policies at `watched` players. */
export async function simulateHabits(watched: number): Promise<HabitsRun> {
  const days = LEARN_DAYS + MEASURED_DAYS;
  const end = SIM_START + days * 24 * HOUR_MS;
  const requests = await simulateInstall({ badge: true, watched, endAt: end, random: seededRandom(SEED) });
  const slots = requests.filter((request) => request.stream === 'watchlist').map((request) => request.at);
  // Several watchlists of synthetic players (about 500 players in all), each on the same slots:
  // one list of 20 is too few to say much about a policy.
  const lists = Array.from({ length: Math.ceil(500 / watched) }, (_, i) =>
    syntheticPlayers(seededRandom(SEED + watched + i), watched, SIM_START, days),
  );
  const from = SIM_START + LEARN_DAYS * 24 * HOUR_MS;
  // Sessions starting before the last two hours: each has had its chance to be seen.
  const to = end - 2 * HOUR_MS;
  const outcome = (checksOf: (players: readonly SimPlayer[]) => Check[]): Outcome => {
    const runs = lists.map((players) => ({ players, checks: checksOf(players) }));
    const found = runs.map(({ players, checks }) => detections(players, checks, from, to));
    const byKind = (['habitual', 'irregular', 'rare'] as const).map((kind) => {
      const ofKind = runs.map(({ players, checks }) =>
        detections(
          players.filter((player) => player.kind === kind),
          checks,
          from,
          to,
        ),
      );
      const kindDelays = ofKind.flatMap((list) => list.delays);
      const kindSessions = ofKind.reduce((sum, list) => sum + list.sessions, 0);
      const kindNever = ofKind.reduce((sum, list) => sum + list.neverSeen, 0);
      return `${kind} (${kindSessions} sessions) ${round(median(kindDelays), 1)} / ${round(percentile(kindDelays, 95), 1)} min, ${round((100 * kindNever) / Math.max(1, kindSessions), 1)} % never seen`;
    });
    const delays = found.flatMap((list) => list.delays);
    const sessions = found.reduce((sum, list) => sum + list.sessions, 0);
    const neverSeen = found.reduce((sum, list) => sum + list.neverSeen, 0);
    return {
      median: round(median(delays), 1),
      p95: round(percentile(delays, 95), 1),
      neverSeenPercent: round((100 * neverSeen) / Math.max(1, sessions), 1),
      sessions,
      lists: lists.length,
      byKind: byKind.join('; '),
    };
  };
  const measured = requests.filter((request) => request.at >= from);
  return {
    watched,
    perHour: maxInAnyHour(measured.map((request) => request.at)),
    watchlistPerHour: round(slots.filter((at) => at >= from).length / (MEASURED_DAYS * 24), 1),
    outcomes: {
      'round-robin': outcome(
        (players) => replayChecks(players, slots, 'round-robin', leastRecentlyChecked).checks,
      ),
      habits: outcome((players) => replayChecks(players, slots, 'habits', leastRecentlyChecked).checks),
      informed: outcome((players) =>
        replayInformed(players, slots, SIM_START, from - INFORMED_LEAD_MS, informedOptions(watched)),
      ),
    },
  };
}

const NAMES: Readonly<Record<Reported, string>> = {
  'round-robin': 'round-robin',
  habits: 'learned habits',
  informed: 'informed policy (knows the true habits; a bound, not budgeted)',
};

function figuresFor(run: HabitsRun): Measured[] {
  const { watched } = run;
  const rr = run.outcomes['round-robin'];
  const learned = run.outcomes.habits;
  const informed = run.outcomes.informed;
  const note = `synthetic players with habits (bench/figures/habits-sim.ts), the real scheduler's slots at the default budget (${DEFAULT_BUDGET_PER_HOUR}/h), badge at one count a minute; ${LEARN_DAYS} days learned, then ${MEASURED_DAYS} measured: ${learned.lists} lists of ${watched} players, ${learned.sessions} sessions, ${run.watchlistPerHour} watchlist checks an hour (one in ${FLOOR_EVERY} round-robin once someone has gone ${round(floorMs(watched) / HOUR_MS, 1)} h unchecked); round-robin: median ${rr.median} min, p95 ${rr.p95} min, never seen ${rr.neverSeenPercent} %; learned habits: median ${learned.median} min, p95 ${learned.p95} min, never seen ${learned.neverSeenPercent} %; informed policy (${JSON.stringify(informedOptions(watched))}, from a day before the measured week): median ${informed.median} min, p95 ${informed.p95} min, never seen ${informed.neverSeenPercent} %; by kind (median / p95), round-robin: ${rr.byKind}; learned habits: ${learned.byKind}; informed: ${informed.byKind}`;
  const rows: [key: 'median' | 'p95' | 'neverSeenPercent', id: string, label: string, unit: string][] = [
    ['median', 'median', 'online to seen, median', 'min'],
    ['p95', 'p95', 'online to seen, 95th percentile', 'min'],
    ['neverSeenPercent', 'never-seen', 'sessions never seen', '%'],
  ];
  const figures: Measured[] = [];
  for (const [key, id, label, unit] of rows) {
    figures.push({
      id: `scheduler-habits-${watched}-${id}-round-robin`,
      label: `${NAMES['round-robin']}, ${watched} watched: ${label}`,
      value: rr[key],
      unit,
      note,
    });
    const value = learned[key];
    figures.push(
      watched <= 20
        ? {
            id: `scheduler-habits-${watched}-${id}`,
            label: `${NAMES.habits}, ${watched} watched: ${label} (issue's target: ${TARGET_20[key]} ${unit})`,
            value,
            unit,
            budget: { op: '<=', limit: GATE_20[key] },
            note,
          }
        : {
            id: `scheduler-habits-${watched}-${id}`,
            label: `${NAMES.habits}, ${watched} watched: ${label}, against round-robin (issue's target: 0.33×)`,
            value,
            unit,
            baseline: rr[key],
            baselineLabel: NAMES['round-robin'],
            ratio: rr[key] === 0 ? (value === 0 ? 0 : Number.POSITIVE_INFINITY) : round(value / rr[key], 2),
            budget: { op: '<=', limit: GATE_200[key], on: 'ratio' },
            note,
          },
    );
    // Reported, not budgeted: what knowing the true habits would reach on the same slots.
    figures.push({
      id: `scheduler-habits-${watched}-${id}-informed`,
      label: `${NAMES.informed}, ${watched} watched: ${label}`,
      value: informed[key],
      unit,
      baseline: rr[key],
      baselineLabel: NAMES['round-robin'],
      ratio: rr[key] === 0 ? 0 : round(informed[key] / rr[key], 2),
      note,
    });
  }
  figures.push({
    id: `scheduler-habits-${watched}-requests`,
    label: `Both schedulers, ${watched} watched: background requests in the busiest hour (the same slots)`,
    value: run.perHour,
    unit: 'requests',
    budget: { op: '<=', limit: DEFAULT_BUDGET_PER_HOUR },
    note,
  });
  return figures;
}

export async function measureSchedulerHabits(): Promise<Measured[]> {
  const figures: Measured[] = [];
  for (const watched of [20, 200]) figures.push(...figuresFor(await simulateHabits(watched)));
  return figures;
}

/**
 * How long until a watched player coming online is seen, at the default budget: the real
 * scheduler on a simulated clock (scheduler-sim.ts) for a week, badge on at one count a minute,
 * 20 watched players checked one per request, least recently checked first. 10,000 comings
 * online at random times (after the first day) to random watched players; each is seen at the
 * next check of that player. Reported: the median and the 95th percentile.
 */
import { DEFAULT_BUDGET_PER_HOUR, HOUR_MS } from '../../utils/scheduler/scheduler-limits';
import type { Measured } from '../lib/figures';
import { median, percentile, round } from '../lib/stats';
import { detectionDelays, SIM_START, seededRandom, simulateInstall, watchedPlayers } from './scheduler-sim';

const DAYS = 7;
const WATCHED = 20;
const EVENTS = 10_000;
const SEED = 42;

export async function measureSchedulerLatency(): Promise<Measured[]> {
  const random = seededRandom(SEED);
  const end = SIM_START + DAYS * 24 * HOUR_MS;
  const requests = await simulateInstall({ badge: true, watched: WATCHED, endAt: end, random });
  const checks = requests.flatMap((request) =>
    request.player === undefined ? [] : [{ at: request.at, player: request.player }],
  );
  const players = watchedPlayers(WATCHED);
  // From the second day (the schedule settled) to two hours before the end (every event gets its check).
  const from = SIM_START + 24 * HOUR_MS;
  const span = end - 2 * HOUR_MS - from;
  const events = Array.from({ length: EVENTS }, () => ({
    at: from + Math.floor(random() * span),
    player: players[Math.floor(random() * players.length)] as string,
  }));
  const minutes = detectionDelays(checks, events).map((ms) => ms / 60_000);
  const checksSpan = (checks.at(-1)?.at ?? 0) - (checks[0]?.at ?? 0);
  const playerEveryMinutes = (checksSpan / Math.max(1, checks.length - 1)) * (WATCHED / 60_000);
  const note = `the real scheduler on a simulated clock, ${DAYS} days at the default budget (${DEFAULT_BUDGET_PER_HOUR}/h), badge at one count a minute, ${WATCHED} watched players, each checked every ${round(playerEveryMinutes, 1)} min; ${minutes.length} comings online at random times, each seen at the next check of that player`;
  return [
    {
      id: 'scheduler-latency-median',
      label: `Watched player online to seen, median (${WATCHED} watched, badge on)`,
      value: round(median(minutes), 1),
      unit: 'min',
      note,
    },
    {
      id: 'scheduler-latency-p95',
      label: `Watched player online to seen, 95th percentile (${WATCHED} watched, badge on)`,
      value: round(percentile(minutes, 95), 1),
      unit: 'min',
      note,
    },
  ];
}

/**
 * The fleet at the API: 100,000 installs with 20 watched players each and the badge on, half of
 * them idle, at the default budget. Simulating all of them would take minutes, so a sample of
 * 2,000 installs runs the real scheduler (scheduler-sim.ts), each with its own random jitter and
 * a random browser start in the first hour; the second hour (all of them started, in their
 * steady state) is counted and scaled up 50 times.
 *
 * - Requests per second at the API (reported).
 * - Spread over the 60 seconds of a minute: the busiest second of the minute ÷ the mean second.
 *   Budget: at most 1.5 (no spike at any second). Baseline, same run: the same sample with no
 *   jitter (every install on the same grid), which is what the jitter prevents.
 */
import { DEFAULT_BUDGET_PER_HOUR, HOUR_MS } from '../../utils/scheduler/scheduler-limits';
import type { Measured } from '../lib/figures';
import { round } from '../lib/stats';
import { SIM_START, seededRandom, simulateInstall, spreadOverMinute } from './scheduler-sim';

const FLEET = 100_000;
const SAMPLE = 2_000;
const WATCHED = 20;
const SEED = 2_025;
/** The busiest second of the minute may carry at most this × the mean second. */
export const SPREAD_LIMIT = 1.5;

/** The requests the sample's active installs send in the counted hour. */
async function sampleRequests(options: { jitter: boolean }): Promise<{ sent: number[]; active: number }> {
  const random = seededRandom(SEED);
  const counted = { from: SIM_START + HOUR_MS, to: SIM_START + 2 * HOUR_MS };
  const sent: number[] = [];
  let active = 0;
  for (let install = 0; install < SAMPLE; install += 1) {
    const idle = install % 2 === 1;
    if (!idle) active += 1;
    const requests = await simulateInstall({
      badge: true,
      watched: WATCHED,
      idle,
      startAt: SIM_START + Math.floor(random() * HOUR_MS),
      endAt: counted.to,
      random: options.jitter ? random : () => 0,
    });
    for (const { at } of requests) if (at >= counted.from && at < counted.to) sent.push(at);
  }
  return { sent, active };
}

export async function measureSchedulerFleet(): Promise<Measured[]> {
  const { sent, active } = await sampleRequests({ jitter: true });
  const unjittered = spreadOverMinute((await sampleRequests({ jitter: false })).sent);
  const scale = FLEET / SAMPLE;
  const perSecond = (sent.length * scale) / (HOUR_MS / 1000);
  const spread = spreadOverMinute(sent);
  /** Requests per second at each second of the minute, for the whole fleet. */
  const atSecond = (count: number) => round((count * scale) / (HOUR_MS / 60_000), 1);
  const ceiling = (FLEET / 2) * (DEFAULT_BUDGET_PER_HOUR / 3600);
  const sample = `a sample of ${SAMPLE} installs (${active} active, each with its own random jitter and browser start) on the real scheduler, simulated clock, second hour counted, scaled ×${scale}`;
  return [
    {
      id: 'scheduler-fleet-rate',
      label: `Fleet: background requests per second at the API, ${FLEET.toLocaleString('en')} installs, ${WATCHED} watched, half idle`,
      value: round(perSecond, 1),
      unit: 'req/s',
      note: `${sample}; the budget allows at most ${round(ceiling, 1)} req/s from the active half`,
    },
    {
      id: 'scheduler-fleet-spread',
      label: 'Fleet: busiest second of the minute ÷ mean second',
      value: round(spread.maxOverMean, 2),
      unit: '×',
      baseline: round(unjittered.maxOverMean, 2),
      baselineLabel: 'no jitter',
      budget: { op: '<=', limit: SPREAD_LIMIT },
      samples: spread.perSecond.map(atSecond),
      note: `${sample}; busiest second ${atSecond(Math.max(...spread.perSecond))} req/s against a mean of ${round(perSecond, 1)} (samples: req/s at each second of the minute). Part of this is the sample's own chance (1,000 active installs over 60 seconds); the full fleet is flatter. Without jitter the busiest second would carry ${atSecond(Math.max(...unjittered.perSecond))} req/s`,
    },
  ];
}

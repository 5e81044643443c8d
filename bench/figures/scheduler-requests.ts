/**
 * Requests per hour from one install, by what it watches: the real scheduler under a simulated
 * clock (scheduler-sim.ts) for 24 hours at the default budget, the badge on at one count a minute.
 * The figure is the most requests in any hour of the day, the larger of two runs: one worker
 * throughout, and the worker stopped after every alarm (each alarm wakes a new one). Budget: at
 * most the budget; idle, none at all.
 */
import { DEFAULT_BUDGET_PER_HOUR, HOUR_MS } from '../../utils/scheduler/scheduler-limits';
import type { Measured } from '../lib/figures';
import { maxInAnyHour, SIM_START, seededRandom, simulateInstall } from './scheduler-sim';

const HOURS = 24;

interface Scenario {
  id: string;
  label: string;
  watched: number;
  idle: boolean;
}

const SCENARIOS: readonly Scenario[] = [
  { id: 'scheduler-requests-idle', label: 'user idle (badge on, 20 watched)', watched: 20, idle: true },
  { id: 'scheduler-requests-watch-0', label: 'active, badge only', watched: 0, idle: false },
  { id: 'scheduler-requests-watch-20', label: 'active, badge + 20 watched', watched: 20, idle: false },
  { id: 'scheduler-requests-watch-200', label: 'active, badge + 200 watched', watched: 200, idle: false },
];

export async function measureSchedulerRequests(): Promise<Measured[]> {
  const figures: Measured[] = [];
  for (const [index, scenario] of SCENARIOS.entries()) {
    const counts: number[] = [];
    for (const restarting of [false, true]) {
      const requests = await simulateInstall({
        badge: true,
        watched: scenario.watched,
        idle: scenario.idle,
        endAt: SIM_START + HOURS * HOUR_MS,
        restarting,
        random: seededRandom(index + 1),
      });
      counts.push(maxInAnyHour(requests.map((request) => request.at)));
    }
    const [alive, restarting] = counts as [number, number];
    figures.push({
      id: scenario.id,
      label: `Background requests per hour, one install, ${scenario.label}`,
      value: Math.max(alive, restarting),
      unit: 'requests',
      budget: scenario.idle ? { op: '=', limit: 0 } : { op: '<=', limit: DEFAULT_BUDGET_PER_HOUR },
      note: `the real scheduler on a simulated clock, ${HOURS} h at the default budget (${DEFAULT_BUDGET_PER_HOUR}/h), badge at one count a minute; most requests in any hour: ${alive} with one worker, ${restarting} with the worker stopped after every alarm`,
    });
  }
  return figures;
}

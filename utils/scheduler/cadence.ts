import { z } from 'zod/mini';
import { checkEveryMs } from './check-every';
import type { StreamDemand } from './demand';

/**
 * How often each stream is really served, as the scheduler plans it now: its own decisions
 * (check-every.ts) over the demands it just read, every stream sharing the budget. The scheduler
 * keeps it in its store (storage.local) whenever the demands or the budget change; the popup's
 * online history expects the badge's counts at that pace (a watchlist sharing the budget gives
 * the badge every 2nd slot), and the Options page says it.
 */

export const SCHEDULER_CADENCE_KEY = 'scheduler:cadence';

export const SchedulerCadenceSchema = z.object({
  budgetPerHour: z.number(),
  /** Per stream id: the mean time between its requests; null when it gets none (nothing to do). */
  everyMs: z.record(z.string(), z.nullable(z.number())),
  /** What it was computed from (budget and demands): a new worker computes it again only when that changed. */
  from: z.optional(z.string()),
});
export type SchedulerCadence = z.infer<typeof SchedulerCadenceSchema>;

type Demands = readonly { readonly id: string; readonly demand: StreamDemand }[];

/** The key of what a cadence is computed from: equal keys, equal cadences. */
export function cadenceFrom(budgetPerHour: number, demands: Demands): string {
  return JSON.stringify([budgetPerHour, demands]);
}

export function cadenceOf(budgetPerHour: number, demands: Demands): SchedulerCadence {
  const every = checkEveryMs({
    budgetPerHour,
    streams: Object.fromEntries(demands.map(({ id, demand }) => [id, { demand }])),
  });
  return {
    budgetPerHour,
    everyMs: Object.fromEntries(demands.map(({ id }) => [id, every[id]?.everyMs ?? null])),
    from: cadenceFrom(budgetPerHour, demands),
  };
}

/** The stored cadence, or undefined when none was kept yet or it does not parse. */
export function parseCadence(raw: unknown): SchedulerCadence | undefined {
  const parsed = SchedulerCadenceSchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

import { z } from 'zod/mini';
import { checkEveryMs } from './check-every';
import type { KeptDemands } from './kept-demands';

/**
 * How often each stream is really served, as the scheduler plans it now: its own decisions
 * (check-every.ts) over the budget and demands it last planned with (kept-demands.ts, in
 * storage.local), every stream sharing the budget. The popup's online history expects the
 * badge's counts at that pace (a watchlist sharing the budget gives the badge every 2nd slot),
 * and the Options page says it.
 */

export interface SchedulerCadence {
  budgetPerHour: number;
  /** Per stream id: the mean time between its requests; null when it gets none (nothing to do). */
  everyMs: Readonly<Record<string, number | null>>;
}

const KeptDemandsSchema = z.object({
  budgetPerHour: z.number(),
  demands: z.array(
    z.object({ id: z.string(), demand: z.nullable(z.object({ everyMs: z.number().check(z.gte(0)) })) }),
  ),
});

export function cadenceOf({ budgetPerHour, demands }: KeptDemands): SchedulerCadence {
  const every = checkEveryMs({
    budgetPerHour,
    // A stream's own due time (the badge in Automatic) is for the moment it was kept: the
    // estimate paces it at the interval that gives.
    streams: Object.fromEntries(
      demands.map(({ id, demand }) => [id, { demand: demand === null ? null : { everyMs: demand.everyMs } }]),
    ),
  });
  return {
    budgetPerHour,
    everyMs: Object.fromEntries(demands.map(({ id }) => [id, every[id]?.everyMs ?? null])),
  };
}

/** The cadence from the stored demands; undefined when none were kept yet or they do not parse. */
export function parseCadence(raw: unknown): SchedulerCadence | undefined {
  const parsed = KeptDemandsSchema.safeParse(raw);
  return parsed.success ? cadenceOf(parsed.data) : undefined;
}

import type { StreamDemand } from './demand';
import { finishSlot, type PlanContext, planSlot, takeSlot } from './plan';
import { clampBudget, HOUR_MS, MIN_ALARM_DELAY_MS } from './scheduler-limits';
import { freshState } from './scheduler-state';

/**
 * "How often would each item be checked", for the Options page: the scheduler's own decisions
 * (plan.ts) run over simulated hours with every stream's demand held steady and every request
 * succeeding, and each stream's requests counted.
 */

export interface StreamLoad {
  readonly demand: StreamDemand;
  /** How many items the stream goes through, one per request (a watchlist's players); default 1. */
  readonly items?: number;
}

export interface CheckEvery {
  /** Requests per hour the stream gets. */
  perHour: number;
  /** The mean time between its requests; null when it gets fewer than two in the hours counted. */
  everyMs: number | null;
  /** The mean time between two checks of one of its items; null when it gets none or has no items. */
  itemEveryMs: number | null;
}

/** The first hours settle the round-robin; the next are counted. */
const SETTLE_MS = 2 * HOUR_MS;
const COUNTED_MS = 12 * HOUR_MS;

export function checkEveryMs<Id extends string>(input: {
  budgetPerHour: number;
  /** In the scheduler's round-robin order. */
  streams: Readonly<Record<Id, StreamLoad>>;
}): Record<Id, CheckEvery> {
  const ids = Object.keys(input.streams) as Id[];
  const load = (id: Id) => input.streams[id];
  const demands = ids.map((id) => ({ id, demand: load(id).demand }));
  const budgetPerHour = clampBudget(input.budgetPerHour);
  const sends = new Map<string, number[]>();

  let state = freshState(() => 0);
  let now = 0;
  while (now < SETTLE_MS + COUNTED_MS) {
    const context: PlanContext = { now, budgetPerHour, pauseUntil: Number.NEGATIVE_INFINITY, demands };
    const plan = planSlot(state, context);
    if (plan.kind === 'nothing') break;
    if (plan.kind === 'send') {
      if (now >= SETTLE_MS) sends.set(plan.streamId, [...(sends.get(plan.streamId) ?? []), now]);
      state = finishSlot(takeSlot(state, { ...plan, now }), plan.streamId, { ok: true });
      continue;
    }
    // As the alarm would: never sooner than 30 s.
    now = Math.max(plan.at, now + MIN_ALARM_DELAY_MS);
  }

  return Object.fromEntries(
    ids.map((id) => {
      const times = sends.get(id) ?? [];
      const items = load(id).items ?? 1;
      const everyMs =
        times.length < 2 ? null : ((times.at(-1) as number) - (times[0] as number)) / (times.length - 1);
      return [
        id,
        {
          perHour: everyMs === null ? 0 : HOUR_MS / everyMs,
          everyMs,
          itemEveryMs: everyMs === null || items <= 0 ? null : everyMs * items,
        },
      ];
    }),
  ) as Record<Id, CheckEvery>;
}

import type { StreamDemand } from './demand';

/**
 * What the scheduler last planned with: the budget and every stream's demand, kept in its store
 * (storage.local) whenever they change. Pages compute from it how often each stream is served
 * (cadence.ts), so the worker runs no estimate and carries none of its code.
 */

export const SCHEDULER_DEMANDS_KEY = 'scheduler:demands';

export interface KeptDemands {
  budgetPerHour: number;
  /** In the round-robin's order. */
  demands: readonly { readonly id: string; readonly demand: StreamDemand }[];
}

/** The same budget and demands, as stored: equal keys, nothing to write. */
export function keptDemandsKey(kept: unknown): string {
  return JSON.stringify(kept ?? null);
}

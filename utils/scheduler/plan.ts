import { backoffMs } from './backoff';
import type { StreamDemand, StreamResult } from './demand';
import { SLOT_TOLERANCE_MS } from './scheduler-limits';
import { countFailure, type SchedulerState, type StreamState } from './scheduler-state';
import {
  type Grid,
  gapMs,
  offsetMs,
  recentSends,
  slotAtOrAfter,
  slotAtOrBefore,
  windowFreeAt,
} from './slots';

/**
 * The scheduler's decisions, pure: given its state and the moment, whether to send now (and
 * for which stream) or when to look again. The scheduler (scheduler.ts) and the Options page's
 * estimate (check-every.ts) both decide with these functions.
 */

export interface PlanContext {
  now: number;
  /** Already within bounds (scheduler-limits.ts, clampBudget). */
  budgetPerHour: number;
  /** The end of a 429 pause; -Infinity (or any time before the last slot) when there is none. */
  pauseUntil: number;
  /** Every stream and what it wants, in the round-robin's order. */
  demands: readonly { readonly id: string; readonly demand: StreamDemand }[];
}

export type Plan =
  /**
   * Send now, for `streamId`, in the slot of time `slotAt`; `inTurn` unless it jumped the
   * round-robin (requestSoon), which then goes on as if it had not.
   */
  | { kind: 'send'; streamId: string; slotAt: number; inTurn: boolean }
  /** Nothing may or need be sent before `at`. */
  | { kind: 'wait'; at: number }
  /** No stream has anything to do. */
  | { kind: 'nothing' };

export function gridFor(phase: number, budgetPerHour: number): Grid {
  const gap = gapMs(budgetPerHour);
  return { gap, offset: offsetMs(phase, gap) };
}

/**
 * When a stream is due: at once when it asked for the next slot; at its own `dueAt` when it
 * gives one and is not failing; at once when it never had a slot; otherwise its interval after
 * its last slot, or while failing a backoff from it (from at least a gap, so a
 * stream that takes every slot it is given still waits longer after each failure).
 */
export function streamDueAt(
  stream: StreamState | undefined,
  demand: NonNullable<StreamDemand>,
  gap: number,
  soon: boolean,
): number {
  if (soon) return Number.NEGATIVE_INFINITY;
  const healthy = stream === undefined || stream.failures === 0;
  if (healthy && demand.dueAt !== undefined && Number.isFinite(demand.dueAt)) return demand.dueAt;
  if (stream?.lastRunAt === undefined) return Number.NEGATIVE_INFINITY;
  const { lastRunAt } = stream;
  const everyMs = Math.max(0, demand.everyMs);
  if (stream.failures === 0) return lastRunAt + everyMs;
  return lastRunAt + backoffMs(Math.max(everyMs, gap), stream.failures);
}

/**
 * Who gets the slot among the streams that are due: the first that asked for it (requestSoon);
 * then one whose floor is due (`floorAt`); then, when every due stream says how much news its
 * request is expected to bring, the most; otherwise the next after `lastStream` in `order`,
 * round-robin, so a stream that always has work cannot starve another.
 */
export function pickStream(
  order: readonly string[],
  due: ReadonlySet<string>,
  lastStream: string | null,
  soon: readonly string[],
  worth?: { now: number; of: (id: string) => NonNullable<StreamDemand> | undefined },
): string | undefined {
  const asked = soon.find((id) => due.has(id));
  if (asked !== undefined) return asked;
  const last = lastStream === null ? -1 : order.indexOf(lastStream);
  const inOrder: string[] = [];
  for (let step = 1; step <= order.length; step += 1) {
    const id = order[(last + step) % order.length] as string;
    if (due.has(id)) inOrder.push(id);
  }
  if (worth === undefined) return inOrder[0];
  // A stream whose floor is due goes first (round-robin among them): no news outbids a floor.
  const floor = inOrder.find((id) => {
    const floorAt = worth.of(id)?.floorAt;
    return floorAt !== undefined && floorAt <= worth.now;
  });
  if (floor !== undefined) return floor;
  const news = inOrder.map((id) => worth.of(id)?.news);
  if (news.some((value) => value === undefined || !Number.isFinite(value) || value < 0)) return inOrder[0];
  // The most news per request; a tie goes to the first in round-robin order.
  let best = 0;
  for (let i = 1; i < inOrder.length; i += 1) if ((news[i] as number) > (news[best] as number)) best = i;
  return inOrder[best];
}

/**
 * Send now or wait. A send needs: a gap since the last slot, no 429 pause, fewer than the budget
 * sent in the last hour (counted from the log), and a stream that is due. A send within
 * SLOT_TOLERANCE_MS after a grid slot takes that slot (an alarm is a little late, so the grid is
 * kept); any other send (the user came back, a stream asked) takes the moment itself, and the
 * next slot is back on the grid. Waits end on the grid, or when the hour's log frees a place.
 */
export function planSlot(state: SchedulerState, context: PlanContext): Plan {
  const { now, budgetPerHour, pauseUntil } = context;
  const grid = gridFor(state.phase, budgetPerHour);
  const dueAt = new Map<string, number>();
  for (const { id, demand } of context.demands) {
    if (demand === null) continue;
    dueAt.set(id, streamDueAt(state.streams[id], demand, grid.gap, state.soon.includes(id)));
  }
  if (dueAt.size === 0) return { kind: 'nothing' };

  const spacingAt = state.lastSlotAt === null ? Number.NEGATIVE_INFINITY : state.lastSlotAt + grid.gap;
  const windowAt = windowFreeAt(recentSends(state.sendLog, now), budgetPerHour);
  const due = new Set([...dueAt].filter(([, at]) => at <= now).map(([id]) => id));
  if (now >= Math.max(spacingAt, pauseUntil, windowAt) && due.size > 0) {
    const order = context.demands.map((stream) => stream.id);
    const byId = new Map(context.demands.map(({ id, demand }) => [id, demand ?? undefined]));
    const worth = { now, of: (id: string) => byId.get(id) };
    const streamId = pickStream(order, due, state.lastStream, state.soon, worth) as string;
    const inTurn = streamId === pickStream(order, due, state.lastStream, [], worth);
    const onGrid = slotAtOrBefore(now, grid);
    const keepsGrid =
      now - onGrid <= SLOT_TOLERANCE_MS &&
      onGrid >= Math.max(spacingAt, pauseUntil, dueAt.get(streamId) as number);
    return { kind: 'send', streamId, slotAt: keepsGrid ? onGrid : now, inTurn };
  }
  const earliestDue = Math.min(...dueAt.values());
  const at = Math.max(slotAtOrAfter(Math.max(spacingAt, pauseUntil, earliestDue, now), grid), windowAt);
  return { kind: 'wait', at };
}

/** The state once `streamId` has been given the slot `slotAt` and is about to send (at `now`). */
export function takeSlot(
  state: SchedulerState,
  slot: { streamId: string; slotAt: number; inTurn: boolean; now: number },
): SchedulerState {
  const { streamId, slotAt, now } = slot;
  return {
    ...state,
    sendLog: [...recentSends(state.sendLog, now), now],
    lastSlotAt: slotAt,
    lastStream: slot.inTurn ? streamId : state.lastStream,
    soon: state.soon.filter((id) => id !== streamId),
    streams: {
      ...state.streams,
      [streamId]: { failures: state.streams[streamId]?.failures ?? 0, lastRunAt: slotAt, runningSince: now },
    },
  };
}

/** The state once the request of `streamId` has its result. */
export function finishSlot(state: SchedulerState, streamId: string, result: StreamResult): SchedulerState {
  const previous = state.streams[streamId];
  if (previous === undefined) return state;
  const { runningSince: _, ...stream } = previous;
  let failures = 0;
  if (!result.ok)
    failures = result.failure === 'rate-limited' ? stream.failures : countFailure(stream.failures);
  return { ...state, streams: { ...state.streams, [streamId]: { ...stream, failures } } };
}

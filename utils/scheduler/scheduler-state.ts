import { z } from 'zod/mini';
import { overNewer } from '../storage/newer-value';
import { asObject } from '../storage/synced-entry';
import { MAX_BUDGET_PER_HOUR } from './scheduler-limits';

/**
 * What the scheduler keeps in its store, so that a stopped service worker (or a new browser
 * session) picks up the same schedule: the install's grid phase, the sends of the last hour,
 * the last slot, whose turn it is, and each stream's last slot and failures.
 */

/** Failures in a row are counted up to this (backoff stops growing long before). */
export const MAX_COUNTED_FAILURES = 1_000;

/** Streams asking for the next slot, at most (there are far fewer streams). */
const MAX_SOON = 100;

const StreamStateSchema = z.object({
  /** The time of the last slot the stream was given. */
  lastRunAt: z.optional(z.number()),
  /** Failures in a row (0 after a success). */
  failures: z.int().check(z.gte(0), z.lte(MAX_COUNTED_FAILURES)),
  /** Set while its request is out: still set when read back, the worker was stopped mid-request. */
  runningSince: z.optional(z.number()),
});
export type StreamState = z.infer<typeof StreamStateSchema>;

export const SchedulerStateSchema = z.object({
  /** Where on the slot grid this install sends (0 ≤ phase < 1 of a gap), chosen once at random. */
  phase: z.number().check(z.gte(0), z.lt(1)),
  /** When each request of the last hour was sent, oldest first. */
  sendLog: z.array(z.number()).check(z.maxLength(MAX_BUDGET_PER_HOUR)),
  /** The time of the last slot given, or null before the first. */
  lastSlotAt: z.nullable(z.number()),
  /** The stream given the last slot: the round-robin goes on after it. */
  lastStream: z.nullable(z.string()),
  /** Streams that asked for the next slot (requestSoon), first asked first. */
  soon: z.array(z.string()).check(z.maxLength(MAX_SOON)),
  streams: z.record(z.string(), StreamStateSchema),
});
export type SchedulerState = z.infer<typeof SchedulerStateSchema>;

/**
 * Version history of `scheduler:state` (its mark `scheduler:state$`, utils/storage-item.ts):
 * - v1 (unmarked: release 0.1.0 and those until the mark): the shape above.
 * - v2: the same, with its version mark.
 */
export const SCHEDULER_STATE_VERSION = 2;

/** v1 → v2: the state kept as it is, the mark added. */
export const migrateSchedulerStateV1toV2 = (v1: unknown): unknown => v1;

export const SCHEDULER_STATE_VERSIONING = {
  version: SCHEDULER_STATE_VERSION,
  migrations: { 2: migrateSchedulerStateV1toV2 },
};

export function freshState(random: () => number): SchedulerState {
  const phase = random();
  return {
    phase: phase >= 0 && phase < 1 ? phase : 0,
    sendLog: [],
    lastSlotAt: null,
    lastStream: null,
    soon: [],
    streams: {},
  };
}

/**
 * The state read back from the store. Nothing stored: a fresh one. Something unreadable: a fresh
 * one whose last slot is `now`, so the next request waits a full gap (no burst for lack of a
 * log). Times in the future are taken as `now` (clampToNow), and a request still marked running
 * was cut off by a stopped worker: it counts as a failure.
 */
export function readState(
  raw: unknown,
  options: { now: number; random: () => number },
): { state: SchedulerState; fresh: boolean } {
  const { now, random } = options;
  if (raw === undefined || raw === null) return { state: freshState(random), fresh: true };
  const parsed = SchedulerStateSchema.safeParse(raw);
  if (!parsed.success) return { state: { ...freshState(random), lastSlotAt: now }, fresh: true };
  const streams: Record<string, StreamState> = {};
  for (const [id, { runningSince, ...stream }] of Object.entries(parsed.data.streams)) {
    streams[id] =
      runningSince === undefined ? stream : { ...stream, failures: countFailure(stream.failures) };
  }
  return { state: clampToNow({ ...parsed.data, streams }, now), fresh: false };
}

/**
 * The state with every time after `now` taken as `now`: the clock was turned back. To be saved,
 * so that those sends and slots age from there rather than hold the schedule back for good. The
 * same object when nothing was in the future.
 */
export function clampToNow(state: SchedulerState, now: number): SchedulerState {
  const future = (time: number | null | undefined) => time !== null && time !== undefined && time > now;
  const inFuture =
    future(state.lastSlotAt) ||
    state.sendLog.some(future) ||
    Object.values(state.streams).some((stream) => future(stream.lastRunAt));
  if (!inFuture) return state;
  const streams: Record<string, StreamState> = {};
  for (const [id, stream] of Object.entries(state.streams)) {
    streams[id] =
      stream.lastRunAt === undefined ? stream : { ...stream, lastRunAt: Math.min(stream.lastRunAt, now) };
  }
  return {
    ...state,
    sendLog: state.sendLog.map((sentAt) => Math.min(sentAt, now)).sort((a, b) => a - b),
    lastSlotAt: state.lastSlotAt === null ? null : Math.min(state.lastSlotAt, now),
    streams,
  };
}

/** One more failure in a row. */
export function countFailure(failures: number): number {
  return Math.min(MAX_COUNTED_FAILURES, failures + 1);
}

/**
 * `next` over the state a newer release stored (utils/storage/newer-value.ts): its fields this
 * release does not know stay, and so do the streams it does not know (`known` says which it does)
 * with their place in `soon`, and the fields of a stream entry it does not know.
 */
export function overNewerState(
  stored: unknown,
  next: SchedulerState,
  known: (streamId: string) => boolean,
): Record<string, unknown> {
  const storedState = asObject(stored) ?? {};
  const storedStreams = asObject(storedState.streams) ?? {};
  const streamFields = Object.keys(StreamStateSchema.shape);
  const streams: Record<string, unknown> = {};
  for (const [id, entry] of Object.entries(storedStreams)) if (!known(id)) streams[id] = entry;
  for (const [id, entry] of Object.entries(next.streams)) {
    streams[id] = overNewer(storedStreams[id], entry, streamFields);
  }
  const storedSoon = Array.isArray(storedState.soon) ? storedState.soon : [];
  const unknownSoon = storedSoon.filter((id): id is string => typeof id === 'string' && !known(id));
  const soon = [...next.soon, ...unknownSoon.filter((id) => !next.soon.includes(id))].slice(0, MAX_SOON);
  return overNewer(stored, { ...next, soon, streams }, Object.keys(SchedulerStateSchema.shape));
}

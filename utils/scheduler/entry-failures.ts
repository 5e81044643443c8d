import { z } from 'zod/mini';
import type { StreamFailure, StreamResult } from './demand';
import { MAX_COUNTED_FAILURES } from './scheduler-state';

/**
 * A watched player or a saved search whose checks keep failing (docs/architecture.md, "The
 * request budget"): a failed check still counts as a look, so the entry goes to the back of its
 * stream's order like any other, and it rests on its own (ENTRY_RETRY_FIRST_MS, doubled per
 * failure) instead of backing off the whole stream. Only a failure that is the server's, not the
 * entry's, backs the stream off. Pure: the streams, the bench and the views share it.
 */

/** After an entry's first failure it is tried again no sooner than this… */
export const ENTRY_RETRY_FIRST_MS = 10 * 60_000;
/** …doubled per further failure, up to this. */
export const ENTRY_RETRY_MAX_MS = 6 * 3_600_000;

/** The error kinds an entry's failure is kept with (the others are the server's: failureScope). */
export const ENTRY_FAILURE_KINDS = [
  'not-found',
  'bad-request',
  'invalid-input',
  'unavailable',
  'timeout',
  'bad-response',
] as const;
export type EntryFailureKind = (typeof ENTRY_FAILURE_KINDS)[number];

export const EntryFailureSchema = z.object({
  /** Failures blamed on the entry in a row (0: its last failure was the server's). */
  failures: z.int().check(z.gte(0), z.lte(MAX_COUNTED_FAILURES)),
  /** What went wrong the last time. */
  failure: z.enum(ENTRY_FAILURE_KINDS),
  /** When it was last tried: also its last look, for its stream's order. */
  triedAt: z.number(),
  /** Not tried again before this. */
  retryAt: z.number(),
});
export type EntryFailure = z.infer<typeof EntryFailureSchema>;
export type EntryFailures = Readonly<Record<string, EntryFailure>>;

/** An entry's failure as read back: anything this release cannot read is no failure (it is tried). */
export const StoredEntryFailureSchema = z.catch(z.optional(EntryFailureSchema), undefined);

/**
 * Whose failure it is: `entry` (an answer about the entry: asking again gets the same), `server`
 * (nothing was learned about the entry: no key, offline, a 429, the stream itself threw), or
 * `unsure` (a 5xx, a timeout, an answer this release cannot read: one entry's or everyone's).
 */
export function failureScope(kind: StreamFailure): 'entry' | 'unsure' | 'server' {
  if (kind === 'not-found' || kind === 'bad-request' || kind === 'invalid-input') return 'entry';
  if (kind === 'unavailable' || kind === 'timeout' || kind === 'bad-response') return 'unsure';
  return 'server';
}

function isEntryKind(kind: StreamFailure): kind is EntryFailureKind {
  return (ENTRY_FAILURE_KINDS as readonly string[]).includes(kind);
}

/** Whether a kept failure is one to show: a count of 0 was everyone's failure, not this entry's. */
export function isFailing(failure: EntryFailure | undefined): failure is EntryFailure {
  return failure !== undefined && failure.failures > 0;
}

/**
 * The failures still standing: one an answer came after (`answeredAt`: a look-up the user made,
 * Check now) is over, whoever asked.
 */
export function standingFailures(
  failures: EntryFailures,
  answeredAt: (id: string) => number | undefined,
): Record<string, EntryFailure> {
  return Object.fromEntries(
    Object.entries(failures).filter(
      ([id, failure]) => (answeredAt(id) ?? Number.NEGATIVE_INFINITY) <= failure.triedAt,
    ),
  );
}

/** How long an entry rests after `failures` failures in a row blamed on it (0: not at all). */
export function entryRetryMs(failures: number): number {
  if (failures <= 0) return 0;
  return Math.min(ENTRY_RETRY_FIRST_MS * 2 ** Math.min(failures - 1, 30), ENTRY_RETRY_MAX_MS);
}

/** Whether the entry waits out its retry now (a retry further off than ENTRY_RETRY_MAX_MS: the clock went back, it is due). */
export function isResting(failure: EntryFailure | undefined, now: number): boolean {
  return failure !== undefined && failure.retryAt > now && failure.retryAt - now <= ENTRY_RETRY_MAX_MS;
}

/**
 * Whether the stream's look before this one (the other entry looked at last, by `looks`) failed:
 * its failure was kept at that very look.
 */
export function previousLookFailed(
  looks: Readonly<Record<string, number>>,
  failures: EntryFailures,
  id: string,
): boolean {
  let previous: string | undefined;
  let at = Number.NEGATIVE_INFINITY;
  for (const [other, lookedAt] of Object.entries(looks)) {
    if (other !== id && lookedAt > at) [previous, at] = [other, lookedAt];
  }
  const failure = previous === undefined ? undefined : failures[previous];
  return failure !== undefined && failure.triedAt >= at;
}

export interface FailedCheck {
  /** The entry's failure to keep (it was looked at); undefined: the server's failure, nothing kept. */
  failure: EntryFailure | undefined;
  /** What the stream tells the scheduler: a failure backs every entry off. */
  result: StreamResult;
}

/**
 * A failed check of an entry at `at`. The entry's failure: kept, and it rests, unless the look
 * before, of another entry, failed too (then it is everyone's: the stream backs off, the entry
 * keeps its count and is not made to rest longer). The server's failure: nothing kept, the
 * stream backs off.
 */
export function failedCheck(
  previous: EntryFailure | undefined,
  kind: StreamFailure,
  at: number,
  lastLookFailed: boolean,
): FailedCheck {
  const scope = failureScope(kind);
  if (scope === 'server' || !isEntryKind(kind))
    return { failure: undefined, result: { ok: false, failure: kind } };
  if (scope === 'unsure' && lastLookFailed) {
    const failures = previous?.failures ?? 0;
    return {
      failure: { failures, failure: kind, triedAt: at, retryAt: previous?.retryAt ?? at },
      result: { ok: false, failure: kind },
    };
  }
  const failures = Math.min(MAX_COUNTED_FAILURES, (previous?.failures ?? 0) + 1);
  return {
    failure: { failures, failure: kind, triedAt: at, retryAt: at + entryRetryMs(failures) },
    result: { ok: true },
  };
}

/** The failures kept for the entries still in `ids`. */
export function keepFailures(failures: EntryFailures, ids: readonly string[]): Record<string, EntryFailure> {
  return Object.fromEntries(
    ids.flatMap((id) => (Object.hasOwn(failures, id) ? [[id, failures[id] as EntryFailure]] : [])),
  );
}

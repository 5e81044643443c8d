import { z } from 'zod/mini';
import { MAX_SEEN_LISTINGS_PER_SEARCH } from '../limits';
import { StoredEntryFailureSchema } from '../scheduler/entry-failures';
import { SellerStateSchema } from '../seller-watch/seller-state';
import { writeEntries } from '../storage/newer-value';
import { asObject } from '../storage/synced-entry';
import { defineItem } from '../storage-item';
import { type LastCheck, LastCheckSchema } from './saved-search';

/**
 * What this browser knows about each saved search, in storage.local (it survives restarts and
 * is not synced: another browser takes its own baseline): the last check, the listing ids seen
 * or announced, and the alert price the baseline (the listings present when it was set, never
 * announced) was taken for. A state written before baselineRev existed reads with null, which
 * is what an alert set then (without alertRev) has: no new baseline after the update.
 */

const SearchStateSchema = z.object({
  last: z.catch(z.nullable(LastCheckSchema), null),
  seen: z.catch(z.array(z.int()).check(z.maxLength(MAX_SEEN_LISTINGS_PER_SEARCH)), []),
  /**
   * The alert price the seen set was last taken for (the baseline); null when none was taken for
   * the current alert. An alert set here, or arriving by sync from another browser, or changed,
   * differs from it: the next check takes a new baseline.
   */
  baselineFor: z.catch(z.nullable(z.number()), null),
  /**
   * The alert's alertRev (utils/saved-searches/saved-search.ts) the baseline was taken for; null
   * for an alert without one (set before revisions existed, or by an older release). An alert
   * cleared and set again at the same price in another browser has a new revision: a new baseline.
   */
  baselineRev: z.catch(z.nullable(z.string()), null),
  /**
   * How far back the last check's answer reached (check-outcome.ts): the oldest creation time
   * (created_at_epoch) in it when it did not hold every match, null when it held them all.
   * Absent in a state written before it was kept.
   */
  windowFrom: z.catch(z.optional(z.nullable(z.number())), undefined),
  /**
   * While its last check failed (utils/scheduler/entry-failures.ts): when it was tried, why, and
   * when it is tried next. Absent in a state written before it was kept, and after an answer.
   */
  failure: StoredEntryFailureSchema,
  /** A watched seller's listings now and those gone before their end (utils/seller-watch/). */
  sellerState: z.catch(z.optional(SellerStateSchema), undefined),
  /** New listings below the alert per hour, recently (utils/scheduler/news.ts): its news per check. */
  newPerHour: z.catch(z.optional(z.number().check(z.nonnegative())), undefined),
});
export type SearchState = z.infer<typeof SearchStateSchema>;
export type SearchStates = Record<string, SearchState>;

export const EMPTY_SEARCH_STATE: Readonly<SearchState> = Object.freeze({
  last: null,
  seen: [],
  baselineFor: null,
  baselineRev: null,
  windowFrom: null,
});

/**
 * Version history of `local:savedSearchState`:
 * - v1 (unmarked: release 0.1.0 and those until the mark): `{ last, seen, baselineFor }` by
 *   search id, later also `windowFrom` (absent: not kept yet) and `baselineRev`.
 * - v2: the same map with its version mark; each state has `baselineRev`, null where v1 had none
 *   (an alert set before revisions: no new baseline after the update).
 */
export const SEARCH_STATE_VERSION = 2;

export function migrateSearchStatesV1toV2(v1: unknown): unknown {
  const states = asObject(v1);
  if (!states) return v1;
  // Only objects get the field: anything else is read as no state (parseSearchStates), as before.
  return Object.fromEntries(
    Object.entries(states).map(([id, state]) => {
      const object = asObject(state);
      return [id, object && !('baselineRev' in object) ? { ...object, baselineRev: null } : state];
    }),
  );
}

export const searchStatesItem = defineItem<unknown>('local:savedSearchState', {
  fallback: {},
  version: SEARCH_STATE_VERSION,
  migrations: { 2: migrateSearchStatesV1toV2 },
});

export function parseSearchStates(raw: unknown): SearchStates {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return {};
  const out: SearchStates = {};
  for (const [id, value] of Object.entries(raw)) {
    const parsed = SearchStateSchema.safeParse(value);
    if (parsed.success) out[id] = parsed.data;
  }
  return out;
}

export async function getSearchStates(): Promise<SearchStates> {
  return parseSearchStates(await searchStatesItem.getValue());
}

export function stateOf(states: SearchStates, id: string): SearchState {
  return Object.hasOwn(states, id) ? (states[id] as SearchState) : { ...EMPTY_SEARCH_STATE };
}

/**
 * Replaces one search's state (undefined: forgets it). Over a newer release's states, what this
 * one cannot read stays (utils/storage/newer-value.ts).
 */
export async function putSearchState(id: string, state: SearchState | undefined): Promise<void> {
  const { [id]: _, ...others } = await getSearchStates();
  const next = state === undefined ? others : { ...others, [id]: state };
  await writeEntries(searchStatesItem, SEARCH_STATE_VERSION, SearchStateSchema, next);
}

/**
 * Forgets the state of every search not in `ids` (removed here or in another browser: local
 * state follows the synced list); resolves the ids forgotten. Writes nothing when none is.
 */
export async function keepSearchStates(ids: ReadonlySet<string>): Promise<string[]> {
  const states = await getSearchStates();
  const gone = Object.keys(states).filter((id) => !ids.has(id));
  if (gone.length === 0) return gone;
  const next = Object.fromEntries(Object.entries(states).filter(([id]) => ids.has(id)));
  await writeEntries(searchStatesItem, SEARCH_STATE_VERSION, SearchStateSchema, next);
  return gone;
}

export type { LastCheck };

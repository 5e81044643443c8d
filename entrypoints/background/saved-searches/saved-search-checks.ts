import type { AuctionListing } from '@/utils/api/schemas';
import { createExclusive } from '@/utils/exclusive';
import { HOUR_MS } from '@/utils/history/history-limits';
import type { HistoryWriter } from '@/utils/history/history-writer';
import { AUCTION_LIMIT_MAX } from '@/utils/limits';
import type { Reply } from '@/utils/messages';
import { checkOutcome } from '@/utils/saved-searches/check-outcome';
import type { SavedSearch, SavedSearchView } from '@/utils/saved-searches/saved-search';
import {
  getSearchStates,
  keepSearchStates,
  putSearchState,
  type SearchStates,
  stateOf,
} from '@/utils/saved-searches/search-state';
import {
  getSavedSearches,
  mergeDuplicateSearches,
  removeSearch,
  SAVED_SEARCH_TEXT,
  savedSearchIds,
  saveSearch,
  setSearchAlert,
} from '@/utils/saved-searches/storage';
import { quotaOf } from '@/utils/storage/synced-entry';
import type { Gateway } from '../gateway/gateway';
import { leastRecentlyChecked } from '../scheduler/rotation';

/**
 * Saved searches in the background: save, remove, set an alert, and check one. A check (the
 * user's Check now, or the scheduler's stream) asks the gateway for the search's newest
 * listings, records the prices in the history store, keeps the last check, and announces the
 * new listings below the alert (utils/saved-searches/check-outcome.ts decides which).
 *
 * Checks and edits run one at a time, so two never read and write the same state.
 */

export interface SavedSearchChecksDeps {
  gateway: Pick<Gateway, 'auctionSearch'>;
  /** Absent without IndexedDB (a Node simulation of the background): no prices are kept. */
  history?: Pick<HistoryWriter, 'recordPrices' | 'flush' | 'prune'> & {
    clearSearch(searchId: string): Promise<void>;
  };
  /** Shows the notification for listings of `search` (alert-notification.ts). */
  announce: (search: SavedSearch, listings: readonly AuctionListing[]) => Promise<void>;
  now?: () => number;
}

export interface SavedSearchChecks {
  list(): Promise<SavedSearchView[]>;
  save(request: { text: string; sort: SavedSearch['sort'] }): Promise<Saved>;
  /** Resolves whether it was there. Throws SyncWriteError when storage.sync refused the removal. */
  remove(id: string): Promise<boolean>;
  /**
   * Sets or clears the alert; a new alert takes its baseline with a check at once (if it can).
   * Throws SyncWriteError when storage.sync refused the write, anything else when a later step failed.
   */
  setAlert(id: string, alertBelow: number | null): Promise<SavedSearchView | undefined>;
  /** `fresh`: the user asked, skip the gateway's cache. */
  check(id: string, options?: { fresh?: boolean }): Promise<Reply<SavedSearchView>>;
  /** Searches with an alert (the stream's work). */
  alertCount(): Promise<number>;
  /** The search with an alert checked longest ago (never checked first); undefined when none. */
  nextToCheck(): Promise<string | undefined>;
  /**
   * Follows the synced list: the same search saved in two browsers becomes one, and the local
   * state and price history of searches no longer in it are forgotten.
   */
  forgetRemoved(): Promise<void>;
  /** Resolves once no check or edit is queued or running. */
  settled(): Promise<void>;
}

export type Saved = { ok: true; search: SavedSearchView; added: boolean } | { ok: false; message: string };

/**
 * storage.sync refused to write the saved searches: nothing of the change was written. `quota`
 * says which refusal (the write rate, no room; undefined: another failure) so the reply can say
 * what to do. Anything thrown after the write (the local state, the baseline's check) is another
 * failure, and the alert is set by then.
 */
export class SyncWriteError extends Error {
  readonly quota: 'rate' | 'room' | undefined;
  constructor(cause: unknown) {
    super('storage.sync refused the saved searches', { cause });
    this.name = 'SyncWriteError';
    this.quota = quotaOf(cause);
  }
}

/** The history is pruned (retention, downsampling) at most this often, after a check. */
export const PRUNE_EVERY_MS = HOUR_MS;

function view(search: SavedSearch, states: SearchStates): SavedSearchView {
  return { ...search, last: stateOf(states, search.id).last };
}

export function createSavedSearchChecks(deps: SavedSearchChecksDeps): SavedSearchChecks {
  const { gateway, history, announce } = deps;
  const now = deps.now ?? Date.now;
  let lastPruneAt = Number.NEGATIVE_INFINITY;

  const exclusive = createExclusive();

  async function pruneNowAndThen(at: number): Promise<void> {
    if (at - lastPruneAt < PRUNE_EVERY_MS) return;
    lastPruneAt = at;
    await history?.prune(at).catch((error: unknown) => {
      console.warn('Network Companion: pruning the price history failed', error);
    });
  }

  async function forgetRemoved(): Promise<void> {
    // Refused (a sync quota): the list shows one of them all the same, and the next change retries.
    await mergeDuplicateSearches().catch((error: unknown) => {
      console.warn('Network Companion: merging duplicate saved searches failed', error);
    });
    for (const gone of await keepSearchStates(await savedSearchIds())) await history?.clearSearch(gone);
  }

  async function checkOne(id: string, fresh: boolean): Promise<Reply<SavedSearchView>> {
    // Searches removed while this worker did not hear of it: their state goes with the next check.
    await forgetRemoved();
    const search = (await getSavedSearches()).find((saved) => saved.id === id);
    if (!search) return { ok: false, error: { kind: 'invalid-input', message: SAVED_SEARCH_TEXT.removed } };
    // The newest, as many as the API gives: every listing that appeared since the last check
    // while fewer than that many did (check-outcome.ts says why not the cheapest).
    const reply = await gateway.auctionSearch({
      item: search.text,
      sort: 'recent',
      limit: AUCTION_LIMIT_MAX,
      fresh,
    });
    if (!reply.ok) return reply;
    const states = await getSearchStates();
    const outcome = checkOutcome(search, stateOf(states, id), reply.data, reply.fetchedAt);
    await putSearchState(id, outcome.state);
    if (history)
      try {
        // Written now rather than with the next batch: the popup draws the chart from it next.
        const recorded = history.recordPrices(id, outcome.prices, reply.fetchedAt);
        await history.flush();
        await recorded;
      } catch (error) {
        console.warn('Network Companion: recording a price failed', error);
      }
    if (outcome.announce.length > 0) {
      await announce(search, outcome.announce).catch((error: unknown) => {
        console.warn('Network Companion: an alert notification failed', error);
      });
    }
    await pruneNowAndThen(now());
    return { ok: true, data: { ...search, last: outcome.last }, fetchedAt: reply.fetchedAt };
  }

  async function withAlerts(): Promise<SavedSearch[]> {
    return (await getSavedSearches()).filter((search) => search.alertBelow !== undefined);
  }

  return {
    async list() {
      const [searches, states] = await Promise.all([getSavedSearches(), getSearchStates()]);
      return searches.map((search) => view(search, states));
    },
    save: (request) =>
      exclusive(async () => {
        const saved = await saveSearch(request);
        if (!saved.ok) return saved;
        return { ok: true, search: view(saved.search, await getSearchStates()), added: saved.added };
      }),
    remove: (id) =>
      exclusive(async () => {
        let removed: boolean;
        try {
          removed = await removeSearch(id);
        } catch (error) {
          throw new SyncWriteError(error);
        }
        try {
          await putSearchState(id, undefined);
          await history?.clearSearch(id);
        } catch (error) {
          // Removed all the same: what is left here goes with the next forgetRemoved.
          console.warn('Network Companion: forgetting a removed search failed', error);
        }
        return removed;
      }),
    setAlert: (id, alertBelow) =>
      exclusive(async () => {
        let search: SavedSearch | undefined;
        try {
          search = await setSearchAlert(id, alertBelow);
        } catch (error) {
          throw new SyncWriteError(error);
        }
        if (!search) return undefined;
        const states = await getSearchStates();
        if (alertBelow === null) return view(search, states);
        // Even at the same price as before: listed now means not announced.
        await putSearchState(id, { ...stateOf(states, id), baselineFor: null });
        const baseline = await checkOne(id, true);
        return baseline.ok ? baseline.data : view(search, await getSearchStates());
      }),
    check: (id, options = {}) => exclusive(() => checkOne(id, options.fresh === true)),
    async alertCount() {
      return (await withAlerts()).length;
    },
    async nextToCheck() {
      const [searches, states] = await Promise.all([withAlerts(), getSearchStates()]);
      const checkedAt = Object.fromEntries(
        searches.flatMap((search) => {
          const at = stateOf(states, search.id).last?.at;
          return at === undefined ? [] : [[search.id, at]];
        }),
      );
      return leastRecentlyChecked(
        searches.map((search) => search.id),
        checkedAt,
      );
    },
    forgetRemoved: () => exclusive(forgetRemoved),
    settled: () => exclusive.settled(),
  };
}

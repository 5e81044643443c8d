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
import type { StreamResult } from '@/utils/scheduler/demand';
import { isFailing } from '@/utils/scheduler/entry-failures';
import { type EntriesWorth, nextNewPerHour } from '@/utils/scheduler/news';
import { sellerCheckOutcome } from '@/utils/seller-watch/seller-outcome';

import { quotaOf } from '@/utils/storage/synced-entry';
import type { Gateway } from '../gateway/gateway';
import { nextSearchToCheck, searchesWorth, searchFailedCheck } from './search-rotation';

/**
 * Saved searches in the background: save, remove, set an alert, and check one. A check (the
 * user's Check now, or the scheduler's stream) asks the gateway for the search's newest
 * listings, records the prices in the history store, keeps the last check, and announces the
 * new listings below the alert (utils/saved-searches/check-outcome.ts decides which).
 *
 * A failed check (a lasting 4xx, an answer this release cannot read, a 5xx) is kept in the
 * search's state: it counts as a look, so the search goes to the back of the rotation, and it
 * rests on its own (utils/scheduler/entry-failures.ts) instead of taking every alert slot.
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
  save(request: { text: string; sort: SavedSearch['sort']; seller?: string | undefined }): Promise<Saved>;
  /** Resolves whether it was there. Throws SyncWriteError when storage.sync refused the removal. */
  remove(id: string): Promise<boolean>;
  /**
   * Sets or clears the alert; a new alert takes its baseline with a check at once (if it can).
   * Throws SyncWriteError when storage.sync refused the write, anything else when a later step failed.
   */
  setAlert(id: string, alertBelow: number | null): Promise<SavedSearchView | undefined>;
  /** `fresh`: the user asked, skip the gateway's cache. */
  check(id: string, options?: { fresh?: boolean }): Promise<Reply<SavedSearchView>>;
  /** The stream's check: what the scheduler is told (a failure of this search alone backs nothing off). */
  checkInTurn(id: string): Promise<StreamResult>;
  /** Searches with an alert (the stream's work). */
  alertCount(): Promise<number>;
  /**
   * The search with an alert looked at longest ago (never first; a failed check is a look too),
   * leaving out those resting after failures; undefined when none.
   */
  nextToCheck(): Promise<string | undefined>;
  /** The alerts' news and floor, or when the first stops resting (utils/scheduler/news.ts). */
  worth?(): Promise<EntriesWorth>;
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
  const { last, failure, sellerState } = stateOf(states, search.id);
  const shown = { ...search, last, ...(search.seller && sellerState ? { sellerState } : {}) };
  return isFailing(failure) ? { ...shown, failing: failure } : shown;
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

  /** The check, and what the stream tells the scheduler of it. */
  async function checkOne(
    id: string,
    fresh: boolean,
  ): Promise<{ reply: Reply<SavedSearchView>; result: StreamResult }> {
    // Searches removed while this worker did not hear of it: their state goes with the next check.
    await forgetRemoved();
    const search = (await getSavedSearches()).find((saved) => saved.id === id);
    if (!search)
      return {
        reply: { ok: false, error: { kind: 'invalid-input', message: SAVED_SEARCH_TEXT.removed } },
        result: { ok: true },
      };
    // The newest, as many as the API gives: every listing that appeared since the last check
    // while fewer than that many did (check-outcome.ts says why not the cheapest).
    const reply = await gateway.auctionSearch({
      item: search.text,
      sort: 'recent',
      limit: AUCTION_LIMIT_MAX,
      fresh,
    });
    if (!reply.ok) {
      const states = await getSearchStates();
      const state = stateOf(states, id);
      const failed = searchFailedCheck(states, id, reply.error.kind, now());
      // The server's failure leaves the search as it was: first in line once the stream goes on.
      if (failed.failure) await putSearchState(id, { ...state, failure: failed.failure });
      return { reply, result: failed.result };
    }
    const states = await getSearchStates();
    // An answer ends the search's failure.
    const { failure: _, ...before } = stateOf(states, id);
    const { seller } = search;
    const outcome =
      seller === undefined
        ? checkOutcome(search, before, reply.data, reply.fetchedAt)
        : sellerCheckOutcome({ ...search, seller }, before, reply.data, reply.fetchedAt);
    const newPerHour = nextNewPerHour(
      before.newPerHour,
      outcome.announce.length,
      (reply.fetchedAt - (before.last?.at ?? Number.NaN)) / HOUR_MS,
    );
    await putSearchState(id, newPerHour === undefined ? outcome.state : { ...outcome.state, newPerHour });
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
    return {
      reply: { ok: true, data: view(search, { [id]: outcome.state }), fetchedAt: reply.fetchedAt },
      result: { ok: true },
    };
  }

  /** The stream's searches: those with an alert, and watched sellers. */
  async function withAlerts(): Promise<SavedSearch[]> {
    return (await getSavedSearches()).filter(
      (search) => search.alertBelow !== undefined || search.seller !== undefined,
    );
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
        const { reply: baseline } = await checkOne(id, true);
        return baseline.ok ? baseline.data : view(search, await getSearchStates());
      }),
    check: (id, options = {}) => exclusive(async () => (await checkOne(id, options.fresh === true)).reply),
    checkInTurn: (id) => exclusive(async () => (await checkOne(id, false)).result),
    async alertCount() {
      return (await withAlerts()).length;
    },
    async nextToCheck() {
      const [searches, states] = await Promise.all([withAlerts(), getSearchStates()]);
      return nextSearchToCheck(
        searches.map((search) => search.id),
        states,
        now(),
      );
    },
    async worth() {
      const [searches, states] = await Promise.all([withAlerts(), getSearchStates()]);
      return searchesWorth(
        searches.map((search) => search.id),
        states,
        now(),
      );
    },
    forgetRemoved: () => exclusive(forgetRemoved),
    settled: () => exclusive.settled(),
  };
}

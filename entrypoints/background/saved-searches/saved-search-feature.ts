import { browser } from 'wxt/browser';
import { t } from '@/utils/i18n/translate';
import type { MessageHandlers } from '@/utils/messages';
import { isSavedSearchKey, SAVED_SEARCH_TEXT, undoStaleListCopies } from '@/utils/saved-searches/storage';
import { SAVED_SEARCH_STREAM } from '@/utils/scheduler/stream-ids';
import type { BackgroundEvents } from '../background-events';
import { type SavedSearchChecks, SyncWriteError } from './saved-search-checks';

/** Saved searches and their alerts: their messages, and the stream woken by a change in sync. */

type SavedSearchMessage =
  | 'saved-searches'
  | 'save-search'
  | 'remove-saved-search'
  | 'set-saved-search-alert'
  | 'check-saved-search';

/** A refusal of storage.sync in words: what happened, and what to do. */
function refusal(error: SyncWriteError): string {
  if (error.quota === 'rate') return SAVED_SEARCH_TEXT.tooFast;
  if (error.quota === 'room') return SAVED_SEARCH_TEXT.noRoom;
  return SAVED_SEARCH_TEXT.notSynced;
}

export function savedSearchHandlers(checks: SavedSearchChecks): Pick<MessageHandlers, SavedSearchMessage> {
  return {
    'saved-searches': () => checks.list(),
    'save-search': (request) => checks.save(request),
    'remove-saved-search': async ({ id }) => {
      try {
        return (await checks.remove(id)) ? { ok: true } : { ok: false, message: SAVED_SEARCH_TEXT.removed };
      } catch (error) {
        if (!(error instanceof SyncWriteError)) throw error;
        console.warn('Network Companion: removing a saved search failed', error.cause);
        return { ok: false, message: refusal(error) };
      }
    },
    'set-saved-search-alert': async ({ id, alertBelow }) => {
      try {
        const search = await checks.setAlert(id, alertBelow);
        return search ? { ok: true, search } : { ok: false, message: SAVED_SEARCH_TEXT.removed };
      } catch (error) {
        // What storage.sync refused, said as such; a later step failing is said as such too.
        if (error instanceof SyncWriteError) return { ok: false, message: refusal(error) };
        console.warn('Network Companion: setting an alert failed', error);
        return { ok: false, message: t('common.savedSearches.alertNotNoted') };
      }
    },
    'check-saved-search': ({ id }) => checks.check(id, { fresh: true }),
  };
}

/** Listeners: synchronously, in the worker's first turn (start-background.ts). */
export function startSavedSearches(
  events: BackgroundEvents,
  checks: Pick<SavedSearchChecks, 'forgetRemoved'>,
): void {
  const forget = () => {
    checks.forgetRemoved().catch((error: unknown) => {
      console.warn('Network Companion: forgetting removed searches failed', error);
    });
  };
  // Saved searches are synced (utils/saved-searches/storage.ts): an alert set or cleared, here or
  // in another browser, changes the stream's demand.
  browser.storage.sync.onChanged?.addListener((changes) => {
    if (!Object.keys(changes).some(isSavedSearchKey)) return;
    events.wake.emit(SAVED_SEARCH_STREAM);
    // Another browser's late copies of the old list go first; then a search removed (here or in
    // another browser) takes its local state and history with it, and one added may be the same
    // as one here (saved in both before sync met).
    return undoStaleListCopies(changes)
      .catch((error: unknown) => {
        console.warn('Network Companion: undoing stale copies of the saved searches failed', error);
      })
      .then(forget);
  });
  // Removed while no worker here heard of it.
  forget();
}

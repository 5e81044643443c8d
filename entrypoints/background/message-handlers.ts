import type { Browser } from 'wxt/browser';
import type { Health, PlayersCount } from '../../utils/api/schemas';
import { t } from '../../utils/i18n/translate';
import type { ConnectionStatus, MessageHandlers, Reply, RequestFor } from '../../utils/messages';
import { SAVED_SEARCH_MESSAGES } from '../../utils/saved-searches/storage';
import type { Gateway } from './gateway/gateway';
import { type SavedSearchChecks, SyncWriteError } from './saved-searches/saved-search-checks';

/**
 * The background's answer to every message in the table (utils/messages.ts), one handler per
 * type, named after it. `satisfies MessageHandlers` makes a missing or an extra handler a type
 * error.
 */

export interface HandlerDeps {
  gateway: Gateway;
  /** The count for the popup: also re-polls the badge. */
  playersCount: () => Promise<Reply<PlayersCount>>;
  saveConnection: (request: RequestFor<'save-connection'>) => Promise<Reply<Health>>;
  connectionStatus: () => Promise<ConnectionStatus>;
  /** Opens the popup page with `?player=NAME` in a tab next to the sender's. */
  openPlayerView: (name: string, sender: Browser.runtime.MessageSender) => Promise<{ ok: boolean }>;
  /** Injects the hover card's UI script into the sender's frame. */
  injectHoverCardUi: (sender: Browser.runtime.MessageSender) => Promise<{ ok: boolean }>;
  savedSearches: SavedSearchChecks;
  /** The watchlist's own handlers (entrypoints/background/watchlist/watchlist-service.ts). */
  watchlist: Pick<MessageHandlers, 'watch' | 'unwatch' | 'watch-state' | 'watchlist' | 'check-watchlist-now'>;
}

export function createMessageHandlers(deps: HandlerDeps): MessageHandlers {
  const { gateway } = deps;
  return {
    player: (request) => gateway.player(request.identifier),
    'player-card': (request) => gateway.player(request.name),
    'open-player-view': (request, sender) => deps.openPlayerView(request.name, sender),
    'hover-card-ui': (_, sender) => deps.injectHoverCardUi(sender),
    'auction-search': ({ item, sort, limit, fresh }) =>
      gateway.auctionSearch({ item, sort, limit, ...(fresh ? { fresh } : {}) }),
    leaderboard: (request) => gateway.leaderboard(request.board, request.limit),
    'players-count': () => deps.playersCount(),
    'connection-status': () => deps.connectionStatus(),
    'save-connection': (request) => deps.saveConnection(request),
    'check-connection': () => gateway.health(),
    'saved-searches': () => deps.savedSearches.list(),
    'save-search': (request) => deps.savedSearches.save(request),
    'remove-saved-search': async ({ id }) => ({ ok: await deps.savedSearches.remove(id) }),
    'set-saved-search-alert': async ({ id, alertBelow }) => {
      try {
        const search = await deps.savedSearches.setAlert(id, alertBelow);
        return search ? { ok: true, search } : { ok: false, message: SAVED_SEARCH_MESSAGES.removed };
      } catch (error) {
        // "No room" only when storage.sync refused the write; a later step failing is said as such.
        if (error instanceof SyncWriteError) return { ok: false, message: SAVED_SEARCH_MESSAGES.noRoom };
        console.warn('Network Companion: setting an alert failed', error);
        return { ok: false, message: t('common.savedSearches.alertNotNoted') };
      }
    },
    'check-saved-search': ({ id }) => deps.savedSearches.check(id, { fresh: true }),
    ...deps.watchlist,
  } satisfies MessageHandlers;
}

import type { MessageHandlers } from '@/utils/messages';
import type { BackgroundEvents } from './background-events';
import { badgeHandlers } from './badge/badge-feature';
import type { BadgePoller } from './badge/poller';
import { connectionHandlers } from './gateway/connection-feature';
import type { Gateway } from './gateway/gateway';
import { gatewayHandlers } from './gateway/gateway-handlers';
import type { HistoryRecorder } from './history/history-recorder';
import { lookupHandlers } from './lookup/lookup-feature';
import { playerNoteHandlers } from './player-notes/player-notes-feature';
import { hoverProgressHandlers } from './progress/hover-progress-feature';
import type { Reminders } from './reminders/reminders-feature';
import type { SavedSearchChecks } from './saved-searches/saved-search-checks';
import { savedSearchHandlers } from './saved-searches/saved-search-feature';
import type { WatchlistService } from './watchlist/watchlist-service';

/**
 * The background's answer to every message in the table (utils/messages.ts): each feature's
 * handlers, from its own folder. `satisfies MessageHandlers` makes a missing or an extra handler
 * a type error.
 */

export interface BackgroundServices {
  gateway: Gateway;
  poller: BadgePoller;
  history: HistoryRecorder | undefined;
  events: BackgroundEvents;
  now: () => number;
  watchlist: Pick<WatchlistService, 'handlers'>;
  savedSearches: SavedSearchChecks;
  reminders: Reminders['handlers'];
}

export function createMessageHandlers(services: BackgroundServices): MessageHandlers {
  const { gateway, poller } = services;
  return {
    ...gatewayHandlers(gateway),
    ...connectionHandlers({
      gateway,
      badge: poller,
      history: services.history,
      events: services.events,
      now: services.now,
    }),
    ...badgeHandlers(poller),
    ...lookupHandlers(),
    ...savedSearchHandlers(services.savedSearches),
    ...services.watchlist.handlers,
    ...playerNoteHandlers(services.now),
    ...services.reminders,
    ...hoverProgressHandlers(services.now, services.history),
  } satisfies MessageHandlers;
}

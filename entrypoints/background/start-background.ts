import { browser } from 'wxt/browser';
import { createHistoryWriter } from '@/utils/history/history-writer';
import { respondAsync } from '@/utils/respond-async';
import type { StreamId } from '@/utils/scheduler/stream-ids';
import { getSettings } from '@/utils/settings';
import { getWatched, isWatched } from '@/utils/watchlist/watched';
import { createBackgroundEvents, warn } from './background-events';
import { badgeAction, startBadge } from './badge/badge-feature';
import { countHistory } from './badge/count-history';
import { type BadgePoller, createBadgePoller } from './badge/poller';
import { isConfigured, readConnection } from './gateway/connection';
import { startConnection } from './gateway/connection-feature';
import { createGateway, type Gateway, type GatewayDeps } from './gateway/gateway';
import { browserSessionStore, restrictSessionStorage } from './gateway/session-store';
import { handleMessage } from './handle-message';
import { createHistoryRecorder, type HistoryRecorder } from './history/history-recorder';
import { startLookups } from './lookup/lookup-feature';
import { openPlayerView } from './lookup/open-player-view';
import { createMessageHandlers } from './message-handlers';
import { createNotificationDisplay, createNotificationRouter } from './notifications/notifications';
import { createRankAnnouncer, RANK_NOTIFICATION, rankClicks } from './rank-watch/rank-notification';
import { createRankStream } from './rank-watch/rank-stream';
import { startRankWatch } from './rank-watch/rank-watch-feature';
import { createReminders, REMINDER_NOTIFICATION, startReminders } from './reminders/reminders-feature';
import { ALERT_NOTIFICATION, alertClicks, createAnnouncer } from './saved-searches/alert-notification';
import { openSearchView } from './saved-searches/open-search-view';
import { createSavedSearchChecks } from './saved-searches/saved-search-checks';
import { startSavedSearches } from './saved-searches/saved-search-feature';
import { createSavedSearchStream } from './saved-searches/saved-search-stream';
import { searchHistory } from './saved-searches/search-history';
import { browserIdle } from './scheduler/browser-idle';
import { createScheduler, type Scheduler } from './scheduler/scheduler';
import { storageAreaStore } from './scheduler/scheduler-ports';
import { startScheduler } from './scheduler/start-scheduler';
import { createWatchObserver } from './watchlist/observer';
import { createOnlineNotification, ONLINE_NOTIFICATION } from './watchlist/online-notification';
import { createWatchlistService, startWatchlist, type WatchlistService } from './watchlist/watchlist-service';

/**
 * The composition root: it creates each feature's services, then starts them. Each feature owns
 * its message handlers (message-handlers.ts spreads them) and its listeners (its start function).
 * Every listener is added synchronously, before the first await: an MV3 service worker woken by
 * an event only delivers it to listeners registered in the first turn of its script.
 */

export interface Background {
  gateway: Gateway;
  poller: BadgePoller;
  scheduler: Scheduler<StreamId>;
  watchlist: WatchlistService;
  /** Resolves when the start-up work (the scheduler's first slot, or nothing) is done. */
  started: Promise<void>;
  /** Records fetched online counts in the history store; undefined without IndexedDB. */
  history: HistoryRecorder | undefined;
}

async function configured(): Promise<boolean> {
  return isConfigured(await readConnection());
}

export function startBackground(deps: Pick<GatewayDeps, 'fetch' | 'now'> = {}): Background {
  const now = deps.now ?? Date.now;
  const store = browserSessionStore();
  const local = storageAreaStore(browser.storage.local);
  // The observer and the watchlist are built before the badge and the scheduler they tell:
  // these signals carry that news back (background-events.ts), so nothing here is reassigned.
  const events = createBackgroundEvents();
  // Every count fetched, and every fresh answer for a watched player (background check, Check
  // now, a look-up), goes into the history (no IndexedDB: a Node simulation of the background).
  const historyWriter = typeof indexedDB === 'undefined' ? undefined : createHistoryWriter();
  const history = historyWriter ? createHistoryRecorder({ store: historyWriter, isWatched }) : undefined;

  const display = createNotificationDisplay({ iconUrl: browser.runtime.getURL('/icon/128.png') });
  const online = createOnlineNotification({ store, notifications: display, openPlayerView });
  const observer = createWatchObserver({ now, online, onChange: events.badgeStale.emit });
  const gateway = createGateway({
    ...deps,
    store,
    // A look-up the user made: recorded, never announced (they see it).
    observePlayer: (player, { at }) => observer.observe(player, { at }),
    ...(history ? { onAnswer: history.onAnswer } : {}),
  });
  const watchlist = createWatchlistService({
    gateway,
    observer,
    isConfigured: configured,
    store: local,
    now,
    events,
    ...(history ? { historySettled: history.settled } : {}),
  });
  const poller = createBadgePoller({
    gateway,
    getSettings,
    isConfigured: configured,
    store,
    action: badgeAction(),
    now,
    watchedOnline: watchlist.watchedOnline,
    ...(historyWriter ? { countHistory: countHistory(historyWriter) } : {}),
  });
  const savedSearches = createSavedSearchChecks({
    gateway,
    ...(historyWriter ? { history: searchHistory(historyWriter) } : {}),
    announce: createAnnouncer({ notifications: display }),
  });
  const reminders = createReminders({
    gateway,
    display,
    store: local,
    alarms: browser.alarms,
    minutes: async () => (await getSettings()).reminderMinutes,
    openSearch: (text) => openSearchView({ text, sort: 'oldest' }),
    now,
  });
  // Every notification's click and close, whatever its kind.
  const notifications = createNotificationRouter({
    display,
    kinds: {
      [ONLINE_NOTIFICATION]: online,
      [ALERT_NOTIFICATION]: alertClicks(),
      [REMINDER_NOTIFICATION]: reminders.clicks,
      [RANK_NOTIFICATION]: rankClicks(openPlayerView),
    },
    warn: warn('the notification'),
  });
  const scheduler = createScheduler<StreamId>({
    streams: [
      poller.stream,
      watchlist.stream,
      createSavedSearchStream({ checks: savedSearches }),
      createRankStream({
        gateway,
        getSettings,
        getWatchedNames: async () => (await getWatched()).map((player) => player.name),
        isConfigured: configured,
        store: local,
        now,
        announce: createRankAnnouncer({ notifications: display, now }),
      }),
    ],
    budgetPerHour: async () => (await getSettings()).backgroundRequestsPerHour,
    pauseSecondsLeft: gateway.rateLimitSecondsLeft,
    idle: browserIdle(),
    alarms: browser.alarms,
    store: local,
    now,
  });
  const handlers = createMessageHandlers({
    gateway,
    poller,
    history,
    events,
    now,
    watchlist,
    savedSearches,
    reminders: reminders.handlers,
  });
  const self = () => ({ id: browser.runtime.id, baseUrl: browser.runtime.getURL('') });

  // --- Listeners: synchronously, first thing. ---
  browser.runtime.onMessage.addListener((message: unknown, sender, sendResponse) =>
    respondAsync(handleMessage(message, sender, { self, handlers }), sendResponse),
  );
  startScheduler(scheduler, events);
  // First among the settings' listeners: a new base URL empties the cache before any slot it wakes.
  startConnection(gateway);
  startBadge(poller, events);
  startWatchlist(events);
  startSavedSearches(events, savedSearches);
  startRankWatch(events);
  startLookups();
  notifications.start();
  startReminders(reminders, warn('a reminder'));

  // --- Then the asynchronous start-up work. ---
  restrictSessionStorage().catch(warn('restricting storage.session'));
  const started = Promise.all([poller.refresh(), scheduler.start()])
    .then(() => undefined)
    .catch(warn('the start-up'));
  return { gateway, poller, scheduler, watchlist, started, history };
}

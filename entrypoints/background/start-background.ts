import { browser } from 'wxt/browser';
import { createHistoryWriter } from '../../utils/history/history-writer';
import { getRecentPlayers } from '../../utils/recent-players';
import { respondAsync } from '../../utils/respond-async';
import { getSavedSearches, isSavedSearchKey } from '../../utils/saved-searches/storage';
import { apiKeyItem, getSettings, type Settings, sanitizeSettings, settingsItem } from '../../utils/settings';
import { isWatched, WATCH_KEY_PREFIX } from '../../utils/watchlist/watched';
import { BADGE_STREAM, type BadgeAction, type BadgePoller, createBadgePoller } from './badge/poller';
import { createForumRegistrar } from './forum-registration';
import { isConfigured, readConnection } from './gateway/connection';
import { connectionStatus, saveConnection } from './gateway/connection-requests';
import { createGateway, type Gateway, type GatewayDeps } from './gateway/gateway';
import { browserSessionStore, restrictSessionStorage } from './gateway/session-store';
import { handleMessage } from './handle-message';
import { createHistoryRecorder, type HistoryRecorder } from './history/history-recorder';
import { openPlayerView } from './lookup/open-player-view';
import { registerLookups } from './lookup/register-lookups';
import { createMessageHandlers } from './message-handlers';
import { createNotificationDisplay, createNotificationRouter } from './notifications/notifications';
import { ALERT_NOTIFICATION, alertClicks, createAnnouncer } from './saved-searches/notify';
import { openSearchView } from './saved-searches/open-search-view';
import { createSavedSearchChecks } from './saved-searches/saved-search-checks';
import { createSavedSearchStream, SAVED_SEARCH_STREAM } from './saved-searches/saved-search-stream';
import { searchHistory } from './saved-searches/search-history';
import { browserIdle, watchIdle } from './scheduler/browser-idle';
import { storageAreaStore } from './scheduler/ports';
import { createScheduler, type Scheduler } from './scheduler/scheduler';
import { createWatchObserver } from './watchlist/observer';
import { createOnlineNotification, ONLINE_NOTIFICATION } from './watchlist/online-notification';
import { createWatchlistService, type WatchlistService } from './watchlist/watchlist-service';
import { WATCHLIST_STREAM } from './watchlist/watchlist-stream';

/**
 * Everything the background does, wired together. Every listener is added synchronously,
 * before the first await: an MV3 service worker woken by an event only delivers it to
 * listeners registered in the first turn of its script.
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

/**
 * Every stream of background requests, in the scheduler's round-robin order: one more (saved
 * searches) is one more entry here.
 */
type StreamId = typeof BADGE_STREAM | typeof WATCHLIST_STREAM | typeof SAVED_SEARCH_STREAM;

const BADGE_FIELDS = [
  'badgeEnabled',
  'badgeIntervalSeconds',
  'badgeShows',
  'apiBaseUrl',
] as const satisfies (keyof Settings)[];

function changed(next: Settings, previous: Settings, fields: readonly (keyof Settings)[]): boolean {
  return fields.some((field) => JSON.stringify(next[field]) !== JSON.stringify(previous[field]));
}

/** `browser.action` in MV3; `browserAction` in Firefox MV2 builds. */
function badgeAction(): BadgeAction | undefined {
  const api = browser as unknown as { action?: BadgeAction; browserAction?: BadgeAction };
  return api.action ?? api.browserAction;
}

async function openOptionsOnFirstInstall(): Promise<void> {
  const key = await apiKeyItem.getValue();
  if (typeof key === 'string' && key.trim() !== '') return;
  await browser.runtime.openOptionsPage();
}

export function startBackground(deps: Pick<GatewayDeps, 'fetch' | 'now'> = {}): Background {
  const now = deps.now ?? Date.now;
  const store = browserSessionStore();
  // Every count fetched, and every fresh answer for a watched player (background check, Check
  // now, a look-up), goes into the history (no IndexedDB: a Node simulation of the background).
  const historyWriter = typeof indexedDB === 'undefined' ? undefined : createHistoryWriter();
  const history = historyWriter
    ? createHistoryRecorder({ store: historyWriter, isWatched: (uuid) => isWatched(uuid) })
    : undefined;
  const local = storageAreaStore(browser.storage.local);
  const configured = async () => isConfigured(await readConnection());
  const warn = (what: string) => (error: unknown) => console.warn(`Network Companion: ${what} failed`, error);

  const display = createNotificationDisplay({ iconUrl: browser.runtime.getURL('/icon/128.png') });
  const online = createOnlineNotification({
    store,
    notifications: display,
    openPlayerView: (name) => openPlayerView(name),
  });
  // The badge mode "watched players online" changes with every observation; set below.
  let onWatchChange = () => {};
  const observer = createWatchObserver({ now, online, onChange: () => onWatchChange() });
  const gateway = createGateway({
    ...deps,
    store,
    // A look-up the user made: recorded, never announced (they see it).
    observePlayer: async (player) => {
      await observer.observe(player);
    },
    ...(history ? { onAnswer: history.onAnswer } : {}),
  });
  let requestSoon = (_: StreamId) => {};
  const watchlist = createWatchlistService({
    gateway,
    observer,
    isConfigured: configured,
    store: local,
    now,
    onListChanged: () => {
      requestSoon(WATCHLIST_STREAM);
      onWatchChange();
    },
    ...(history ? { historySettled: () => history.settled() } : {}),
  });
  const poller = createBadgePoller({
    gateway,
    getSettings,
    isConfigured: configured,
    store,
    action: badgeAction(),
    now,
    watchedOnline: () => watchlist.watchedOnline(),
  });
  onWatchChange = () => {
    poller.refresh().catch(warn('the badge'));
  };
  const savedSearches = createSavedSearchChecks({
    gateway,
    ...(historyWriter ? { history: searchHistory(historyWriter) } : {}),
    announce: createAnnouncer({ notifications: display }),
  });
  // Every notification's click and close, whatever its kind.
  const notifications = createNotificationRouter({
    display,
    kinds: {
      [ONLINE_NOTIFICATION]: online,
      [ALERT_NOTIFICATION]: alertClicks({
        findSearch: async (id) => (await getSavedSearches()).find((search) => search.id === id),
        open: openSearchView,
      }),
    },
    warn: warn('the notification'),
  });
  const scheduler = createScheduler<StreamId>({
    streams: [poller.stream, watchlist.stream, createSavedSearchStream({ checks: savedSearches })],
    budgetPerHour: async () => (await getSettings()).backgroundRequestsPerHour,
    pauseSecondsLeft: () => gateway.rateLimitSecondsLeft(),
    idle: browserIdle(),
    alarms: browser.alarms,
    store: local,
    now,
  });
  requestSoon = (id) => {
    scheduler.requestSoon(id).catch(warn('background requests'));
  };
  const forums = createForumRegistrar(async () => (await getSettings()).forumSites);
  const self = () => ({ id: browser.runtime.id, baseUrl: browser.runtime.getURL('') });

  const handlers = createMessageHandlers({
    gateway,
    playersCount: () => poller.poll('popup'),
    saveConnection: async (request) => {
      const savedAt = now();
      const reply = await saveConnection(request, {
        gateway,
        onSaved: () => {
          onWatchChange();
          requestSoon(WATCHLIST_STREAM);
        },
      });
      // The check's own answer says what the badge shows, now; otherwise the badge's next slot does.
      const shown = await poller.connectionChecked(reply, savedAt).catch((error: unknown) => {
        warn('the badge')(error);
        return false;
      });
      if (!shown && !(!reply.ok && reply.error.kind === 'invalid-input')) requestSoon(BADGE_STREAM);
      // Answered once the count it fetched is in the history: the popup may open its chart next.
      await history?.settled();
      return reply;
    },
    connectionStatus,
    openPlayerView: (name, sender) => openPlayerView(name, { opener: sender.tab }),
    injectHoverCardUi: async (sender) => {
      const tabId = sender.tab?.id;
      if (tabId === undefined) return { ok: false };
      await browser.scripting.executeScript({
        target: { tabId, frameIds: [sender.frameId ?? 0] },
        files: ['/hover-card.js'],
      });
      return { ok: true };
    },
    watchlist: watchlist.handlers,
    savedSearches,
  });

  // --- Listeners: synchronously, first thing. ---
  browser.runtime.onMessage.addListener((message: unknown, sender, sendResponse) =>
    respondAsync(handleMessage(message, sender, { self, handlers }), sendResponse),
  );
  browser.alarms.onAlarm.addListener((alarm) => {
    scheduler.handleAlarm(alarm).catch(warn('background requests'));
  });
  watchIdle((state) => {
    scheduler.handleIdleStateChange(state).catch(warn('background requests'));
  });
  notifications.listen();
  browser.runtime.onInstalled.addListener((details) => {
    forums.reconcile().catch(warn('forum registration'));
    if (details.reason === 'install') openOptionsOnFirstInstall().catch(warn('opening the options'));
  });
  browser.runtime.onStartup.addListener(() => {
    forums.reconcile().catch(warn('forum registration'));
  });
  browser.permissions.onAdded.addListener(() => {
    forums.reconcile().catch(warn('forum registration'));
    notifications.listen();
  });
  browser.permissions.onRemoved.addListener(() => {
    forums.reconcile().catch(warn('forum registration'));
  });
  settingsItem.watch((nextRaw, previousRaw) => {
    const next = sanitizeSettings(nextRaw);
    const previous = sanitizeSettings(previousRaw);
    if (next.apiBaseUrl !== previous.apiBaseUrl) gateway.clearCache().catch(warn('clearing the cache'));
    if (changed(next, previous, BADGE_FIELDS)) {
      onWatchChange();
      requestSoon(BADGE_STREAM);
    }
    if (changed(next, previous, ['backgroundRequestsPerHour', 'apiBaseUrl'])) requestSoon(WATCHLIST_STREAM);
    if (changed(next, previous, ['forumSites'])) forums.reconcile().catch(warn('forum registration'));
  });
  // The list is synced: another browser of the user's may change it.
  browser.storage.sync.onChanged?.addListener((changes) => {
    onWatchChange();
    // A player watched in another browser: the stream may want its first slot now.
    if (Object.keys(changes).some((key) => key.startsWith(WATCH_KEY_PREFIX))) requestSoon(WATCHLIST_STREAM);
    // Saved searches (utils/saved-searches/storage.ts): an alert set or cleared changes the stream's demand.
    if (Object.keys(changes).some(isSavedSearchKey)) requestSoon(SAVED_SEARCH_STREAM);
  });
  registerLookups({ names: getRecentPlayers, warn });
  // Only save-connection writes the key, and it brings the badge up to date itself.
  apiKeyItem.watch(() => {
    gateway.clearCache().catch(warn('clearing the cache'));
  });

  // --- Then the asynchronous start-up work. ---
  restrictSessionStorage().catch(warn('restricting storage.session'));
  const started = Promise.all([poller.refresh(), scheduler.start()])
    .then(() => undefined)
    .catch(warn('the start-up'));
  return { gateway, poller, scheduler, watchlist, started, history };
}

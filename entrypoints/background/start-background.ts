import { browser } from 'wxt/browser';
import { createHistoryStore } from '../../utils/history/history-store';
import { getRecentPlayers } from '../../utils/recent-players';
import { getSavedSearches, watchSavedSearches } from '../../utils/saved-searches/storage';
import { apiKeyItem, getSettings, type Settings, sanitizeSettings, settingsItem } from '../../utils/settings';
import { type BadgeAction, type BadgePoller, createBadgePoller } from './badge/poller';
import { createForumRegistrar } from './forum-registration';
import { connectionStatus, saveConnection } from './gateway/connection-requests';
import { createGateway, type Gateway, type GatewayDeps } from './gateway/gateway';
import { browserSessionStore, restrictSessionStorage } from './gateway/session-store';
import { handleMessage } from './handle-message';
import { openPlayerView } from './lookup/open-player-view';
import { registerLookups } from './lookup/register-lookups';
import { createMessageHandlers } from './message-handlers';
import { createAnnouncer, createClickHandling, notificationsApi } from './saved-searches/notify';
import { openSearchView } from './saved-searches/open-search-view';
import { createSavedSearchChecks } from './saved-searches/saved-search-checks';
import { createSavedSearchStream } from './saved-searches/saved-search-stream';
import { DEFAULT_BUDGET_PER_HOUR } from './scheduler/limits';
import { type IdlePort, storageAreaStore } from './scheduler/ports';
import { createScheduler } from './scheduler/scheduler';

/**
 * Everything the background does, wired together. Every listener is added synchronously,
 * before the first await: an MV3 service worker woken by an event only delivers it to
 * listeners registered in the first turn of its script.
 */

export interface Background {
  gateway: Gateway;
  poller: BadgePoller;
  /** Resolves when the start-up work (badge poll or nothing) is done. */
  started: Promise<void>;
}

const BADGE_FIELDS = [
  'badgeEnabled',
  'badgeIntervalSeconds',
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
  const store = browserSessionStore();
  const gateway = createGateway({ ...deps, store });
  const poller = createBadgePoller({
    gateway,
    getSettings,
    store,
    alarms: browser.alarms,
    action: badgeAction(),
    ...(deps.now ? { now: deps.now } : {}),
  });
  const forums = createForumRegistrar(async () => (await getSettings()).forumSites);
  const savedSearches = createSavedSearchChecks({
    gateway,
    history: createHistoryStore(),
    announce: createAnnouncer({
      notifications: notificationsApi,
      iconUrl: browser.runtime.getURL('/icon/128.png'),
    }),
  });
  const listenToAlertClicks = createClickHandling({
    notifications: notificationsApi,
    findSearch: async (id) => (await getSavedSearches()).find((search) => search.id === id),
    open: openSearchView,
  });
  // Without the `idle` permission the user counts as always active.
  const idle = (browser as unknown as { idle?: IdlePort }).idle ?? {
    queryState: async () => 'active' as const,
    setDetectionInterval: () => undefined,
  };
  const scheduler = createScheduler({
    streams: [createSavedSearchStream({ checks: savedSearches })],
    budgetPerHour: () => DEFAULT_BUDGET_PER_HOUR,
    pauseSecondsLeft: () => gateway.rateLimitSecondsLeft(),
    idle,
    alarms: browser.alarms,
    store: storageAreaStore(browser.storage.local),
    now: deps.now ?? Date.now,
  });
  const self = () => ({ id: browser.runtime.id, baseUrl: browser.runtime.getURL('') });
  const warn = (what: string) => (error: unknown) => console.warn(`Network Companion: ${what} failed`, error);

  const handlers = createMessageHandlers({
    gateway,
    playersCount: async () =>
      (await poller.pollForPopup()) ?? { ok: false, error: { kind: 'not-configured' } },
    saveConnection: (request) =>
      saveConnection(request, { gateway, onSaved: () => void poller.requestPoll('connection') }),
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
    savedSearches,
  });

  // --- Listeners: synchronously, first thing. ---
  browser.runtime.onMessage.addListener((message: unknown, sender) =>
    handleMessage(message, sender, { self, handlers }),
  );
  browser.alarms.onAlarm.addListener((alarm) => {
    poller.handleAlarm(alarm).catch(warn('the badge poll'));
    void scheduler.handleAlarm(alarm);
  });
  listenToAlertClicks();
  // start() may throw at once (an idle API that refuses): kept to a warning.
  const startScheduler = () =>
    Promise.resolve()
      .then(() => scheduler.start())
      .catch(warn('the background scheduler'));
  watchSavedSearches(() => void startScheduler());
  browser.runtime.onInstalled.addListener((details) => {
    forums.reconcile().catch(warn('forum registration'));
    if (details.reason === 'install') openOptionsOnFirstInstall().catch(warn('opening the options'));
  });
  browser.runtime.onStartup.addListener(() => {
    forums.reconcile().catch(warn('forum registration'));
  });
  browser.permissions.onAdded.addListener(() => {
    listenToAlertClicks();
    forums.reconcile().catch(warn('forum registration'));
  });
  browser.permissions.onRemoved.addListener(() => {
    forums.reconcile().catch(warn('forum registration'));
  });
  settingsItem.watch((nextRaw, previousRaw) => {
    const next = sanitizeSettings(nextRaw);
    const previous = sanitizeSettings(previousRaw);
    if (next.apiBaseUrl !== previous.apiBaseUrl) gateway.clearCache().catch(warn('clearing the cache'));
    if (changed(next, previous, BADGE_FIELDS)) poller.requestPoll('settings').catch(warn('the badge poll'));
    if (changed(next, previous, ['forumSites'])) forums.reconcile().catch(warn('forum registration'));
  });
  registerLookups({ names: getRecentPlayers, warn });
  // Only save-connection writes the key, and it starts the badge poll itself.
  apiKeyItem.watch(() => {
    gateway.clearCache().catch(warn('clearing the cache'));
  });

  // --- Then the asynchronous start-up work. ---
  restrictSessionStorage().catch(warn('restricting storage.session'));
  const started = poller.start().catch(warn('the start-up badge poll'));
  void startScheduler();
  return { gateway, poller, started };
}

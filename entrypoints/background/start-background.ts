import { browser } from 'wxt/browser';
import { createHistoryWriter } from '../../utils/history/history-writer';
import { getRecentPlayers } from '../../utils/recent-players';
import { respondAsync } from '../../utils/respond-async';
import { apiKeyItem, getSettings, type Settings, sanitizeSettings, settingsItem } from '../../utils/settings';
import { type BadgeAction, type BadgePoller, createBadgePoller } from './badge/poller';
import { createForumRegistrar } from './forum-registration';
import { connectionStatus, saveConnection } from './gateway/connection-requests';
import { createGateway, type Gateway, type GatewayDeps } from './gateway/gateway';
import { browserSessionStore, restrictSessionStorage } from './gateway/session-store';
import { handleMessage } from './handle-message';
import { createHistoryRecorder, type HistoryRecorder } from './history/history-recorder';
import { openPlayerView } from './lookup/open-player-view';
import { registerLookups } from './lookup/register-lookups';
import { createMessageHandlers } from './message-handlers';

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
  /** Records fetched online counts in the history store; undefined without IndexedDB. */
  history: HistoryRecorder | undefined;
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
  // Every count fetched goes into the history (no IndexedDB: a Node simulation of the background).
  const history =
    typeof indexedDB === 'undefined' ? undefined : createHistoryRecorder({ store: createHistoryWriter() });
  const gateway = createGateway({ ...deps, store, ...(history ? { onAnswer: history.onAnswer } : {}) });
  const poller = createBadgePoller({
    gateway,
    getSettings,
    store,
    alarms: browser.alarms,
    action: badgeAction(),
    ...(deps.now ? { now: deps.now } : {}),
  });
  const forums = createForumRegistrar(async () => (await getSettings()).forumSites);
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
  });

  // --- Listeners: synchronously, first thing. ---
  browser.runtime.onMessage.addListener((message: unknown, sender, sendResponse) =>
    respondAsync(handleMessage(message, sender, { self, handlers }), sendResponse),
  );
  browser.alarms.onAlarm.addListener((alarm) => {
    poller.handleAlarm(alarm).catch(warn('the badge poll'));
  });
  browser.runtime.onInstalled.addListener((details) => {
    forums.reconcile().catch(warn('forum registration'));
    if (details.reason === 'install') openOptionsOnFirstInstall().catch(warn('opening the options'));
  });
  browser.runtime.onStartup.addListener(() => {
    forums.reconcile().catch(warn('forum registration'));
  });
  browser.permissions.onAdded.addListener(() => {
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
  return { gateway, poller, started, history };
}

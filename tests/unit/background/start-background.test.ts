// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { POLLER_STATE_KEY } from '@/entrypoints/background/badge/poller';
import { type Background, startBackground as start } from '@/entrypoints/background/start-background';
import { BASE_URL_MESSAGES } from '@/utils/api/base-url';
import { SCHEDULER_ALARM } from '@/utils/scheduler/scheduler-limits';
import { apiKeyItem, getSettings, updateSettings } from '@/utils/settings';
import { stubBackgroundApis } from '../../fixtures/background-apis';
import { json } from '../../fixtures/http';
import { makePlayer } from '../../fixtures/players';
import { storeSearches } from '../../fixtures/saved-searches';

const BASE = 'http://127.0.0.1:4567';
const KEY = 'demo-key';

let requests: string[] = [];
let online = 1234;

const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input));
  requests.push(url.pathname);
  if (new Headers(init?.headers).get('X-API-Key') !== KEY) return json({ error: 'Invalid API key' }, 401);
  if (url.pathname === '/api/health') return json({ status: 'ok' });
  if (url.pathname === '/api/players/count') return json({ online });
  if (url.pathname === '/api/auction/search') return json({ count: 0, total_matching: 0, results: [] });
  return json({ error: 'nope' }, 404);
}) as typeof globalThis.fetch;

/** The listeners the fake browser cannot hold itself. */
const POPUP: Browser.runtime.MessageSender = {
  id: fakeBrowser.runtime.id,
  url: fakeBrowser.runtime.getURL('/popup.html'),
};

/** Send a message as the popup would, and return the background's reply. */
async function send(message: unknown, sender: Browser.runtime.MessageSender = POPUP): Promise<unknown> {
  // The background answers through sendResponse (utils/respond-async.ts).
  return new Promise((resolve) => {
    void fakeBrowser.runtime.onMessage.trigger(message, sender, resolve);
  });
}

const badgeText = () => fakeBrowser.action.getBadgeText({});

/** Backgrounds started by a test: each must be quiet before the next test begins. */
let backgrounds: Background[] = [];
function startBackground(...args: Parameters<typeof start>): Background {
  const background = start(...args);
  backgrounds.push(background);
  return background;
}

afterEach(async () => {
  await Promise.all(backgrounds.map((background) => background.scheduler.settled()));
  backgrounds = [];
});

beforeEach(() => {
  fakeBrowser.reset();
  requests = [];
  online = 1234;
});

describe('start-up', () => {
  it('registers every listener synchronously, before its first await', () => {
    const spies = stubBackgroundApis();
    startBackground({ fetch });
    expect(fakeBrowser.runtime.onMessage.hasListeners()).toBe(true);
    expect(fakeBrowser.alarms.onAlarm.hasListeners()).toBe(true);
    expect(fakeBrowser.runtime.onInstalled.hasListeners()).toBe(true);
    expect(fakeBrowser.runtime.onStartup.hasListeners()).toBe(true);
    // Forum registration, the context menu's forum-link item (it follows granted sites), and the
    // notifications' click listener (added once the permission is granted).
    expect(spies.permissionListeners.added).toHaveLength(3);
    expect(spies.permissionListeners.removed).toHaveLength(2);
    expect(fakeBrowser.storage.local.onChanged.hasListeners()).toBe(true);
    expect(fakeBrowser.omnibox.onInputEntered.addListener).toHaveBeenCalledOnce();
    expect(fakeBrowser.contextMenus.onClicked.addListener).toHaveBeenCalledOnce();
  });

  it('keeps storage.session for trusted contexts', async () => {
    const { setAccessLevel } = stubBackgroundApis();
    await startBackground({ fetch }).started;
    expect(setAccessLevel).toHaveBeenCalledWith({ accessLevel: 'TRUSTED_CONTEXTS' });
  });

  it('asks for the count when the worker starts (configured) and sets the scheduler’s one alarm', async () => {
    stubBackgroundApis();
    await updateSettings({ apiBaseUrl: BASE });
    await apiKeyItem.setValue(KEY);
    await startBackground({ fetch }).started;
    expect(requests).toEqual(['/api/players/count']);
    expect(await badgeText()).toBe('1234');
    expect(await fakeBrowser.alarms.getAll()).toEqual([expect.objectContaining({ name: SCHEDULER_ALARM })]);
  });

  it('shows SET and makes no request when no key is set', async () => {
    stubBackgroundApis();
    await startBackground({ fetch }).started;
    expect(await badgeText()).toBe('SET');
    expect(requests).toEqual([]);
    expect(await fakeBrowser.alarms.getAll()).toEqual([]);
  });

  it('the scheduler’s alarm asks again once its slot has come, and re-arms', async () => {
    stubBackgroundApis();
    await updateSettings({ apiBaseUrl: BASE });
    await apiKeyItem.setValue(KEY);
    const { started } = startBackground({ fetch, now: () => Date.now() + 61_000 * requests.length });
    await started;
    online = 7;
    await fakeBrowser.alarms.onAlarm.trigger({ name: SCHEDULER_ALARM, scheduledTime: Date.now() });
    await vi.waitFor(async () => expect(await badgeText()).toBe('7'));
    expect(requests).toEqual(['/api/players/count', '/api/players/count']);
    expect(await fakeBrowser.alarms.getAll()).toHaveLength(1);
  });
});

describe('saved searches', () => {
  it('the background scheduler checks a saved search with an alert on its own', async () => {
    stubBackgroundApis();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await updateSettings({ apiBaseUrl: BASE });
    await apiKeyItem.setValue(KEY);
    // The badge off, the watchlist empty: the saved searches' stream has the first slot.
    await updateSettings({ badgeEnabled: false });
    await storeSearches([{ id: 's1', text: 'diamond', sort: 'cheap', alertBelow: 5 }]);
    await startBackground({ fetch }).started;
    await vi.waitFor(() => expect(requests).toContain('/api/auction/search'));
    expect(await fakeBrowser.alarms.get('background-requests')).toBeDefined();
  });

  it('an alert arriving through sync asks for a slot at once', async () => {
    stubBackgroundApis();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await updateSettings({ apiBaseUrl: BASE, badgeEnabled: false });
    await apiKeyItem.setValue(KEY);
    await startBackground({ fetch }).started;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).not.toContain('/api/auction/search');
    // Another browser saved a search with an alert: its item arrives.
    await storeSearches([{ id: 's1', text: 'diamond', sort: 'cheap', alertBelow: 5 }]);
    await vi.waitFor(() => expect(requests).toContain('/api/auction/search'));
  });

  it('asks nothing for saved searches without an alert', async () => {
    stubBackgroundApis();
    await updateSettings({ apiBaseUrl: BASE });
    await apiKeyItem.setValue(KEY);
    await storeSearches([{ id: 's1', text: 'diamond', sort: 'cheap' }]);
    await startBackground({ fetch }).started;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).not.toContain('/api/auction/search');
  });
});

describe('the watchlist', () => {
  const NOTCH = '069a79f4-44e9-4726-a5be-fca90e38aaf5';
  let notchOnline = false;
  const playerFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    if (url.pathname === `/api/player/${NOTCH}`) {
      requests.push(url.pathname);
      return json(makePlayer({ uuid: NOTCH, name: 'Notch', online: notchOnline }));
    }
    return fetch(input, init);
  }) as typeof globalThis.fetch;

  /** Watches Notch (offline), then Notch logs in and the scheduler's next slots check him. */
  async function notchComesOnline(): Promise<string[]> {
    stubBackgroundApis();
    const shown: string[] = [];
    vi.spyOn(fakeBrowser.notifications, 'create').mockImplementation((async (
      id: string,
      options: { message: string },
    ) => {
      shown.push(`${id}: ${options.message}`);
      return id;
    }) as never);
    await updateSettings({ apiBaseUrl: BASE, badgeEnabled: false });
    await apiKeyItem.setValue(KEY);
    notchOnline = false;
    let clock = Date.now();
    const background = startBackground({ fetch: playerFetch, now: () => clock });
    await background.started;
    expect(await send({ type: 'watch', uuid: NOTCH, name: 'Notch' })).toEqual({ watched: true, full: false });
    notchOnline = true;
    for (let slot = 0; slot < 3; slot += 1) {
      clock += 61_000;
      await fakeBrowser.alarms.onAlarm.trigger({ name: SCHEDULER_ALARM, scheduledTime: clock });
      await background.scheduler.settled();
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    return shown;
  }

  it('the real composition: a watched player coming online is announced once, by the background check', async () => {
    await updateSettings({ notifyWatchedOnline: true });
    const shown = await notchComesOnline();
    expect(requests.filter((path) => path.includes(NOTCH)).length).toBeGreaterThanOrEqual(2);
    expect(shown).toEqual(['watched-online: Notch is online.']);
  });

  it('the real composition: nothing when Options says not to notify', async () => {
    await updateSettings({ notifyWatchedOnline: false });
    const shown = await notchComesOnline();
    expect(requests.filter((path) => path.includes(NOTCH)).length).toBeGreaterThanOrEqual(2);
    expect(shown).toEqual([]);
  });

  it('a player watched in another browser (a sync change) asks the scheduler for a slot at once', async () => {
    stubBackgroundApis();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await updateSettings({ apiBaseUrl: BASE, badgeEnabled: false });
    await apiKeyItem.setValue(KEY);
    const background = startBackground({ fetch });
    await background.started;
    const requestSoon = vi.spyOn(background.scheduler, 'requestSoon');
    const uuid = '00000000-0000-4000-8000-000000000001';
    await fakeBrowser.storage.sync.set({ [`watch:${uuid}`]: { name: 'Notch', addedAt: 1 } });
    await vi.waitFor(() => expect(requestSoon).toHaveBeenCalledWith('watchlist'));
    await vi.waitFor(() => expect(requests.some((path) => path.includes(uuid))).toBe(true));
  });
});

describe('install', () => {
  it('opens the options page on first install when no key is set', async () => {
    const { openOptionsPage } = stubBackgroundApis();
    startBackground({ fetch });
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    await vi.waitFor(() => expect(openOptionsPage).toHaveBeenCalledOnce());
  });

  it('does not open it on update, or when a key is already there', async () => {
    const { openOptionsPage } = stubBackgroundApis();
    startBackground({ fetch });
    await fakeBrowser.runtime.onInstalled.trigger({
      reason: 'update',
      previousVersion: '0.0.1',
    });
    await apiKeyItem.setValue(KEY);
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(openOptionsPage).not.toHaveBeenCalled();
  });
});

describe('forum registrations are reconciled', () => {
  it('on install, browser start, permission changes and forum-site changes', async () => {
    const spies = stubBackgroundApis();
    startBackground({ fetch });
    const reconciles = () => spies.getRegistered.mock.calls.length;

    await fakeBrowser.runtime.onInstalled.trigger({
      reason: 'update',
      previousVersion: '0.0.1',
    });
    await vi.waitFor(() => expect(reconciles()).toBe(1));
    await fakeBrowser.runtime.onStartup.trigger();
    await vi.waitFor(() => expect(reconciles()).toBe(2));
    for (const listener of [...spies.permissionListeners.added, ...spies.permissionListeners.removed])
      listener();
    await vi.waitFor(() => expect(reconciles()).toBeGreaterThanOrEqual(3));
    const before = reconciles();

    await updateSettings({ forumSites: [{ origin: 'https://forum.example.net', customSelector: '' }] });
    await vi.waitFor(() => expect(reconciles()).toBeGreaterThan(before));
    await vi.waitFor(() =>
      expect(spies.register).toHaveBeenCalledWith([
        expect.objectContaining({
          id: 'forum:https://forum.example.net',
          matches: ['https://forum.example.net/*'],
        }),
      ]),
    );

    // A change that does not touch the forum sites does not reconcile.
    const settled = reconciles();
    await updateSettings({ hoverDelayMs: 500 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reconciles()).toBe(settled);
  });
});

describe('messages', () => {
  it('save-connection stores the normalised base URL and the trimmed key, checks health and polls the badge', async () => {
    stubBackgroundApis();
    await startBackground({ fetch }).started;
    const reply = await send({ type: 'save-connection', baseUrl: `${BASE}/api/`, apiKey: `  ${KEY}  ` });
    expect(reply).toMatchObject({ ok: true, data: { status: 'ok' } });
    expect((await getSettings()).apiBaseUrl).toBe(BASE);
    expect(await apiKeyItem.getValue()).toBe(KEY);
    await vi.waitFor(async () => expect(await badgeText()).toBe('1234'));
    // Settings and key were written together: the badge polled once for both.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(requests.filter((path) => path === '/api/players/count')).toHaveLength(1);
  });

  it('save-connection without a key keeps the saved one', async () => {
    stubBackgroundApis();
    await apiKeyItem.setValue(KEY);
    await startBackground({ fetch }).started;
    expect(await send({ type: 'save-connection', baseUrl: BASE })).toMatchObject({ ok: true });
    expect(await send({ type: 'save-connection', baseUrl: BASE, apiKey: '   ' })).toMatchObject({ ok: true });
    expect(await apiKeyItem.getValue()).toBe(KEY);
  });

  it('save-connection refuses an unusable base URL or key and stores nothing', async () => {
    stubBackgroundApis();
    await startBackground({ fetch }).started;
    expect(await send({ type: 'save-connection', baseUrl: 'ftp://x', apiKey: KEY })).toEqual({
      ok: false,
      error: { kind: 'invalid-input', message: BASE_URL_MESSAGES.scheme },
    });
    expect(await send({ type: 'save-connection', baseUrl: BASE, apiKey: 'bad\u0007key' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid-input' },
    });
    expect((await getSettings()).apiBaseUrl).toBe('');
    expect(await apiKeyItem.getValue()).toBe('');
    expect(requests).toEqual([]);
  });

  it('an invalid key shows KEY on the badge', async () => {
    stubBackgroundApis();
    await startBackground({ fetch }).started;
    expect(await send({ type: 'save-connection', baseUrl: BASE, apiKey: 'wrong' })).toEqual({
      ok: false,
      error: { kind: 'unauthorized' },
    });
    await vi.waitFor(async () => expect(await badgeText()).toBe('KEY'));
    expect(await fakeBrowser.action.getTitle({})).toContain('API key');
  });

  it('a key refused shows KEY as soon as the check answers, not at the next slot', async () => {
    stubBackgroundApis();
    await updateSettings({ apiBaseUrl: BASE });
    await apiKeyItem.setValue(KEY);
    const background = startBackground({ fetch });
    await background.started;
    await vi.waitFor(async () => expect(await badgeText()).toBe('1234'));
    // Seconds later the user saves a wrong key: the slot after the start-up count is a minute away.
    expect(await send({ type: 'save-connection', baseUrl: BASE, apiKey: 'wrong' })).toEqual({
      ok: false,
      error: { kind: 'unauthorized' },
    });
    expect(await badgeText()).toBe('KEY');
    expect(await fakeBrowser.action.getTitle({})).toContain('API key');

    // The right key again: the count at once, one request for it.
    const counts = requests.filter((path) => path === '/api/players/count').length;
    online = 777;
    expect(await send({ type: 'save-connection', baseUrl: BASE, apiKey: KEY })).toMatchObject({ ok: true });
    expect(await badgeText()).toBe('777');
    await background.scheduler.settled();
    expect(requests.filter((path) => path === '/api/players/count')).toHaveLength(counts + 1);
  });

  it('connection-status tells whether a key is saved, never the key', async () => {
    stubBackgroundApis();
    await startBackground({ fetch }).started;
    expect(await send({ type: 'connection-status' })).toEqual({ baseUrl: '', hasKey: false });
    await send({ type: 'save-connection', baseUrl: BASE, apiKey: KEY });
    const status = await send({ type: 'connection-status' });
    expect(status).toEqual({ baseUrl: BASE, hasKey: true });
    expect(JSON.stringify(status)).not.toContain(KEY);
  });

  it('players-count (the popup opening) answers a count younger than 30 s as it is, else polls the badge', async () => {
    stubBackgroundApis();
    await updateSettings({ apiBaseUrl: BASE });
    await apiKeyItem.setValue(KEY);
    const background = startBackground({ fetch });
    await background.started;
    online = 99;
    // The start-up count is seconds old: the popup gets it, and no request is sent.
    const counts = () => requests.filter((path) => path === '/api/players/count').length;
    expect(counts()).toBe(1);
    expect(await send({ type: 'players-count' })).toMatchObject({ ok: true, data: { online: 1234 } });
    expect(counts()).toBe(1);
    // Older than 30 s: asked again.
    await fakeBrowser.storage.session.set({
      [POLLER_STATE_KEY]: { last: { online: 1234, fetchedAt: Date.now() - 31_000 }, failures: 0 },
    });
    expect(await send({ type: 'players-count' })).toMatchObject({ ok: true, data: { online: 99 } });
    expect(counts()).toBe(2);
    // The popup is answered first; the badge follows.
    await vi.waitFor(async () => expect(await badgeText()).toBe('99'));
  });

  it('turning the badge off in the settings empties it', async () => {
    stubBackgroundApis();
    await updateSettings({ apiBaseUrl: BASE });
    await apiKeyItem.setValue(KEY);
    await startBackground({ fetch }).started;
    await updateSettings({ badgeEnabled: false });
    await vi.waitFor(async () => expect(await badgeText()).toBe(''));
    // Nothing else wants background requests: the scheduler's alarm goes.
    await vi.waitFor(async () => expect(await fakeBrowser.alarms.getAll()).toEqual([]));
  });

  it('refuses a content script asking for anything but a player card', async () => {
    stubBackgroundApis();
    await updateSettings({ apiBaseUrl: BASE });
    await apiKeyItem.setValue(KEY);
    await startBackground({ fetch }).started;
    requests = [];
    const contentScript = {
      id: fakeBrowser.runtime.id,
      url: 'https://forum.example.net/t/1',
      tab: { id: 1 },
    };
    expect(
      await send({ type: 'players-count' }, contentScript as Browser.runtime.MessageSender),
    ).toMatchObject({
      ok: false,
      error: { kind: 'bad-request' },
    });
    expect(requests).toEqual([]);
  });
});

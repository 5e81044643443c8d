// Specifies entrypoints/background/handle-message.ts and the message table (utils/messages.ts), wired by
// start-background.ts, against hostile senders.
// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type Background, startBackground } from '@/entrypoints/background/start-background';
import { apiKeyItem, getSettings, updateSettings } from '@/utils/settings';
import { stubBackgroundApis } from '../../fixtures/background-apis';
import { json } from '../../fixtures/http';
import { makePlayer, PLAYER_UUID } from '../../fixtures/players';

/**
 * The background as a hostile world sees it: the real message listener, the real gateway, a
 * fake API behind it. Other extensions, senders without an id and our own content script (in a
 * page we do not control) send every message there is, malformed ones and ones built to smuggle
 * a URL or a path: only a content script's player card by game name ever reaches the API, only
 * as `/api/player/<name>`; nothing changes the settings or the key; no reply holds the key.
 */

const BASE = 'http://127.0.0.1:4567';
const KEY = 'the-secret-key-1234';
const SELF_ID = fakeBrowser.runtime.id;

let requests: string[] = [];

const PLAYER = makePlayer({ uuid: PLAYER_UUID });

const fetch = (async (input: RequestInfo | URL) => {
  const url = new URL(String(input));
  requests.push(url.pathname + url.search);
  if (url.pathname === '/api/health') return json({ status: 'ok' });
  if (url.pathname === '/api/players/count') return json({ online: 3 });
  if (url.pathname.startsWith('/api/player/')) return json({ ...PLAYER, name: url.pathname.slice(12) });
  return json({ error: 'nope' }, 404);
}) as typeof globalThis.fetch;

const TAB = { id: 4, index: 0 } as Browser.tabs.Tab;

const HOSTILE_SENDERS: { label: string; sender: Browser.runtime.MessageSender }[] = [
  {
    label: 'another extension’s page',
    sender: {
      id: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz',
      url: 'chrome-extension://zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz/x.html',
    },
  },
  { label: 'another extension’s service worker', sender: { id: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz' } },
  {
    label: 'another extension’s content script',
    sender: { id: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', url: 'https://forum.example.net/', tab: TAB },
  },
  {
    label: 'a web page (no id)',
    sender: { url: 'https://evil.example/', origin: 'https://evil.example', tab: TAB },
  },
  { label: 'a sender with nothing at all', sender: {} },
  {
    label: 'our id with another extension’s URL and no tab',
    sender: { id: SELF_ID, url: 'chrome-extension://zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz/x.html' },
  },
];

const CONTENT_SCRIPT: Browser.runtime.MessageSender = {
  id: SELF_ID,
  url: 'https://forum.example.net/threads/1',
  tab: TAB,
  frameId: 0,
};

/** Every request type there is, well formed. */
const EVERY_REQUEST: Record<string, unknown>[] = [
  { type: 'player', identifier: 'Steve' },
  { type: 'player-card', name: 'Steve' },
  { type: 'open-player-view', name: 'Steve' },
  { type: 'hover-card-ui' },
  { type: 'auction-search', item: 'sword', sort: 'cheap', limit: 10 },
  { type: 'leaderboard', board: 'kills', limit: 10 },
  { type: 'players-count' },
  { type: 'connection-status' },
  { type: 'save-connection', baseUrl: 'https://evil.example', apiKey: 'attacker-key' },
  { type: 'save-connection', baseUrl: 'https://evil.example' },
  { type: 'check-connection' },
];

/** Player-card requests built to make the background fetch something else. */
const SMUGGLING_CARDS: unknown[] = [
  { type: 'player-card', name: 'Steve/../../health' },
  { type: 'player-card', name: '../players/count' },
  { type: 'player-card', name: 'Steve?limit=100' },
  { type: 'player-card', name: 'Steve#x' },
  { type: 'player-card', name: 'Steve%2F..%2Fhealth' },
  { type: 'player-card', name: 'https://evil.example/' },
  { type: 'player-card', name: '//evil.example' },
  { type: 'player-card', name: PLAYER_UUID },
  { type: 'player-card', name: 'Steve', url: 'https://evil.example/' },
  { type: 'player-card', name: 'Steve', baseUrl: 'https://evil.example' },
  { type: 'player-card', name: ['Steve'] },
  { type: 'player-card', name: { toString: 'Steve' } },
  { type: 'fetch', url: 'https://evil.example/' },
  { type: 'player-card' },
  'player-card',
  null,
  JSON.parse('{"type":"player-card","name":"Steve","__proto__":{"polluted":true}}'),
];

let background: Background | undefined;

/** The background's APIs, and the two a refused message must never reach. */
function spyOnUnmockedApis() {
  stubBackgroundApis();
  return {
    executeScript: vi.spyOn(fakeBrowser.scripting, 'executeScript').mockResolvedValue([] as never),
    createTab: vi.spyOn(fakeBrowser.tabs, 'create').mockResolvedValue({ id: 9 } as never),
  };
}

async function send(message: unknown, sender: Browser.runtime.MessageSender): Promise<unknown> {
  // The background answers through sendResponse (utils/respond-async.ts).
  return new Promise((resolve) => {
    void fakeBrowser.runtime.onMessage.trigger(message, sender, resolve);
  });
}

const refused = { ok: false, error: { kind: 'bad-request' } };

beforeEach(async () => {
  fakeBrowser.reset();
  requests = [];
  await updateSettings({ apiBaseUrl: BASE });
  await apiKeyItem.setValue(KEY);
});

afterEach(async () => {
  await background?.scheduler.settled();
  background = undefined;
});

async function startQuietly() {
  const spies = spyOnUnmockedApis();
  background = startBackground({ fetch });
  await background.started;
  requests = [];
  return spies;
}

describe('senders that are not this extension', () => {
  for (const { label, sender } of HOSTILE_SENDERS) {
    it(`${label}: every request is refused, nothing reaches the API, nothing changes`, async () => {
      const { executeScript, createTab } = await startQuietly();
      const settingsBefore = await getSettings();
      for (const message of EVERY_REQUEST) {
        const reply = await send(message, sender);
        expect(reply).toMatchObject(refused);
        expect(JSON.stringify(reply)).not.toContain(KEY);
      }
      expect(requests).toEqual([]);
      expect(executeScript).not.toHaveBeenCalled();
      expect(createTab).not.toHaveBeenCalled();
      expect(await getSettings()).toEqual(settingsBefore);
      expect(await apiKeyItem.getValue()).toBe(KEY);
    });
  }
});

describe('our content script, in a page we do not control', () => {
  it('may not ask for anything but a player card, the full view, the card UI and its Watch button', async () => {
    await startQuietly();
    const allowed = new Set([
      'player-card',
      'open-player-view',
      'hover-card-ui',
      'watch',
      'unwatch',
      'watch-state',
    ]);
    for (const message of EVERY_REQUEST.filter((request) => !allowed.has(String(request.type)))) {
      expect(await send(message, CONTENT_SCRIPT)).toMatchObject(refused);
    }
    expect(requests).toEqual([]);
    expect(await getSettings()).toMatchObject({ apiBaseUrl: BASE });
    expect(await apiKeyItem.getValue()).toBe(KEY);
  });

  it('cannot smuggle a URL, a path or a query into a player card', async () => {
    await startQuietly();
    for (const message of SMUGGLING_CARDS) {
      const reply = await send(message, CONTENT_SCRIPT);
      // The one well-formed card among them (the polluting one parses as a plain own key and is
      // refused as an unknown field) must not be answered for anything else.
      expect(reply).toMatchObject(refused);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(requests).toEqual([]);
  });

  it('a card by game name is the one thing it gets: /api/player/<name>, and no key in the reply', async () => {
    const { executeScript, createTab } = await startQuietly();
    for (const name of ['Steve', '__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const reply = await send({ type: 'player-card', name }, CONTENT_SCRIPT);
      expect(reply).toMatchObject({ ok: true, data: { name } });
      expect(JSON.stringify(reply)).not.toContain(KEY);
    }
    expect(requests).toEqual([
      '/api/player/Steve',
      '/api/player/__proto__',
      '/api/player/constructor',
      '/api/player/toString',
      '/api/player/hasOwnProperty',
    ]);
    // The card UI goes into the asking frame of the asking tab only, and is our own file.
    expect(await send({ type: 'hover-card-ui' }, { ...CONTENT_SCRIPT, frameId: 3 })).toEqual({ ok: true });
    expect(executeScript).toHaveBeenCalledWith({
      target: { tabId: 4, frameIds: [3] },
      files: ['/hover-card.js'],
    });
    // The full view is our popup page for that name, next to the asking tab.
    expect(await send({ type: 'open-player-view', name: 'Steve' }, CONTENT_SCRIPT)).toEqual({ ok: true });
    expect(createTab).toHaveBeenCalledWith(
      expect.objectContaining({
        url: fakeBrowser.runtime.getURL('/popup.html?player=Steve'),
        openerTabId: 4,
      }),
    );
  });

  it('a flood of cards for one name makes one request; for many names, one each, never more', async () => {
    await startQuietly();
    await Promise.all(
      Array.from({ length: 200 }, () => send({ type: 'player-card', name: 'Steve' }, CONTENT_SCRIPT)),
    );
    expect(requests).toEqual(['/api/player/Steve']);
    const names = Array.from({ length: 20 }, (_, index) => `Name_${index}`);
    for (let round = 0; round < 3; round += 1) {
      await Promise.all(names.map((name) => send({ type: 'player-card', name }, CONTENT_SCRIPT)));
    }
    expect(requests).toHaveLength(1 + names.length);
  });
});

// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Gateway } from '@/entrypoints/background/gateway/gateway';
import { gatewayHandlers } from '@/entrypoints/background/gateway/gateway-handlers';
import { handleMessage as dispatch, REFUSALS } from '@/entrypoints/background/handle-message';
import { SyncWriteError } from '@/entrypoints/background/saved-searches/saved-search-checks';
import { savedSearchHandlers } from '@/entrypoints/background/saved-searches/saved-search-feature';
import { senderRole } from '@/entrypoints/background/sender';
import type { Health, PlayersCount } from '@/utils/api/schemas';
import { askBackground } from '@/utils/ask-background';
import {
  MESSAGES,
  type MessageHandlers,
  type MessageType,
  mayAsk,
  parseRequest,
  type Reply,
} from '@/utils/messages';
import { SAVED_SEARCH_TEXT } from '@/utils/saved-searches/storage';
import { PLAYER_UUID } from '../../fixtures/players';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const SELF = { id: ID, baseUrl: `chrome-extension://${ID}/` };
const POPUP: Browser.runtime.MessageSender = { id: ID, url: `chrome-extension://${ID}/popup.html` };
const OPTIONS_TAB: Browser.runtime.MessageSender = {
  id: ID,
  url: `chrome-extension://${ID}/options.html`,
  tab: { id: 3 } as Browser.tabs.Tab,
};
const CONTENT_SCRIPT: Browser.runtime.MessageSender = {
  id: ID,
  url: 'https://forum.example.net/threads/1',
  tab: { id: 7 } as Browser.tabs.Tab,
  frameId: 0,
};
const OTHER_EXTENSION: Browser.runtime.MessageSender = {
  id: 'zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz',
  url: 'chrome-extension://zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz/page.html',
};

const OK: Reply<PlayersCount> = { ok: true, data: { online: 1 }, fetchedAt: 1 };
const HEALTHY: Reply<Health> = { ok: true, data: { status: 'ok' }, fetchedAt: 1 };

function makeDeps() {
  const gateway = {
    player: vi.fn(async () => OK),
    auctionSearch: vi.fn(async () => OK),
    leaderboard: vi.fn(async () => OK),
    health: vi.fn(async () => OK),
  };
  const deps = {
    gateway: gateway as unknown as Gateway,
    playersCount: vi.fn(async () => OK),
    saveConnection: vi.fn(async (_request: unknown) => HEALTHY),
    connectionStatus: vi.fn(async () => ({ baseUrl: 'https://x.net', hasKey: true })),
    openPlayerView: vi.fn(async (_request: unknown, _sender: unknown) => ({ ok: true })),
    injectHoverCardUi: vi.fn(async (_request: unknown, _sender: unknown) => ({ ok: true })),
    savedSearches: {
      list: vi.fn(async () => []),
      save: vi.fn(async () => ({ ok: false as const, message: 'no' })),
      remove: vi.fn(async () => true),
      setAlert: vi.fn(async () => undefined),
      check: vi.fn(async () => ({ ok: false as const, error: { kind: 'offline' as const } })),
      alertCount: vi.fn(async () => 0),
      nextToCheck: vi.fn(async () => undefined),
      checkInTurn: vi.fn(async () => ({ ok: true }) as const),
      forgetRemoved: vi.fn(async () => undefined),
      settled: vi.fn(async () => undefined),
    },
    watchlist: {
      watch: vi.fn(async () => ({ watched: true, full: false })),
      unwatch: vi.fn(async () => ({ watched: false, full: false })),
      'watch-state': vi.fn(async () => ({ watched: false, full: false })),
      watchlist: vi.fn(async () => ({ players: [], max: 200 })),
      'check-watchlist-now': vi.fn(async () => ({ ok: true as const, data: { checked: 0 }, fetchedAt: 1 })),
    },
    notes: {
      'player-notes': vi.fn(async () => ({})),
      'player-note': vi.fn(async () => ({})),
      'set-player-note': vi.fn(async () => ({ ok: true as const, saved: 'sync' as const })),
      'hover-progress': vi.fn(async () => ({})),
    },
    reminders: {
      reminders: vi.fn(async () => ({ reminders: [], max: 50 })),
      'set-reminder': vi.fn(async () => ({ ok: true as const })),
    },
  };
  const reachedTheApi = () =>
    [
      ...Object.values(gateway),
      ...Object.values(deps.savedSearches),
      deps.playersCount,
      deps.saveConnection,
    ].some((fn) => fn.mock.calls.length > 0);
  return { gateway, deps, reachedTheApi };
}

type Deps = ReturnType<typeof makeDeps>['deps'];

/** The message table and the features' handlers (the gateway's and the saved searches' real ones). */
const handleMessage = (message: unknown, sender: Browser.runtime.MessageSender, deps: Deps) => {
  const handlers = {
    ...gatewayHandlers(deps.gateway),
    'players-count': deps.playersCount,
    'connection-status': deps.connectionStatus,
    'save-connection': deps.saveConnection,
    'open-player-view': deps.openPlayerView,
    'hover-card-ui': deps.injectHoverCardUi,
    ...savedSearchHandlers(deps.savedSearches),
    ...deps.watchlist,
    ...deps.notes,
    ...deps.reminders,
  } satisfies MessageHandlers;
  return dispatch(message, sender, { self: () => SELF, handlers });
};

/** The only requests a content script may make. */
const CONTENT_SCRIPT_TYPES = [
  'player-card',
  'open-player-view',
  'hover-card-ui',
  'watch',
  'unwatch',
  'watch-state',
  'player-note',
  'hover-progress',
];

const refusal = (message: string) => ({ ok: false, error: { kind: 'bad-request', message } });

const VALID_REQUESTS = [
  { type: 'player', identifier: 'Steve' },
  { type: 'player-card', name: 'Steve' },
  { type: 'open-player-view', name: 'Steve' },
  { type: 'hover-card-ui' },
  { type: 'auction-search', item: 'sword', sort: 'cheap', limit: 10 },
  { type: 'leaderboard', board: 'kills', limit: 10 },
  { type: 'players-count' },
  { type: 'connection-status' },
  { type: 'save-connection', baseUrl: 'https://x.net', apiKey: 'k' },
  { type: 'save-connection', baseUrl: 'https://x.net' },
  { type: 'check-connection' },
  { type: 'saved-searches' },
  { type: 'save-search', text: 'diamond', sort: 'cheap' },
  { type: 'remove-saved-search', id: 'search-1' },
  { type: 'set-saved-search-alert', id: 'search-1', alertBelow: 12.5 },
  { type: 'set-saved-search-alert', id: 'search-1', alertBelow: null },
  { type: 'check-saved-search', id: 'search-1' },
  { type: 'watch', uuid: PLAYER_UUID, name: 'Steve' },
  { type: 'unwatch', uuid: PLAYER_UUID },
  { type: 'watch-state', uuid: PLAYER_UUID },
  { type: 'watchlist' },
  { type: 'check-watchlist-now' },
  { type: 'player-notes' },
  { type: 'player-note', uuid: PLAYER_UUID },
  { type: 'hover-progress', uuid: PLAYER_UUID },
  {
    type: 'set-player-note',
    uuid: PLAYER_UUID,
    name: 'Steve',
    tag: { label: 'friend', colour: 'green' },
    note: '<b>ally</b>',
  },
  { type: 'set-player-note', uuid: PLAYER_UUID, name: 'Steve', tag: null, note: '' },
];

describe('the request validator', () => {
  it.each(VALID_REQUESTS)('accepts %o', (request) => {
    expect(parseRequest(request)).toEqual(request);
  });

  it.each([
    ['an unknown type', { type: 'fetch-url', url: 'https://evil.example' }],
    ['no type', { identifier: 'Steve' }],
    ['not an object', 'player'],
    ['null', null],
    ['an array', [{ type: 'players-count' }]],
    ['an extra field', { type: 'players-count', url: 'https://evil.example' }],
    ['a missing field', { type: 'player' }],
    ['an empty identifier', { type: 'player', identifier: '' }],
    ['a huge identifier', { type: 'player', identifier: 'x'.repeat(65) }],
    ['a card for something that is not a game name', { type: 'player-card', name: '<img src=x>' }],
    ['a card for a UUID', { type: 'player-card', name: PLAYER_UUID }],
    ['a full view for something that is not a game name', { type: 'open-player-view', name: '../options' }],
    ['a card UI request with a file', { type: 'hover-card-ui', file: 'background.js' }],
    ['an alert at zero', { type: 'set-saved-search-alert', id: 'search-1', alertBelow: 0 }],
    [
      'an alert that is not a number',
      { type: 'set-saved-search-alert', id: 'search-1', alertBelow: 'cheap' },
    ],
    ['a saved search id with a path', { type: 'check-saved-search', id: '../x' }],
    ['an unknown sort', { type: 'auction-search', item: '', sort: 'random', limit: 10 }],
    ['a fractional limit', { type: 'auction-search', item: '', sort: 'recent', limit: 1.5 }],
    ['a limit above the cap', { type: 'leaderboard', board: 'kills', limit: 101 }],
    ['an unknown board', { type: 'leaderboard', board: 'deaths', limit: 10 }],
    ['a non-string key', { type: 'save-connection', baseUrl: 'https://x.net', apiKey: 42 }],
    ['watching a name instead of a UUID', { type: 'watch', uuid: 'Steve', name: 'Steve' }],
    ['watching with markup for a name', { type: 'watch', uuid: PLAYER_UUID, name: '<b>x</b>' }],
    ['unwatching with an extra field', { type: 'unwatch', uuid: PLAYER_UUID, all: true }],
    [
      'a tag colour not in the palette',
      {
        type: 'set-player-note',
        uuid: PLAYER_UUID,
        name: 'Steve',
        tag: { label: 'x', colour: 'url(x)' },
        note: '',
      },
    ],
    [
      'a note past its length',
      { type: 'set-player-note', uuid: PLAYER_UUID, name: 'Steve', tag: null, note: 'x'.repeat(501) },
    ],
    [
      'a tag label past its length',
      {
        type: 'set-player-note',
        uuid: PLAYER_UUID,
        name: 'Steve',
        tag: { label: 'x'.repeat(25), colour: 'red' },
        note: '',
      },
    ],
  ])('rejects %s', (_, request) => {
    expect(parseRequest(request)).toBeUndefined();
  });
});

describe('the sender check', () => {
  it('knows extension pages (in a tab or not), content scripts, and refuses the rest', () => {
    expect(senderRole(POPUP, SELF)).toBe('extension-page');
    expect(senderRole(OPTIONS_TAB, SELF)).toBe('extension-page');
    expect(senderRole(CONTENT_SCRIPT, SELF)).toBe('content-script');
    expect(senderRole(OTHER_EXTENSION, SELF)).toBeUndefined();
    expect(senderRole({ url: POPUP.url }, SELF)).toBeUndefined();
    expect(senderRole({ id: ID }, SELF)).toBeUndefined();
    expect(senderRole({ id: ID, url: `chrome-extension://${ID}.evil/x.html` }, SELF)).toBeUndefined();
  });

  it('lets content scripts ask only for player cards, the full view and the card UI', () => {
    expect(
      Object.keys(MESSAGES)
        .filter((t) => mayAsk('content-script', t as MessageType))
        .sort(),
    ).toEqual([...CONTENT_SCRIPT_TYPES].sort());
    const types = Object.keys(MESSAGES) as MessageType[];
    for (const type of types.filter((t) => CONTENT_SCRIPT_TYPES.includes(t)))
      expect(mayAsk('content-script', type)).toBe(true);
    for (const type of types.filter((t) => !CONTENT_SCRIPT_TYPES.includes(t))) {
      expect(mayAsk('content-script', type)).toBe(false);
      expect(mayAsk('extension-page', type)).toBe(true);
    }
  });
});

describe('handleMessage', () => {
  it('routes each request from an extension page', async () => {
    const { gateway, deps } = makeDeps();
    for (const request of VALID_REQUESTS) expect(await handleMessage(request, POPUP, deps)).toBeDefined();
    expect(gateway.player).toHaveBeenCalledWith('Steve');
    expect(gateway.player).toHaveBeenCalledTimes(2);
    expect(gateway.auctionSearch).toHaveBeenCalledWith({ item: 'sword', sort: 'cheap', limit: 10 });
    expect(gateway.leaderboard).toHaveBeenCalledWith('kills', 10);
    expect(deps.playersCount).toHaveBeenCalledTimes(1);
    expect(deps.saveConnection.mock.calls[0]?.[0]).toEqual({
      type: 'save-connection',
      baseUrl: 'https://x.net',
      apiKey: 'k',
    });
    expect(gateway.health).toHaveBeenCalledTimes(1);
    expect(deps.savedSearches.save).toHaveBeenCalledWith({
      type: 'save-search',
      text: 'diamond',
      sort: 'cheap',
    });
    expect(deps.savedSearches.remove).toHaveBeenCalledWith('search-1');
    expect(deps.savedSearches.setAlert).toHaveBeenCalledWith('search-1', 12.5);
    expect(deps.savedSearches.setAlert).toHaveBeenCalledWith('search-1', null);
    // Check now is the user's: fresh, not from the cache.
    expect(deps.savedSearches.check).toHaveBeenCalledWith('search-1', { fresh: true });
    expect(await handleMessage({ type: 'connection-status' }, POPUP, deps)).toEqual({
      baseUrl: 'https://x.net',
      hasKey: true,
    });
  });

  it('turns a saved search that cannot be written into a sentence', async () => {
    const { deps } = makeDeps();
    deps.savedSearches.setAlert.mockRejectedValueOnce(
      new SyncWriteError(new Error('QUOTA_BYTES_PER_ITEM quota exceeded')),
    );
    expect(
      await handleMessage({ type: 'set-saved-search-alert', id: 'a', alertBelow: 3 }, POPUP, deps),
    ).toEqual({
      ok: false,
      message: SAVED_SEARCH_TEXT.noRoom,
    });
    expect(
      await handleMessage({ type: 'set-saved-search-alert', id: 'a', alertBelow: 3 }, POPUP, deps),
    ).toEqual({
      ok: false,
      message: 'This saved search was removed.',
    });
  });

  it('says "no room" only when storage.sync refused: a later step failing is reported as itself', async () => {
    const { deps } = makeDeps();
    deps.savedSearches.setAlert.mockRejectedValueOnce(new Error('storage.local write failed'));
    const reply = await handleMessage(
      { type: 'set-saved-search-alert', id: 'a', alertBelow: 3 },
      POPUP,
      deps,
    );
    expect(reply).toEqual({
      ok: false,
      message: expect.stringMatching(/^The alert is set, but this browser could not note/),
    });
    expect(reply).not.toEqual({ ok: false, message: SAVED_SEARCH_TEXT.noRoom });
  });

  it('says which refusal of storage.sync it was: the write rate, no room, or another (issue 33, point 2)', async () => {
    const { deps } = makeDeps();
    const refused = (message: string) => new SyncWriteError(new Error(message));
    deps.savedSearches.setAlert
      .mockRejectedValueOnce(refused('MAX_WRITE_OPERATIONS_PER_MINUTE quota exceeded'))
      .mockRejectedValueOnce(refused('MAX_ITEMS quota exceeded'))
      .mockRejectedValueOnce(refused('The browser is shutting down'));
    const replies = [];
    for (let n = 0; n < 3; n++)
      replies.push(
        await handleMessage({ type: 'set-saved-search-alert', id: 'a', alertBelow: 3 }, POPUP, deps),
      );
    expect(replies).toEqual([
      { ok: false, message: SAVED_SEARCH_TEXT.tooFast },
      { ok: false, message: SAVED_SEARCH_TEXT.noRoom },
      { ok: false, message: SAVED_SEARCH_TEXT.notSynced },
    ]);
    deps.savedSearches.remove.mockRejectedValueOnce(
      refused('MAX_WRITE_OPERATIONS_PER_MINUTE quota exceeded'),
    );
    expect(await handleMessage({ type: 'remove-saved-search', id: 'a' }, POPUP, deps)).toEqual({
      ok: false,
      message: SAVED_SEARCH_TEXT.tooFast,
    });
  });

  it('answers a content script’s player card', async () => {
    const { gateway, deps } = makeDeps();
    expect(await handleMessage({ type: 'player-card', name: 'Notch' }, CONTENT_SCRIPT, deps)).toEqual(OK);
    expect(gateway.player).toHaveBeenCalledWith('Notch');
  });

  it('opens the full view and injects the card UI for a content script, for its own tab', async () => {
    const { deps, reachedTheApi } = makeDeps();
    expect(await handleMessage({ type: 'open-player-view', name: 'Notch' }, CONTENT_SCRIPT, deps)).toEqual({
      ok: true,
    });
    expect(deps.openPlayerView).toHaveBeenCalledWith(
      { type: 'open-player-view', name: 'Notch' },
      CONTENT_SCRIPT,
    );
    expect(await handleMessage({ type: 'hover-card-ui' }, CONTENT_SCRIPT, deps)).toEqual({ ok: true });
    expect(deps.injectHoverCardUi).toHaveBeenCalledWith({ type: 'hover-card-ui' }, CONTENT_SCRIPT);
    expect(reachedTheApi()).toBe(false);
  });

  it.each(VALID_REQUESTS.filter((r) => !CONTENT_SCRIPT_TYPES.includes(r.type)))(
    'refuses a content script asking for %o, without reaching the API',
    async (request) => {
      const { deps, reachedTheApi } = makeDeps();
      expect(await handleMessage(request, CONTENT_SCRIPT, deps)).toEqual(refusal(REFUSALS.forContentScript));
      expect(reachedTheApi()).toBe(false);
      expect(deps.connectionStatus).not.toHaveBeenCalled();
    },
  );

  it('refuses other extensions and senders without an id, even for a player card', async () => {
    const { deps, reachedTheApi } = makeDeps();
    const card = { type: 'player-card', name: 'Steve' };
    expect(await handleMessage(card, OTHER_EXTENSION, deps)).toEqual(refusal(REFUSALS.sender));
    expect(
      await handleMessage(
        card,
        { url: 'https://forum.example.net/', tab: { id: 1 } as Browser.tabs.Tab },
        deps,
      ),
    ).toEqual(refusal(REFUSALS.sender));
    expect(reachedTheApi()).toBe(false);
  });

  it('refuses unknown or malformed messages without reaching the API', async () => {
    const { deps, reachedTheApi } = makeDeps();
    for (const message of [{ type: 'fetch', url: 'https://x' }, { type: 'player' }, 'hello', undefined, 42]) {
      expect(await handleMessage(message, POPUP, deps)).toEqual(refusal(REFUSALS.malformed));
      expect(await handleMessage(message, CONTENT_SCRIPT, deps)).toEqual(refusal(REFUSALS.malformed));
    }
    expect(reachedTheApi()).toBe(false);
  });
});

describe('askBackground (the views’ side)', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('returns a valid reply and turns an invalid one, or none, into no-background', async () => {
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValueOnce({
      ok: true,
      data: { online: 4 },
      fetchedAt: 9,
    } as never);
    expect(await askBackground({ type: 'players-count' })).toEqual({
      ok: true,
      data: { online: 4 },
      fetchedAt: 9,
    });
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockResolvedValueOnce({
      ok: true,
      data: { online: 'many' },
    } as never);
    expect(await askBackground({ type: 'players-count' })).toEqual({
      ok: false,
      error: { kind: 'no-background' },
    });
    vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockRejectedValueOnce(new Error('no receiver'));
    expect(await askBackground({ type: 'players-count' })).toEqual({
      ok: false,
      error: { kind: 'no-background' },
    });
  });
});

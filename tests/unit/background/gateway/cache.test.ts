// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { z } from 'zod';
import {
  CACHE_PREFIX,
  createReplyCache,
  MAX_PERSISTED_ENTRY_CHARS,
} from '@/entrypoints/background/gateway/cache';
import { createGateway, type Gateway } from '@/entrypoints/background/gateway/gateway';
import { browserSessionStore } from '@/entrypoints/background/gateway/session-store';
import { json } from '@/tests/fixtures/http';
import { makePlayer, PLAYER_UUID } from '@/tests/fixtures/players';
import { AUCTION_LIFETIME_MS, LEADERBOARD_LIFETIME_MS, PLAYER_LIFETIME_MS } from '@/utils/limits';

const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);
const PLAYER = makePlayer({ uuid: PLAYER_UUID, name: 'Notch' });

function answer(path: string): Response {
  if (path.startsWith('/api/player/')) return json(PLAYER);
  if (path === '/api/auction/search') return json({ count: 0, total_matching: 0, results: [] });
  if (path === '/api/leaderboard') return json({ type: 'kills', count: 0, entries: [] });
  return json({ online: 7 });
}

let clock = T0;
let requests: string[] = [];

function makeGateway(): Gateway {
  return createGateway({
    fetch: (async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      requests.push(url.pathname + url.search);
      return answer(url.pathname);
    }) as typeof fetch,
    now: () => clock,
    getConnection: async () => ({ baseUrl: 'https://stats.example.net', apiKey: 'k' }),
    rememberPlayers: async () => {},
  });
}

beforeEach(() => {
  fakeBrowser.reset();
  clock = T0;
  requests = [];
});

/** Ask twice `lifetime - 1` ms apart (one request), then once at `lifetime` (a second one). */
async function expectLifetime(ask: () => Promise<unknown>, lifetimeMs: number) {
  await ask();
  clock = T0 + lifetimeMs - 1;
  await ask();
  expect(requests).toHaveLength(1);
  clock = T0 + lifetimeMs;
  await ask();
  expect(requests).toHaveLength(2);
}

describe('cache lifetimes', () => {
  it('are the spec’s: 45 s for balance and shards, 5 min for kills, about 30 s for players', () => {
    expect(LEADERBOARD_LIFETIME_MS).toEqual({ balance: 45_000, shards: 45_000, kills: 300_000 });
    expect(PLAYER_LIFETIME_MS).toBe(30_000);
    expect(AUCTION_LIFETIME_MS).toBe(10_000);
  });

  it.each(['balance', 'shards', 'kills'] as const)(
    'the %s leaderboard is cached for its lifetime',
    async (board) => {
      const gateway = makeGateway();
      await expectLifetime(() => gateway.leaderboard(board, 10), LEADERBOARD_LIFETIME_MS[board]);
    },
  );

  it('a player is cached for 30 s', async () => {
    const gateway = makeGateway();
    await expectLifetime(() => gateway.player('Notch'), PLAYER_LIFETIME_MS);
  });

  it('an auction search is cached for 10 s', async () => {
    const gateway = makeGateway();
    await expectLifetime(
      () => gateway.auctionSearch({ item: 'sword', sort: 'recent', limit: 50 }),
      AUCTION_LIFETIME_MS,
    );
  });

  it('the online count is never cached', async () => {
    const gateway = makeGateway();
    await gateway.playersCount();
    await gateway.playersCount();
    await gateway.health();
    await gateway.health();
    expect(requests).toEqual(['/api/players/count', '/api/players/count', '/api/health', '/api/health']);
  });

  it('different parameters are different entries', async () => {
    const gateway = makeGateway();
    await gateway.leaderboard('kills', 10);
    await gateway.leaderboard('kills', 20);
    await gateway.leaderboard('balance', 10);
    await gateway.auctionSearch({ item: 'a', sort: 'recent', limit: 5 });
    await gateway.auctionSearch({ item: 'a', sort: 'cheap', limit: 5 });
    expect(requests).toHaveLength(5);
  });

  it('a cached reply keeps the time it was fetched', async () => {
    const gateway = makeGateway();
    await gateway.player('Notch');
    clock = T0 + 20_000;
    expect(await gateway.player('Notch')).toMatchObject({ ok: true, fetchedAt: T0 });
  });

  it('errors other than not-found are not cached', async () => {
    const gateway = createGateway({
      fetch: (async () => {
        requests.push('x');
        return json({ error: 'down' }, 503);
      }) as typeof fetch,
      now: () => clock,
      getConnection: async () => ({ baseUrl: 'https://stats.example.net', apiKey: 'k' }),
    });
    await gateway.leaderboard('kills', 10);
    await gateway.leaderboard('kills', 10);
    expect(requests).toHaveLength(2);
  });
});

describe('surviving a restart (storage.session)', () => {
  it('a new gateway (a woken worker) answers from the entries saved by the old one', async () => {
    await makeGateway().leaderboard('kills', 10);
    const woken = makeGateway();
    clock = T0 + 60_000;
    expect(await woken.leaderboard('kills', 10)).toMatchObject({ ok: true, fetchedAt: T0 });
    expect(requests).toHaveLength(1);
  });

  it('expired entries are not restored, and are removed from storage', async () => {
    await makeGateway().player('Notch');
    clock = T0 + PLAYER_LIFETIME_MS;
    const woken = makeGateway();
    await woken.ready;
    expect(
      Object.keys(await fakeBrowser.storage.session.get(null)).filter((k) => k.startsWith(CACHE_PREFIX)),
    ).toEqual([]);
    await woken.player('Notch');
    expect(requests).toHaveLength(2);
  });

  it('entries that fail their schema are dropped', async () => {
    await fakeBrowser.storage.session.set({
      [`${CACHE_PREFIX}player:notch`]: {
        tag: 'player',
        value: { ok: true, data: { name: 1 } },
        expiresAt: T0 + 9e9,
      },
      [`${CACHE_PREFIX}player:steve`]: { tag: 'nonsense', value: {}, expiresAt: T0 + 9e9 },
      [`${CACHE_PREFIX}player:alex`]: 'garbage',
    });
    const gateway = makeGateway();
    await gateway.player('Notch');
    expect(requests).toEqual(['/api/player/Notch']);
    expect(await fakeBrowser.storage.session.get(`${CACHE_PREFIX}player:alex`)).toEqual({});
  });
});

describe('the cache itself', () => {
  const schemas = { n: z.number() };

  it('keeps at most maxEntries, dropping expired entries first and then the oldest', async () => {
    let now = 0;
    const cache = createReplyCache({ store: browserSessionStore(), now: () => now, schemas, maxEntries: 3 });
    await cache.ready;
    cache.set('a', 'n', 1, 100);
    cache.set('b', 'n', 2, 10);
    cache.set('c', 'n', 3, 100);
    now = 50;
    cache.set('d', 'n', 4, 100);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.get('d')]).toEqual([1, undefined, 3, 4]);
    cache.set('e', 'n', 5, 100);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(3);
  });

  it('keeps a huge entry in memory only, so storage.session keeps room for the pause', async () => {
    const cache = createReplyCache({
      store: browserSessionStore(),
      now: () => 0,
      schemas: { s: z.string() },
    });
    await cache.ready;
    cache.set('small', 's', 'x', 100);
    cache.set('huge', 's', 'x'.repeat(MAX_PERSISTED_ENTRY_CHARS), 100);
    expect(cache.get('huge')).toHaveLength(MAX_PERSISTED_ENTRY_CHARS);
    await vi.waitFor(async () =>
      expect(await fakeBrowser.storage.session.get(`${CACHE_PREFIX}small`)).not.toEqual({}),
    );
    expect(await fakeBrowser.storage.session.get(`${CACHE_PREFIX}huge`)).toEqual({});
  });

  it('does not store entries with no lifetime', async () => {
    const cache = createReplyCache({ store: browserSessionStore(), now: () => 0, schemas });
    cache.set('a', 'n', 1, 0);
    expect(cache.get('a')).toBeUndefined();
  });

  it('clear() empties memory and storage', async () => {
    const cache = createReplyCache({ store: browserSessionStore(), now: () => 0, schemas });
    await cache.ready;
    cache.set('a', 'n', 1, 100);
    await vi.waitFor(async () =>
      expect(Object.keys(await fakeBrowser.storage.session.get(null))).toHaveLength(1),
    );
    await cache.clear();
    expect(cache.get('a')).toBeUndefined();
    expect(await fakeBrowser.storage.session.get(null)).toEqual({});
  });
});

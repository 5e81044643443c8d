// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { isConfigured, readConnection } from '@/entrypoints/background/gateway/connection';
import { createGateway, type GatewayDeps } from '@/entrypoints/background/gateway/gateway';
import { json } from '@/tests/fixtures/http';
import { makePlayer, PLAYER_UUID } from '@/tests/fixtures/players';
import { invalidIdentifierMessage } from '@/utils/api/identifiers';
import { getRecentPlayers } from '@/utils/recent-players';
import { apiKeyItem, updateSettings } from '@/utils/settings';

const BASE = 'https://stats.example.net';
const KEY = 'secret-key';
const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);
const PLAYER = makePlayer({ uuid: PLAYER_UUID, name: 'Notch' });

/** A tiny stand-in for the game API: answers by path, records every request. */
function fakeApi(answer: (path: string) => Response | Promise<Response>) {
  const paths: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    paths.push(url.pathname + url.search);
    expect(new Headers(init?.headers).get('X-API-Key')).toBe(KEY);
    return answer(url.pathname);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, paths };
}

function setup(answer: (path: string) => Response | Promise<Response>, deps: Partial<GatewayDeps> = {}) {
  const api = fakeApi(answer);
  const gateway = createGateway({
    fetch: api.fetch,
    now: () => T0,
    getConnection: async () => ({ baseUrl: BASE, apiKey: KEY }),
    rememberPlayers: async () => {},
    ...deps,
  });
  return { api, gateway };
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('connection', () => {
  it('reads the base URL from the settings and the trimmed key from storage.local', async () => {
    expect(await readConnection()).toEqual({ baseUrl: '', apiKey: '' });
    await updateSettings({ apiBaseUrl: BASE });
    await apiKeyItem.setValue(`  ${KEY} `);
    const connection = await readConnection();
    expect(connection).toEqual({ baseUrl: BASE, apiKey: KEY });
    expect(isConfigured(connection)).toBe(true);
    expect(isConfigured({ baseUrl: BASE, apiKey: '' })).toBe(false);
    expect(isConfigured({ baseUrl: '', apiKey: KEY })).toBe(false);
  });

  it('answers not-configured without a request while no key or no base URL is saved', async () => {
    const { api, gateway } = setup(() => json({ online: 1 }), { getConnection: readConnection });
    expect(await gateway.playersCount()).toEqual({ ok: false, error: { kind: 'not-configured' } });
    await updateSettings({ apiBaseUrl: BASE });
    expect(await gateway.player('Notch')).toEqual({ ok: false, error: { kind: 'not-configured' } });
    await updateSettings({ apiBaseUrl: '' });
    await apiKeyItem.setValue(KEY);
    expect(await gateway.leaderboard('kills', 10)).toEqual({ ok: false, error: { kind: 'not-configured' } });
    expect(api.paths).toEqual([]);
  });
});

describe('replies', () => {
  it('carries the data and when it was fetched', async () => {
    const { gateway } = setup(() => json({ online: 42 }));
    expect(await gateway.playersCount()).toEqual({ ok: true, data: { online: 42 }, fetchedAt: T0 });
  });

  it('passes errors through in the one vocabulary', async () => {
    const { gateway } = setup(() => json({ error: 'nope' }, 401));
    expect(await gateway.health()).toEqual({ ok: false, error: { kind: 'unauthorized' } });
  });

  it('refuses an identifier that is neither a name nor a PLAYER_UUID without a request', async () => {
    const { api, gateway } = setup(() => json(PLAYER));
    expect(await gateway.player('not a name!')).toEqual({
      ok: false,
      error: { kind: 'invalid-input', message: invalidIdentifierMessage() },
    });
    expect(api.paths).toEqual([]);
  });

  it('sends each request kind to its endpoint', async () => {
    const { api, gateway } = setup((path) => {
      if (path === '/api/auction/search') return json({ count: 0, total_matching: 0, results: [] });
      if (path === '/api/leaderboard') return json({ type: 'kills', count: 0, entries: [] });
      if (path === '/api/health') return json({ status: 'ok' });
      return json({ online: 3 });
    });
    await gateway.auctionSearch({ item: ' diamond ', sort: 'cheap', limit: 5 });
    await gateway.leaderboard('kills', 10);
    await gateway.health();
    await gateway.playersCount();
    expect(api.paths).toEqual([
      '/api/auction/search?item=diamond&sort=cheap&limit=5',
      '/api/leaderboard?type=kills&limit=10',
      '/api/health',
      '/api/players/count',
    ]);
  });
});

describe('auction searches', () => {
  it('a fresh search (Check now) skips the cache but refreshes it', async () => {
    let total = 0;
    const { api, gateway } = setup(() => json({ count: 0, total_matching: ++total, results: [] }));
    const request = { item: 'diamond', sort: 'cheap' as const, limit: 200 };
    await gateway.auctionSearch(request);
    expect(await gateway.auctionSearch(request)).toMatchObject({ data: { total_matching: 1 } });
    expect(await gateway.auctionSearch({ ...request, fresh: true })).toMatchObject({
      data: { total_matching: 2 },
    });
    expect(await gateway.auctionSearch(request)).toMatchObject({ data: { total_matching: 2 } });
    expect(api.paths).toHaveLength(2);
  });
});

describe('players', () => {
  it('caches a fetched player under its name (any case) and its UUID', async () => {
    const { api, gateway } = setup(() => json(PLAYER));
    const first = await gateway.player('notch');
    expect(first.ok).toBe(true);
    expect(await gateway.player('NOTCH')).toEqual(first);
    expect(await gateway.player(PLAYER_UUID.toUpperCase())).toEqual(first);
    expect(await gateway.player(PLAYER_UUID.replaceAll('-', ''))).toEqual(first);
    expect(api.paths).toEqual(['/api/player/notch']);
  });

  it('caches a 404 so hover cards do not storm the API, but not other errors', async () => {
    let status = 404;
    const { api, gateway } = setup(() => json({ error: 'No player' }, status));
    expect(await gateway.player('Ghost')).toEqual({
      ok: false,
      error: { kind: 'not-found', identifier: 'Ghost' },
    });
    expect(await gateway.player('ghost')).toEqual({
      ok: false,
      error: { kind: 'not-found', identifier: 'Ghost' },
    });
    expect(api.paths).toHaveLength(1);

    status = 503;
    expect((await gateway.player('Other')).ok).toBe(false);
    expect((await gateway.player('Other')).ok).toBe(false);
    expect(api.paths).toHaveLength(3);
  });

  it('remembers the names of players fetched successfully, one after another', async () => {
    const { gateway } = setup(
      (path) =>
        path.endsWith('/Ghost')
          ? json({ error: 'none' }, 404)
          : json({ ...PLAYER, name: path.split('/').pop() }),
      { rememberPlayers: undefined },
    );
    await Promise.all([gateway.player('Steve'), gateway.player('Alex'), gateway.player('Ghost')]);
    await vi.waitFor(async () => expect(await getRecentPlayers()).toHaveLength(2));
    expect(new Set(await getRecentPlayers())).toEqual(new Set(['Steve', 'Alex']));
  });
});

describe('reset', () => {
  it('drops cached answers', async () => {
    const { api, gateway } = setup(() => json(PLAYER));
    await gateway.player('Notch');
    await gateway.reset();
    await gateway.player('Notch');
    expect(api.paths).toHaveLength(2);
  });

  it('does not cache an answer to a request sent before it', async () => {
    let release: (response: Response) => void = () => {};
    const { api, gateway } = setup(() => new Promise<Response>((resolve) => (release = resolve)));
    const before = gateway.player('Notch');
    await vi.waitFor(() => expect(api.paths).toHaveLength(1));
    await gateway.reset();
    release(json(PLAYER));
    expect((await before).ok).toBe(true);

    const after = gateway.player('Notch');
    await vi.waitFor(() => expect(api.paths).toHaveLength(2));
    release(json(PLAYER));
    expect((await after).ok).toBe(true);
  });
});

describe('onAnswer', () => {
  it('hears each fetched count and player once, never a cache hit or a failure', async () => {
    const answers: unknown[] = [];
    let fail = false;
    const { api, gateway } = setup(
      (path) =>
        fail
          ? json({ error: 'down' }, 503)
          : path.startsWith('/api/player/')
            ? json(PLAYER)
            : json({ online: 7 }),
      { onAnswer: (answer) => answers.push(answer) },
    );
    // Two callers share one request: one answer heard.
    await Promise.all([gateway.playersCount(), gateway.playersCount()]);
    await gateway.player('Notch');
    await gateway.player('Notch'); // cached
    fail = true;
    await gateway.playersCount();
    expect(api.paths).toHaveLength(3);
    expect(answers).toEqual([
      { endpoint: 'count', data: { online: 7 }, fetchedAt: T0 },
      { endpoint: 'player', data: PLAYER, fetchedAt: T0 },
    ]);
  });

  it('a listener that throws does not cost the caller its answer', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { gateway } = setup(() => json({ online: 9 }), {
      onAnswer: () => {
        throw new Error('boom');
      },
    });
    expect(await gateway.playersCount()).toEqual({ ok: true, data: { online: 9 }, fetchedAt: T0 });
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, text } from '@/tests/fixtures/http';
import { makePlayer, PLAYER_UUID } from '@/tests/fixtures/players';
import { noKeyMessage } from '@/utils/api/api-key';
import { type ApiClient, createApiClient, DEFAULT_TIMEOUT_MS } from '@/utils/api/client';
import type { Result } from '@/utils/api/errors';
import { invalidIdentifierMessage } from '@/utils/api/identifiers';
import type { AuctionSort, LeaderboardType } from '@/utils/api/schemas';

const BASE = 'https://stats.example.net';
const KEY = 'secret-key-123';
const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);

const PLAYER = makePlayer({ uuid: PLAYER_UUID, name: 'Notch' });
const LISTING = {
  id: 1,
  seller: 'Notch',
  material: 'DIAMOND_SWORD',
  display_name: 'Diamond Sword',
  amount: 1,
  price: 1500,
  formatted_price: '1.5K',
  created_at_epoch: 1_736_942_400,
  expires_at_epoch: 1_737_028_800,
  time_left_seconds: 86_400,
};
const AUCTION = { count: 1, total_matching: 3, results: [LISTING] };
const LEADERBOARD = {
  type: 'kills',
  count: 1,
  entries: [{ rank: 1, uuid: PLAYER_UUID, name: 'Notch', value: 99 }],
};

type Call = { url: string; init: RequestInit };
type Responder = (url: string, init: RequestInit) => Response | Promise<Response>;

/** A fake fetch that records each request and answers with `respond`. */
function fakeFetch(respond: Responder) {
  const calls: Call[] = [];
  const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call = { url, init: init ?? {} };
    calls.push(call);
    return Promise.resolve().then(() => respond(call.url, call.init));
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, spy: fetch };
}

/** What a browser hands back for a redirect under `redirect: 'manual'`. */
function opaqueRedirect(): Response {
  const response = new Response(null, { status: 200 });
  Object.defineProperties(response, {
    type: { value: 'opaqueredirect' },
    status: { value: 0 },
    ok: { value: false },
  });
  return response;
}

/** A fetch that never answers but rejects, as a real one does, when its signal aborts. */
const hangingFetch: Responder = (_url, init) =>
  new Promise<Response>((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  });

function clientWith(
  respond: Responder,
  overrides: { baseUrl?: string; apiKey?: string; timeoutMs?: number } = {},
) {
  const fake = fakeFetch(respond);
  const client = createApiClient({
    baseUrl: BASE,
    apiKey: KEY,
    fetch: fake.fetch,
    now: () => NOW,
    ...overrides,
  });
  return { client, ...fake };
}

async function errorOf<T>(promise: Promise<Result<T>>) {
  const result = await promise;
  expect(result.ok).toBe(false);
  return result.ok ? undefined : result.error;
}

describe('the request sent', () => {
  it('GETs the endpoint with the key, JSON accept, no credentials, manual redirects, no cache', async () => {
    const { client, calls } = clientWith(() => json({ status: 'ok' }));
    await client.health();
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe(`${BASE}/api/health`);
    expect(call?.init).toMatchObject({
      method: 'GET',
      credentials: 'omit',
      redirect: 'manual',
      cache: 'no-store',
    });
    const headers = new Headers(call?.init.headers);
    expect(headers.get('X-API-Key')).toBe(KEY);
    expect(headers.get('Accept')).toBe('application/json');
    expect(call?.init.signal).toBeInstanceOf(AbortSignal);
  });

  it('uses the root of a base URL typed with /api/ and a sub-path', async () => {
    const { client, calls } = clientWith(() => json({ online: 3 }), {
      baseUrl: ' https://x.net/stats/api/ ',
    });
    await client.playersCount();
    expect(calls[0]?.url).toBe('https://x.net/stats/api/players/count');
  });

  it('sends a trimmed key', async () => {
    const { client, calls } = clientWith(() => json({ status: 'ok' }), { apiKey: `  ${KEY}\n` });
    await client.health();
    expect(new Headers(calls[0]?.init.headers).get('X-API-Key')).toBe(KEY);
  });

  it.each([
    ['Notch', `${BASE}/api/player/Notch`],
    ['  Notch  ', `${BASE}/api/player/Notch`],
    [PLAYER_UUID.toUpperCase(), `${BASE}/api/player/${PLAYER_UUID}`],
    [PLAYER_UUID.replaceAll('-', ''), `${BASE}/api/player/${PLAYER_UUID}`],
  ])('player(%j) asks for %s', async (identifier, url) => {
    const { client, calls } = clientWith(() => json(PLAYER));
    const result = await client.player(identifier);
    expect(result).toEqual({ ok: true, data: PLAYER });
    expect(calls[0]?.url).toBe(url);
  });

  it.each<[{ item?: string; sort?: AuctionSort; limit?: number }, string]>([
    [{}, ''],
    [{ item: '' }, ''],
    [{ item: '   ' }, ''],
    [{ item: 'diamond sword' }, '?item=diamond%20sword'],
    [{ item: ' a&b=c/d?e ' }, '?item=a%26b%3Dc%2Fd%3Fe'],
    [{ item: '1500', sort: 'cheap', limit: 20 }, '?item=1500&sort=cheap&limit=20'],
    [{ sort: 'expensive' }, '?sort=expensive'],
    [{ limit: 0 }, '?limit=1'],
    [{ limit: -5 }, '?limit=1'],
    [{ limit: 1 }, '?limit=1'],
    [{ limit: 200 }, '?limit=200'],
    [{ limit: 201 }, '?limit=200'],
    [{ limit: 10_000 }, '?limit=200'],
    [{ limit: 12.7 }, '?limit=12'],
    [{ limit: Number.NaN }, ''],
  ])('auctionSearch(%j) queries %j', async (params, query) => {
    const { client, calls } = clientWith(() => json(AUCTION));
    expect(await client.auctionSearch(params)).toEqual({ ok: true, data: AUCTION });
    expect(calls[0]?.url).toBe(`${BASE}/api/auction/search${query}`);
  });

  it.each<[{ type: LeaderboardType; limit?: number }, string]>([
    [{ type: 'balance' }, '?type=balance'],
    [{ type: 'shards', limit: 5 }, '?type=shards&limit=5'],
    [{ type: 'kills', limit: 0 }, '?type=kills&limit=1'],
    [{ type: 'kills', limit: 100 }, '?type=kills&limit=100'],
    [{ type: 'kills', limit: 101 }, '?type=kills&limit=100'],
  ])('leaderboard(%j) queries %j', async (params, query) => {
    const { client, calls } = clientWith(() => json(LEADERBOARD));
    expect(await client.leaderboard(params)).toEqual({ ok: true, data: LEADERBOARD });
    expect(calls[0]?.url).toBe(`${BASE}/api/leaderboard${query}`);
  });
});

describe('refused before sending (fetch never called)', () => {
  it.each([
    ['a 2-character name', 'ab'],
    ['a 17-character name', 'a'.repeat(17)],
    ['bad characters', 'bad name!'],
    ['a path', '../health'],
    ['an encoded slash', 'a%2Fb'],
  ])('player with %s', async (_label, identifier) => {
    const { client, spy } = clientWith(() => json(PLAYER));
    expect(await client.player(identifier)).toEqual({
      ok: false,
      error: { kind: 'invalid-input', message: invalidIdentifierMessage() },
    });
    expect(spy).not.toHaveBeenCalled();
  });

  it('accepts 3- and 16-character names', async () => {
    const { client, calls } = clientWith(() => json(PLAYER));
    expect((await client.player('abc')).ok).toBe(true);
    expect((await client.player('a'.repeat(16))).ok).toBe(true);
    expect(calls).toHaveLength(2);
  });

  it.each(['', 'ftp://x.net', 'javascript:alert(1)', 'https://u:p@x.net', 'not a url'])(
    'an invalid base URL %j',
    async (baseUrl) => {
      const { client, spy } = clientWith(() => json({ status: 'ok' }), { baseUrl });
      const error = await errorOf(client.health());
      expect(error?.kind).toBe('invalid-input');
      expect(spy).not.toHaveBeenCalled();
    },
  );

  it.each(['', '   '])('an empty key %j', async (apiKey) => {
    const { client, spy } = clientWith(() => json({ status: 'ok' }), { apiKey });
    expect(await client.playersCount()).toEqual({
      ok: false,
      error: { kind: 'invalid-input', message: noKeyMessage() },
    });
    expect(spy).not.toHaveBeenCalled();
  });

  it('a key that cannot go in a header', async () => {
    const { client, spy } = clientWith(() => json({ status: 'ok' }), { apiKey: 'abc\ndef' });
    expect((await errorOf(client.health()))?.kind).toBe('invalid-input');
    expect(spy).not.toHaveBeenCalled();
  });

  it('a sort or leaderboard type from outside the spec', async () => {
    const { client, spy } = clientWith(() => json(AUCTION));
    expect((await errorOf(client.auctionSearch({ sort: 'newest' as AuctionSort })))?.kind).toBe(
      'invalid-input',
    );
    expect((await errorOf(client.leaderboard({ type: 'wins' as LeaderboardType })))?.kind).toBe(
      'invalid-input',
    );
    expect(spy).not.toHaveBeenCalled();
  });
});

describe('HTTP errors', () => {
  it('400 with a JSON message → bad-request with that message', async () => {
    const { client } = clientWith(() => json({ error: 'type must be one of: balance, shards, kills' }, 400));
    expect(await errorOf(client.leaderboard({ type: 'kills' }))).toEqual({
      kind: 'bad-request',
      message: 'type must be one of: balance, shards, kills',
    });
  });

  it('400 with a non-JSON body → bad-request with a generic message', async () => {
    const { client } = clientWith(() => text('Bad Request', 400));
    const error = await errorOf(client.player('Notch'));
    expect(error?.kind).toBe('bad-request');
  });

  it('400 with a huge message → capped at 200 characters', async () => {
    const { client } = clientWith(() => json({ error: 'e'.repeat(5000) }, 400));
    const error = await errorOf(client.player('Notch'));
    expect(error?.kind === 'bad-request' && error.message.length).toBe(200);
  });

  it.each([
    ['401 with JSON', () => json({ error: 'invalid key' }, 401)],
    ['401 plain text', () => text('Unauthorized', 401)],
    ['401 empty body', () => text('', 401)],
    ['403', () => text('Forbidden', 403)],
  ])('%s → unauthorized', async (_label, respond) => {
    const { client } = clientWith(respond);
    expect(await errorOf(client.health())).toEqual({ kind: 'unauthorized' });
  });

  it('404 on player → not-found carrying the identifier asked for (normalised)', async () => {
    const { client } = clientWith(() => json({ error: 'no known player matches Ghost' }, 404));
    expect(await errorOf(client.player(' Ghost '))).toEqual({ kind: 'not-found', identifier: 'Ghost' });
    expect(await errorOf(client.player(PLAYER_UUID.toUpperCase()))).toEqual({
      kind: 'not-found',
      identifier: PLAYER_UUID,
    });
  });

  it('404 elsewhere → bad-response', async () => {
    const { client } = clientWith(() => text('Not Found', 404));
    expect(await errorOf(client.playersCount())).toEqual({ kind: 'bad-response', detail: 'HTTP 404' });
  });

  it('429 with Retry-After as a number', async () => {
    const { client } = clientWith(() => json({ error: 'slow down' }, 429, { 'Retry-After': '42' }));
    expect(await errorOf(client.player('Notch'))).toEqual({ kind: 'rate-limited', retryAfterSeconds: 42 });
  });

  it('429 with Retry-After as an HTTP date, counted from the injected clock', async () => {
    const date = new Date(NOW + 30_000).toUTCString();
    const { client } = clientWith(() => text('', 429, { 'Retry-After': date }));
    expect(await errorOf(client.auctionSearch({}))).toEqual({ kind: 'rate-limited', retryAfterSeconds: 30 });
  });

  it.each([
    ['absent', {}],
    ['garbage', { 'Retry-After': 'in a while' }],
  ])('429 with Retry-After %s → 60', async (_label, headers) => {
    const { client } = clientWith(() => text('', 429, headers));
    expect(await errorOf(client.leaderboard({ type: 'balance' }))).toEqual({
      kind: 'rate-limited',
      retryAfterSeconds: 60,
    });
  });

  it.each([
    ['500', () => text('Internal Server Error', 500)],
    ['502', () => text('<html>Bad Gateway</html>', 502)],
    ['503 with an HTML body', () => text('<!doctype html><h1>Service Unavailable</h1>', 503)],
    ['503 empty', () => text('', 503)],
  ])('%s → unavailable', async (_label, respond) => {
    const { client } = clientWith(respond);
    expect(await errorOf(client.auctionSearch({ item: 'dirt' }))).toEqual({ kind: 'unavailable' });
  });

  it('a 302 → bad-response "redirected"', async () => {
    const { client } = clientWith(() => text('', 302, { Location: 'https://evil.example/steal' }));
    expect(await errorOf(client.health())).toEqual({ kind: 'bad-response', detail: 'redirected' });
  });

  it('an opaqueredirect → bad-response "redirected"', async () => {
    const { client, calls } = clientWith(() => opaqueRedirect());
    expect(await errorOf(client.health())).toEqual({ kind: 'bad-response', detail: 'redirected' });
    expect(calls).toHaveLength(1);
  });

  it('an error body that cannot be read still maps by status', async () => {
    const broken = new ReadableStream({
      start(controller) {
        controller.error(new TypeError('connection reset'));
      },
    });
    const { client } = clientWith(() => new Response(broken, { status: 401 }));
    expect(await errorOf(client.health())).toEqual({ kind: 'unauthorized' });
  });
});

describe('200 bodies', () => {
  it.each([
    ['HTML', '<html><body>Welcome</body></html>'],
    ['plain text', 'ok'],
    ['empty', ''],
    ['truncated JSON', '{"status":"o'],
  ])('%s → bad-response "not JSON"', async (_label, body) => {
    const { client } = clientWith(() => text(body));
    expect(await errorOf(client.health())).toEqual({
      kind: 'bad-response',
      detail: 'The server did not answer with JSON',
    });
  });

  it('a wrong type → bad-response naming the path', async () => {
    const body = { ...PLAYER, stats: { ...PLAYER.stats, kills: '10' } };
    const { client } = clientWith(() => json(body));
    expect(await errorOf(client.player('Notch'))).toEqual({
      kind: 'bad-response',
      detail: 'stats.kills: expected number',
    });
  });

  it('a wrong type inside an array → path with the index', async () => {
    const body = { ...AUCTION, results: [LISTING, { ...LISTING, price: null }] };
    const { client } = clientWith(() => json(body));
    expect(await errorOf(client.auctionSearch({}))).toEqual({
      kind: 'bad-response',
      detail: 'results[1].price: expected number',
    });
  });

  it('a missing field → rejected, named as missing', async () => {
    const { stats_may_lag: _dropped, ...body } = PLAYER;
    const { client } = clientWith(() => json(body));
    expect(await errorOf(client.player('Notch'))).toEqual({
      kind: 'bad-response',
      detail: 'stats_may_lag: missing',
    });
  });

  it('several problems → the first, and how many more', async () => {
    const { client } = clientWith(() => json({ count: 'x', total_matching: 'y' }));
    const error = await errorOf(client.auctionSearch({}));
    expect(error).toEqual({ kind: 'bad-response', detail: 'count: expected number (and 2 more)' });
  });

  it('a body that is not an object → named as the response', async () => {
    const { client } = clientWith(() => json([1, 2, 3]));
    expect(await errorOf(client.playersCount())).toEqual({
      kind: 'bad-response',
      detail: 'response: expected object',
    });
  });

  it('a detail from a long path is capped at 200 characters', async () => {
    const longKey = 'k'.repeat(500);
    const { client } = clientWith(() => json({ ...PLAYER, rank: { [longKey]: 1 } }));
    const error = await errorOf(client.player('Notch'));
    expect(error?.kind === 'bad-response' && error.detail.length).toBeLessThanOrEqual(200);
  });

  it('extra unknown fields are tolerated and kept', async () => {
    const body = { ...PLAYER, guild: 'Builders', stats: { ...PLAYER.stats, wins: 3 } };
    const { client } = clientWith(() => json(body));
    expect(await client.player('Notch')).toEqual({ ok: true, data: body });
  });

  it('health with a status other than ok → bad-response', async () => {
    const { client } = clientWith(() => json({ status: 'degraded' }));
    const error = await errorOf(client.health());
    expect(error?.kind).toBe('bad-response');
    expect(error?.kind === 'bad-response' && error.detail).toMatch(/status/);
  });

  it('every endpoint resolves its data on 200', async () => {
    const bodies: Record<string, unknown> = {
      '/api/health': { status: 'ok' },
      '/api/player/Notch': PLAYER,
      '/api/auction/search': AUCTION,
      '/api/leaderboard': LEADERBOARD,
      '/api/players/count': { online: 7 },
    };
    const { client } = clientWith((url) => json(bodies[new URL(url).pathname]));
    expect(await client.health()).toEqual({ ok: true, data: { status: 'ok' } });
    expect(await client.player('Notch')).toEqual({ ok: true, data: PLAYER });
    expect(await client.auctionSearch({})).toEqual({ ok: true, data: AUCTION });
    expect(await client.leaderboard({ type: 'kills' })).toEqual({ ok: true, data: LEADERBOARD });
    expect(await client.playersCount()).toEqual({ ok: true, data: { online: 7 } });
  });
});

describe('network, timeout and abort', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('times out at 10 s, not before', async () => {
    const { client, calls } = clientWith(hangingFetch);
    let settled: Result<unknown> | undefined;
    const pending = client.health().then((result) => {
      settled = result;
      return result;
    });
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS - 1);
    expect(settled).toBeUndefined();
    expect(calls[0]?.init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toEqual({ ok: false, error: { kind: 'timeout' } });
    expect(calls[0]?.init.signal?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('times out even when fetch ignores its signal', async () => {
    const { client } = clientWith(() => new Promise<Response>(() => {}));
    const pending = client.playersCount();
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS);
    expect(await pending).toEqual({ ok: false, error: { kind: 'timeout' } });
  });

  it('times out while the body is still arriving', async () => {
    const stalled = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"sta'));
      },
    });
    const { client } = clientWith(() => new Response(stalled, { status: 200 }));
    const pending = client.health();
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMEOUT_MS);
    expect(await pending).toEqual({ ok: false, error: { kind: 'timeout' } });
  });

  it('honours a custom timeout', async () => {
    const { client } = clientWith(hangingFetch, { timeoutMs: 500 });
    const pending = client.health();
    await vi.advanceTimersByTimeAsync(500);
    expect(await pending).toEqual({ ok: false, error: { kind: 'timeout' } });
  });

  it('a network failure (TypeError) → offline', async () => {
    const { client } = clientWith(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await client.health()).toEqual({ ok: false, error: { kind: 'offline' } });
    expect(vi.getTimerCount()).toBe(0);
  });

  it("the caller's abort rejects with the abort reason and aborts the fetch", async () => {
    const { client, calls } = clientWith(hangingFetch);
    const controller = new AbortController();
    const reason = new Error('view closed');
    const pending = client.player('Notch', { signal: controller.signal });
    await vi.advanceTimersByTimeAsync(100);
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    expect(calls[0]?.init.signal?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('an already aborted signal rejects without calling fetch', async () => {
    const { client, spy } = clientWith(() => json({ status: 'ok' }));
    const controller = new AbortController();
    controller.abort();
    await expect(client.health({ signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    expect(spy).not.toHaveBeenCalled();
  });

  it("a caller's signal that never aborts changes nothing, and is let go of", async () => {
    const { client } = clientWith(() => json({ online: 4 }));
    const controller = new AbortController();
    const remove = vi.spyOn(controller.signal, 'removeEventListener');
    expect(await client.playersCount({ signal: controller.signal })).toEqual({
      ok: true,
      data: { online: 4 },
    });
    expect(remove).toHaveBeenCalledWith('abort', expect.any(Function));
    controller.abort();
  });

  it.each<[string, Responder]>([
    ['success', () => json({ status: 'ok' })],
    ['HTTP error', () => text('', 503)],
    ['not JSON', () => text('nope')],
    ['schema drift', () => json({ status: 1 })],
    ['offline', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['redirect', () => opaqueRedirect()],
  ])('clears the timer after %s', async (_label, respond) => {
    const { client } = clientWith(respond);
    await client.health();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('ApiClient', () => {
  it('exposes exactly the five endpoints', () => {
    const client: ApiClient = createApiClient({
      baseUrl: BASE,
      apiKey: KEY,
      fetch: fakeFetch(() => json({})).fetch,
    });
    expect(Object.keys(client).sort()).toEqual([
      'auctionSearch',
      'health',
      'leaderboard',
      'player',
      'playersCount',
    ]);
  });

  it('uses the global fetch when none is given', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(json({ status: 'ok' }));
    const client = createApiClient({ baseUrl: BASE, apiKey: KEY });
    expect(await client.health()).toEqual({ ok: true, data: { status: 'ok' } });
    expect(spy).toHaveBeenCalledOnce();
  });
});

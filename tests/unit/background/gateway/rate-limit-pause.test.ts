// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createGateway, type Gateway } from '@/entrypoints/background/gateway/gateway';
import { createRateLimitPause, PAUSE_KEY } from '@/entrypoints/background/gateway/rate-limit-pause';
import { browserSessionStore } from '@/entrypoints/background/gateway/session-store';
import { json } from '@/tests/fixtures/http';
import { makePlayer, PLAYER_UUID } from '@/tests/fixtures/players';
import { MAX_RETRY_AFTER_SECONDS } from '@/utils/api/retry-after';
import { DAY_MS } from '@/utils/limits';

const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);
const PLAYER = makePlayer({ uuid: PLAYER_UUID, name: 'Notch' });

let clock = T0;
let requests: string[] = [];
/** null: answer normally; otherwise answer 429 with this Retry-After (undefined: no header). */
let limited: { retryAfter?: string } | null = null;

function makeGateway(): Gateway {
  return createGateway({
    fetch: (async (input: RequestInfo | URL) => {
      const url = new URL(String(input));
      requests.push(url.pathname);
      if (limited) {
        const headers: Record<string, string> =
          limited.retryAfter === undefined ? {} : { 'Retry-After': limited.retryAfter };
        return json({ error: 'Too many requests' }, 429, headers);
      }
      if (url.pathname.startsWith('/api/player/')) return json(PLAYER);
      if (url.pathname === '/api/auction/search') return json({ count: 0, total_matching: 0, results: [] });
      if (url.pathname === '/api/leaderboard') return json({ type: 'kills', count: 0, entries: [] });
      if (url.pathname === '/api/health') return json({ status: 'ok' });
      return json({ online: 9 });
    }) as typeof fetch,
    now: () => clock,
    getConnection: async () => ({ baseUrl: 'https://stats.example.net', apiKey: 'k' }),
    rememberPlayers: async () => {},
  });
}

/** One of every request kind. */
const everyCaller = (gateway: Gateway) => [
  gateway.player('Steve'),
  gateway.auctionSearch({ item: '', sort: 'recent', limit: 50 }),
  gateway.leaderboard('balance', 10),
  gateway.playersCount(),
  gateway.health(),
];

beforeEach(() => {
  fakeBrowser.reset();
  clock = T0;
  requests = [];
  limited = null;
});

describe('the rate-limit pause', () => {
  it('after a 429 no caller reaches the API until Retry-After has passed', async () => {
    const gateway = makeGateway();
    limited = { retryAfter: '30' };
    expect(await gateway.playersCount()).toEqual({
      ok: false,
      error: { kind: 'rate-limited', retryAfterSeconds: 30 },
    });
    limited = null;

    clock = T0 + 10_000;
    const replies = await Promise.all(everyCaller(gateway));
    expect(replies).toEqual(
      Array(5).fill({ ok: false, error: { kind: 'rate-limited', retryAfterSeconds: 20 } }),
    );
    clock = T0 + 29_500;
    expect(await gateway.player('Alex')).toEqual({
      ok: false,
      error: { kind: 'rate-limited', retryAfterSeconds: 1 },
    });
    expect(requests).toEqual(['/api/players/count']);

    clock = T0 + 30_000;
    expect((await Promise.all(everyCaller(gateway))).every((reply) => reply.ok)).toBe(true);
    expect(requests).toHaveLength(6);
    expect(gateway.rateLimitSecondsLeft()).toBe(0);
  });

  it('waits 60 s when the 429 carries no Retry-After', async () => {
    const gateway = makeGateway();
    limited = {};
    expect(await gateway.leaderboard('kills', 10)).toEqual({
      ok: false,
      error: { kind: 'rate-limited', retryAfterSeconds: 60 },
    });
    limited = null;
    clock = T0 + 59_999;
    expect(await gateway.playersCount()).toMatchObject({ ok: false, error: { kind: 'rate-limited' } });
    clock = T0 + 60_000;
    expect(await gateway.playersCount()).toMatchObject({ ok: true });
    expect(requests).toEqual(['/api/leaderboard', '/api/players/count']);
  });

  it('still serves cached answers during the pause (they cost no request)', async () => {
    const gateway = makeGateway();
    await gateway.leaderboard('kills', 10);
    limited = { retryAfter: '120' };
    await gateway.playersCount();
    expect(await gateway.leaderboard('kills', 10)).toMatchObject({ ok: true, fetchedAt: T0 });
    expect(requests).toEqual(['/api/leaderboard', '/api/players/count']);
  });

  it('survives the worker being stopped and started (storage.local)', async () => {
    limited = { retryAfter: '45' };
    await makeGateway().playersCount();
    limited = null;
    expect(await fakeBrowser.storage.local.get(PAUSE_KEY)).toEqual({
      [PAUSE_KEY]: { until: T0 + 45_000, seconds: 45 },
    });

    clock = T0 + 15_000;
    const woken = makeGateway();
    expect(await Promise.all(everyCaller(woken))).toEqual(
      Array(5).fill({ ok: false, error: { kind: 'rate-limited', retryAfterSeconds: 30 } }),
    );
    clock = T0 + 45_000;
    expect(await makeGateway().playersCount()).toMatchObject({ ok: true });
    expect(requests).toEqual(['/api/players/count', '/api/players/count']);
  });

  it('survives a browser restart, which empties storage.session', async () => {
    limited = { retryAfter: '600' };
    await makeGateway().playersCount();
    limited = null;
    await fakeBrowser.storage.session.clear();

    clock = T0 + 60_000;
    expect(await makeGateway().playersCount()).toEqual({
      ok: false,
      error: { kind: 'rate-limited', retryAfterSeconds: 540 },
    });
    expect(requests).toEqual(['/api/players/count']);
  });

  it('a pause begun while the clock was two days fast lasts no longer than its Retry-After once the clock is corrected, across restarts (issue 33, point 4)', async () => {
    clock = T0 + 2 * DAY_MS;
    const running = makeGateway();
    limited = { retryAfter: '60' };
    await running.playersCount();
    limited = null;

    clock = T0;
    expect(await running.player('Steve')).toEqual({
      ok: false,
      error: { kind: 'rate-limited', retryAfterSeconds: 60 },
    });
    clock = T0 + 30_000;
    expect(await makeGateway().player('Steve')).toEqual({
      ok: false,
      error: { kind: 'rate-limited', retryAfterSeconds: 30 },
    });
    clock = T0 + 60_000;
    expect(await makeGateway().player('Steve')).toMatchObject({ ok: true });
  });

  it('a pause an earlier release kept two days ahead lasts no longer than the longest Retry-After accepted, across restarts', async () => {
    await fakeBrowser.storage.local.set({ [PAUSE_KEY]: { until: T0 + 2 * DAY_MS + 60_000 } });
    // Restarted every hour: each worker reads the kept pause back, and it still ends in time.
    for (let hour = 0; hour < 24; hour += 1) {
      const answer = await makeGateway().player('Steve');
      expect(answer).toMatchObject({ ok: false, error: { kind: 'rate-limited' } });
      const left = (answer as { error: { retryAfterSeconds: number } }).error.retryAfterSeconds;
      expect(left).toBeLessThanOrEqual(MAX_RETRY_AFTER_SECONDS - hour * 3600);
      clock += 3600_000;
    }
    expect(await makeGateway().player('Steve')).toMatchObject({ ok: true });
  });

  it('reset() (a new connection saved) ends the pause', async () => {
    const gateway = makeGateway();
    limited = { retryAfter: '300' };
    await gateway.playersCount();
    limited = null;
    await gateway.reset();
    expect(await gateway.playersCount()).toMatchObject({ ok: true });
    expect(await fakeBrowser.storage.local.get(PAUSE_KEY)).toEqual({});
  });
});

describe('createRateLimitPause', () => {
  it('keeps the later end when a shorter pause begins', async () => {
    let now = 0;
    const pause = createRateLimitPause({ store: browserSessionStore(), now: () => now });
    await pause.ready;
    await pause.begin(100);
    await pause.begin(10);
    expect(pause.secondsLeft()).toBe(100);
    now = 99_001;
    expect(pause.secondsLeft()).toBe(1);
    now = 100_000;
    expect(pause.secondsLeft()).toBe(0);
  });

  it('treats a nonsense duration as the default 60 s', async () => {
    const pause = createRateLimitPause({ store: browserSessionStore(), now: () => 0 });
    await pause.begin(Number.NaN);
    expect(pause.secondsLeft()).toBe(60);
  });

  it('ignores an unreadable or finished pause found in storage', async () => {
    await fakeBrowser.storage.session.set({ [PAUSE_KEY]: { until: 'soon' } });
    const garbled = createRateLimitPause({ store: browserSessionStore(), now: () => 0 });
    await garbled.ready;
    expect(garbled.secondsLeft()).toBe(0);

    await fakeBrowser.storage.session.set({ [PAUSE_KEY]: { until: 500 } });
    const finished = createRateLimitPause({ store: browserSessionStore(), now: () => 1000 });
    await finished.ready;
    expect(finished.secondsLeft()).toBe(0);
    expect(await fakeBrowser.storage.session.get(PAUSE_KEY)).toEqual({});
  });
});

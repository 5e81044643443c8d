// Specifies entrypoints/background/gateway/gateway.ts (with utils/api/client.ts, utils/error-text.ts and
// entrypoints/background/badge/poller.ts) against hostile API answers.
// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBadgePoller } from '@/entrypoints/background/badge/poller';
import { createGateway, type Gateway } from '@/entrypoints/background/gateway/gateway';
import { browserSessionStore } from '@/entrypoints/background/gateway/session-store';
import type { StreamResult } from '@/entrypoints/background/scheduler/streams';
import type { ApiError } from '@/utils/api/errors';
import { describeError } from '@/utils/error-text';
import type { Reply } from '@/utils/messages';
import { updateSettings } from '@/utils/settings';
import { makePlayer, PLAYER_UUID } from '../../fixtures/players';

/**
 * Hostile API answers through the whole background chain (client → gateway → reply →
 * sentence → badge), with a fake fetch standing in for the server: every endpoint answering
 * HTML, truncated JSON, JSON of the wrong shape, nothing, 5 MB, redirects to another origin,
 * 5xx, 429 with every kind of Retry-After, nothing in time, or no connection at all. Each
 * gives one error kind, one sentence and one badge marker; nothing follows a redirect, and
 * nothing storms the server afterwards.
 */

const ORIGIN = 'https://stats.example.net';
const KEY = 'secret-key';
const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);
const PLAYER = makePlayer({ uuid: PLAYER_UUID });
const LISTING = {
  id: 1,
  seller: 'Steve',
  material: 'DIAMOND_SWORD',
  display_name: 'Diamond Sword',
  amount: 1,
  price: 10,
  formatted_price: '10',
  created_at_epoch: 1,
  expires_at_epoch: 2,
  time_left_seconds: 60,
};

/** Each endpoint: how the gateway is asked, its path, the good answer and the view's subject. */
const ENDPOINTS = [
  {
    name: 'player',
    ask: (gateway: Gateway) => gateway.player('Steve'),
    path: '/api/player/Steve',
    good: PLAYER,
    subject: 'the server',
  },
  {
    name: 'auction search',
    ask: (gateway: Gateway) => gateway.auctionSearch({ item: 'sword', sort: 'recent', limit: 10 }),
    path: '/api/auction/search',
    good: { count: 1, total_matching: 1, results: [LISTING] },
    subject: 'the auction house',
  },
  {
    name: 'leaderboard',
    ask: (gateway: Gateway) => gateway.leaderboard('kills', 10),
    path: '/api/leaderboard',
    good: { type: 'kills', count: 1, entries: [{ rank: 1, uuid: PLAYER.uuid, name: 'Steve', value: 3 }] },
    subject: 'the leaderboard',
  },
  {
    name: 'online count',
    ask: (gateway: Gateway) => gateway.playersCount(),
    path: '/api/players/count',
    good: { online: 12 },
    subject: 'the server',
  },
  {
    name: 'health',
    ask: (gateway: Gateway) => gateway.health(),
    path: '/api/health',
    good: { status: 'ok' },
    subject: 'the API',
  },
] as const;

type Answer = (good: unknown) => Response | Promise<Response>;

const text = (body: string, status = 200, type = 'application/json') =>
  new Response(body, { status, headers: { 'Content-Type': type } });
const HTML_PAGE =
  '<!doctype html><html><head><title>Just a moment...</title></head><body><h1>Checking your browser</h1><script>alert(1)</script></body></html>';

/** Bodies of a 200 that are not the answer: each must become `bad-response`. */
const UNREADABLE_BODIES: readonly { label: string; answer: Answer }[] = [
  { label: 'HTML instead of JSON', answer: () => text(HTML_PAGE, 200, 'text/html') },
  { label: 'JSON cut in half', answer: (good) => text(JSON.stringify(good).slice(0, 9)) },
  { label: 'JSON of the wrong shape (wrapped)', answer: (good) => text(JSON.stringify({ data: good })) },
  { label: 'JSON of the wrong shape (an array)', answer: (good) => text(JSON.stringify([good])) },
  { label: 'JSON null', answer: () => text('null') },
  { label: 'a JSON string', answer: () => text('"<script>alert(1)</script>"') },
  { label: 'an empty body', answer: () => text('') },
  { label: 'a 5 MB body that is not JSON', answer: () => text(`{"x":"${'y'.repeat(5 * 1024 * 1024)}`) },
  {
    label: 'prototype-polluting JSON of the wrong shape',
    answer: () => text('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
  },
];

/** Non-200 answers and what each must become. */
const FAILING_STATUSES: readonly { label: string; answer: Answer; kind: ApiError['kind'] }[] = [
  { label: '500 with an HTML page', answer: () => text(HTML_PAGE, 500, 'text/html'), kind: 'unavailable' },
  { label: '502 with nothing', answer: () => text('', 502), kind: 'unavailable' },
  { label: '503 with 5 MB', answer: () => text('x'.repeat(5 * 1024 * 1024), 503), kind: 'unavailable' },
  { label: '401', answer: () => text('{"error":"Invalid API key"}', 401), kind: 'unauthorized' },
  { label: '418', answer: () => text('teapot', 418, 'text/plain'), kind: 'bad-response' },
  {
    label: '302 to another origin',
    answer: () => new Response(null, { status: 302, headers: { Location: 'https://evil.example/steal' } }),
    kind: 'bad-response',
  },
  {
    label: '307 to the same origin over http',
    answer: () => new Response(null, { status: 307, headers: { Location: 'http://stats.example.net/api' } }),
    kind: 'bad-response',
  },
  {
    label: 'an opaque redirect (what fetch gives with redirect: manual)',
    answer: () => opaqueRedirect(),
    kind: 'bad-response',
  },
];

/** What `fetch(url, { redirect: 'manual' })` resolves with for any redirect in a browser. */
function opaqueRedirect(): Response {
  const response = new Response(null, { status: 200 });
  Object.defineProperty(response, 'type', { value: 'opaqueredirect' });
  Object.defineProperty(response, 'status', { value: 0 });
  Object.defineProperty(response, 'ok', { value: false });
  return response;
}

/** The badge text each error kind shows (badge-states.ts), checked through the real poller. */
const BADGE_TEXT: Partial<Record<ApiError['kind'], string>> = {
  'bad-response': 'ERR',
  unavailable: 'ERR',
  unauthorized: 'KEY',
  offline: 'OFF',
  timeout: 'OFF',
  'rate-limited': 'WAIT',
};

interface Sent {
  /** The fake clock when it was sent. */
  at: number;
  url: string;
  init: RequestInit | undefined;
}

let clock = T0;
let sent: Sent[] = [];
let answer: (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

const fakeFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  sent.push({ at: clock, url: String(input), init });
  return answer(new URL(String(input)), init);
}) as typeof fetch;

function makeGateway(): Gateway {
  return createGateway({
    fetch: fakeFetch,
    now: () => clock,
    getConnection: async () => ({ baseUrl: ORIGIN, apiKey: KEY }),
    rememberPlayers: async () => {},
  });
}

/** Only the configured origin ever got a request, each with the key, no cookies, no redirect-following. */
function expectOnlyConfiguredOrigin(): void {
  for (const request of sent) {
    expect(new URL(request.url).origin).toBe(ORIGIN);
    expect(new Headers(request.init?.headers).get('X-API-Key')).toBe(KEY);
    expect(request.init?.redirect).toBe('manual');
    expect(request.init?.credentials).toBe('omit');
  }
}

const errorOf = (reply: Reply<unknown>): ApiError => {
  if (reply.ok) throw new Error(`expected an error, got ${JSON.stringify(reply).slice(0, 200)}`);
  return reply.error;
};

let lastResult: StreamResult | undefined;

/** The badge after the poller polls once against `answer`. */
async function badgeAfterOnePoll(gateway: Gateway): Promise<string> {
  const poller = createBadgePoller({
    gateway,
    getSettings: async () => ({
      apiBaseUrl: ORIGIN,
      forumSites: [],
      badgeEnabled: true,
      badgeIntervalSeconds: 60,
      badgePace: 'fixed',
      hoverDelayMs: 300,
      ownName: '',
      badgeShows: 'online-count',
      backgroundRequestsPerHour: 60,
      notifyWatchedOnline: false,
      reminderMinutes: 5,
      progressResetHour: 0,
      rankWatch: false,
      rankNotify: false,
      rankNotifyTop: 10,
    }),
    isConfigured: async () => true,
    store: browserSessionStore(),
    action: fakeBrowser.action,
    now: () => clock,
  });
  lastResult = await poller.stream.run();
  return fakeBrowser.action.getBadgeText({});
}

beforeEach(() => {
  fakeBrowser.reset();
  clock = T0;
  sent = [];
  answer = () => text('{}');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('a 200 whose body is not the answer', () => {
  for (const endpoint of ENDPOINTS) {
    for (const body of UNREADABLE_BODIES) {
      it(`${endpoint.name}, ${body.label}: bad-response, the one sentence, not cached`, async () => {
        answer = () => body.answer(endpoint.good);
        const gateway = makeGateway();
        const error = errorOf(await endpoint.ask(gateway));
        expect(error.kind).toBe('bad-response');
        expect(describeError(error, endpoint.subject).message).toBe(
          'The server sent an answer the extension could not read.',
        );
        // The detail (for logs) is short and is never the server's markup.
        if (error.kind === 'bad-response') expect(error.detail.length).toBeLessThanOrEqual(200);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        // Not cached: the next ask goes to the server again (one request per ask, no more).
        answer = () => text(JSON.stringify(endpoint.good));
        expect((await endpoint.ask(gateway)).ok).toBe(true);
        expect(sent.map((request) => new URL(request.url).pathname)).toEqual([endpoint.path, endpoint.path]);
        expectOnlyConfiguredOrigin();
      });
    }
  }

  it('the badge shows ERR for an unreadable count, and backs off instead of retrying at once', async () => {
    answer = () => text(HTML_PAGE, 200, 'text/html');
    const gateway = makeGateway();
    expect(await badgeAfterOnePoll(gateway)).toBe('ERR');
    expect((await fakeBrowser.action.getTitle({})).length).toBeGreaterThan(0);
    // A failure for the scheduler, which backs the badge off (scheduler/backoff.ts).
    expect(lastResult).toEqual({ ok: false, failure: 'bad-response' });
    expect(sent).toHaveLength(1);
  });
});

describe('a huge answer of the right shape', () => {
  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.name}: 5 MB of padding around the answer is read, or refused as bad-response, never a crash`, async () => {
      answer = () => {
        const good = JSON.stringify(endpoint.good);
        return text(`{"padding":"${'x'.repeat(5 * 1024 * 1024)}",${good.slice(1)}`);
      };
      const reply = await endpoint.ask(makeGateway());
      if (!reply.ok) expect(reply.error.kind).toBe('bad-response');
      expect(sent).toHaveLength(1);
    });
  }
});

describe('failing statuses and redirects', () => {
  for (const endpoint of ENDPOINTS) {
    for (const failing of FAILING_STATUSES) {
      it(`${endpoint.name}, ${failing.label}: ${failing.kind}, and the Location is never fetched`, async () => {
        answer = () => failing.answer(endpoint.good);
        const error = errorOf(await endpoint.ask(makeGateway()));
        expect(error.kind).toBe(failing.kind);
        const sentence = describeError(error, endpoint.subject).message;
        expect(sentence).not.toMatch(/<|undefined|\[object/);
        expect(sent).toHaveLength(1);
        expectOnlyConfiguredOrigin();
      });
    }
  }

  for (const failing of FAILING_STATUSES) {
    it(`the badge for ${failing.label}: ${BADGE_TEXT[failing.kind]}`, async () => {
      answer = () => failing.answer({ online: 1 });
      expect(await badgeAfterOnePoll(makeGateway())).toBe(BADGE_TEXT[failing.kind]);
    });
  }
});

describe('429 and Retry-After', () => {
  const retryAfters: { label: string; header: (now: number) => string | null; seconds: number }[] = [
    { label: 'in seconds', header: () => '7', seconds: 7 },
    {
      label: 'as an HTTP date 20 s ahead',
      header: (now) => new Date(now + 20_000).toUTCString(),
      seconds: 20,
    },
    { label: 'as a date in the past', header: (now) => new Date(now - 60_000).toUTCString(), seconds: 1 },
    { label: 'absent', header: () => null, seconds: 60 },
    { label: 'garbage', header: () => 'soon, maybe <script>', seconds: 60 },
    { label: 'negative', header: () => '-30', seconds: 60 },
    { label: 'absurdly long', header: () => '9999999999', seconds: 24 * 60 * 60 },
  ];

  for (const retryAfter of retryAfters) {
    it(`Retry-After ${retryAfter.label}: waits ${retryAfter.seconds} s, and no caller reaches the API meanwhile`, async () => {
      answer = () => {
        const value = retryAfter.header(clock);
        return new Response('{"error":"Too many requests"}', {
          status: 429,
          headers: value === null ? {} : { 'Retry-After': value },
        });
      };
      const gateway = makeGateway();
      const error = errorOf(await gateway.player('Steve'));
      expect(error).toEqual({ kind: 'rate-limited', retryAfterSeconds: retryAfter.seconds });
      expect(describeError(error).message).toBe(`Too many requests, try again in ${retryAfter.seconds} s.`);

      // Every endpoint, asked again and again during the pause: still the one request.
      for (let second = 0; second < Math.min(retryAfter.seconds, 90) - 1; second += 1) {
        clock += 1000;
        for (const endpoint of ENDPOINTS)
          expect(errorOf(await endpoint.ask(gateway)).kind).toBe('rate-limited');
      }
      expect(sent).toHaveLength(1);
    });
  }

  it('a 429 storm: 20 callers a second for 2 minutes make at most one request per Retry-After', async () => {
    answer = () => new Response('', { status: 429, headers: { 'Retry-After': '10' } });
    const gateway = makeGateway();
    for (let second = 0; second < 120; second += 1) {
      const asks = Array.from({ length: 20 }, (_, index) => {
        const endpoint = ENDPOINTS[index % ENDPOINTS.length];
        if (endpoint === undefined) throw new Error('no endpoint');
        return endpoint.ask(gateway);
      });
      for (const reply of await Promise.all(asks)) expect(errorOf(reply).kind).toBe('rate-limited');
      clock += 1000;
    }
    // 120 s / 10 s = 12 pauses. In each, the five different requests asked at the same
    // moment were already on their way when the first 429 came back: at most one per kind.
    // A storm would be 2,400 requests.
    expect(sent.length).toBeLessThanOrEqual(12 * ENDPOINTS.length);
    const perPause = new Map<number, number>();
    for (const { at } of sent) {
      const pause = Math.floor((at - T0) / 10_000);
      perPause.set(pause, (perPause.get(pause) ?? 0) + 1);
    }
    expect(Math.max(...perPause.values())).toBeLessThanOrEqual(ENDPOINTS.length);
  });

  it('the badge keeps its last count greyed while rate limited', async () => {
    answer = () => text('{"online":42}');
    const gateway = makeGateway();
    expect(await badgeAfterOnePoll(gateway)).toBe('42');
    answer = () => new Response('', { status: 429, headers: { 'Retry-After': '30' } });
    // A fresh poller (as after a restart) still knows the last count from storage.session.
    expect(await badgeAfterOnePoll(gateway)).toBe('42');
    expect(await fakeBrowser.action.getTitle({})).toContain('too many requests');
  });
});

describe('no answer in time, and no server at all', () => {
  it('an answer slower than 10 s: timeout, its sentence, OFF on the badge', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    answer = (_url, init) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    const gateway = makeGateway();
    const pending = gateway.player('Steve');
    await vi.advanceTimersByTimeAsync(9_999);
    let settled = false;
    void pending.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = errorOf(await pending);
    expect(error.kind).toBe('timeout');
    expect(describeError(error).message).toBe('The server took too long to answer.');
    const badge = badgeAfterOnePoll(gateway);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await badge).toBe('OFF');
  });

  it('a body that never ends is cut off by the same deadline', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    answer = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"online":'));
          },
        }),
        { status: 200 },
      );
    const pending = makeGateway().playersCount();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(errorOf(await pending).kind).toBe('timeout');
  });

  it('the server gone (connection refused): offline, its sentence, OFF', async () => {
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    const gateway = makeGateway();
    for (const endpoint of ENDPOINTS) {
      const error = errorOf(await endpoint.ask(gateway));
      expect(error.kind).toBe('offline');
      expect(describeError(error).message).toBe("Can't reach the server.");
    }
    expect(await badgeAfterOnePoll(gateway)).toBe('OFF');
    // One request per ask: the gateway itself never retries.
    expect(sent).toHaveLength(ENDPOINTS.length + 1);
  });

  it('the server disappearing mid-session and coming back: errors, then answers, no replays', async () => {
    const gateway = makeGateway();
    answer = () => text(JSON.stringify(PLAYER));
    expect((await gateway.player('Steve')).ok).toBe(true);
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(errorOf(await gateway.player('Alex')).kind).toBe('offline');
    // The cached player is still shown while the server is away.
    expect((await gateway.player('Steve')).ok).toBe(true);
    answer = () => text(JSON.stringify({ ...PLAYER, name: 'Alex' }));
    expect((await gateway.player('Alex')).ok).toBe(true);
    expect(sent.map((request) => new URL(request.url).pathname)).toEqual([
      '/api/player/Steve',
      '/api/player/Alex',
      '/api/player/Alex',
    ]);
  });
});

describe('the key', () => {
  it('goes to the configured origin only, in a header, and to nothing a redirect names', async () => {
    await updateSettings({ apiBaseUrl: ORIGIN });
    answer = () => new Response(null, { status: 301, headers: { Location: 'https://evil.example/' } });
    const gateway = makeGateway();
    for (const endpoint of ENDPOINTS) await endpoint.ask(gateway);
    expect(sent).toHaveLength(ENDPOINTS.length);
    expectOnlyConfiguredOrigin();
    for (const request of sent) expect(request.url).not.toContain(KEY);
  });
});

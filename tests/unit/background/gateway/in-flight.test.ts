// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createGateway } from '@/entrypoints/background/gateway/gateway';
import { createInFlight } from '@/entrypoints/background/gateway/in-flight';
import { json } from '@/tests/fixtures/http';
import { makePlayer, PLAYER_UUID } from '@/tests/fixtures/players';

const PLAYER = makePlayer({ uuid: PLAYER_UUID, name: 'Notch' });

/** A fetch whose answers wait until `releaseAll()`: requests stay in flight as long as a test wants. */
function heldFetch() {
  const requests: string[] = [];
  const waiting: (() => void)[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input));
    requests.push(url.pathname + url.search);
    await new Promise<void>((resolve) => waiting.push(resolve));
    if (url.pathname.startsWith('/api/player/')) return json(PLAYER);
    if (url.pathname === '/api/leaderboard') return json({ type: 'kills', count: 0, entries: [] });
    return json({ online: 5 });
  }) as typeof globalThis.fetch;
  const releaseAll = () => {
    for (const resolve of waiting.splice(0)) resolve();
  };
  return { fetch, requests, releaseAll };
}

beforeEach(() => {
  fakeBrowser.reset();
});

describe('in-flight dedupe', () => {
  it('identical concurrent requests make one fetch and get the same answer', async () => {
    const api = heldFetch();
    const gateway = createGateway({
      fetch: api.fetch,
      getConnection: async () => ({ baseUrl: 'https://stats.example.net', apiKey: 'k' }),
      rememberPlayers: async () => {},
    });
    const counts = [gateway.playersCount(), gateway.playersCount(), gateway.playersCount()];
    const players = [gateway.player('Notch'), gateway.player('notch'), gateway.player('NOTCH')];
    const boards = [gateway.leaderboard('kills', 10), gateway.leaderboard('kills', 10)];
    await new Promise((resolve) => setTimeout(resolve, 10));
    api.releaseAll();
    const answers = await Promise.all([...counts, ...players, ...boards]);
    expect(api.requests.sort()).toEqual([
      '/api/leaderboard?type=kills&limit=10',
      '/api/player/Notch',
      '/api/players/count',
    ]);
    expect(answers.every((answer) => answer.ok)).toBe(true);
    const [a, b, c] = await Promise.all(counts);
    expect(a).toBe(b);
    expect(b).toBe(c);
  });

  it('a request made after the first one settled is sent again (the count is live)', async () => {
    const api = heldFetch();
    const gateway = createGateway({
      fetch: api.fetch,
      getConnection: async () => ({ baseUrl: 'https://stats.example.net', apiKey: 'k' }),
    });
    const first = gateway.playersCount();
    await new Promise((resolve) => setTimeout(resolve, 10));
    api.releaseAll();
    await first;
    const second = gateway.playersCount();
    await new Promise((resolve) => setTimeout(resolve, 10));
    api.releaseAll();
    await second;
    expect(api.requests).toEqual(['/api/players/count', '/api/players/count']);
  });

  it('different requests are not merged', async () => {
    const api = heldFetch();
    const gateway = createGateway({
      fetch: api.fetch,
      getConnection: async () => ({ baseUrl: 'https://stats.example.net', apiKey: 'k' }),
    });
    const all = Promise.all([gateway.leaderboard('kills', 10), gateway.leaderboard('kills', 11)]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    api.releaseAll();
    await all;
    expect(api.requests).toHaveLength(2);
  });
});

describe('createInFlight', () => {
  it('shares a running promise by key and forgets it once settled', async () => {
    const inFlight = createInFlight();
    let starts = 0;
    const start = async () => {
      starts += 1;
      return starts;
    };
    const [a, b] = await Promise.all([inFlight.run('k', start), inFlight.run('k', start)]);
    expect([a, b, starts]).toEqual([1, 1, 1]);
    expect(inFlight.size).toBe(0);
    expect(await inFlight.run('k', start)).toBe(2);
  });

  it('forgets a rejected request too', async () => {
    const inFlight = createInFlight();
    await expect(inFlight.run('k', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await inFlight.run('k', async () => 'fine')).toBe('fine');
  });

  it('clear() stops sharing, and the old request settling does not drop the new one', async () => {
    const inFlight = createInFlight();
    let releaseOld: (value: string) => void = () => {};
    const old = inFlight.run('k', () => new Promise<string>((resolve) => (releaseOld = resolve)));
    inFlight.clear();
    let releaseNew: (value: string) => void = () => {};
    const fresh = inFlight.run('k', () => new Promise<string>((resolve) => (releaseNew = resolve)));
    releaseOld('old');
    expect(await old).toBe('old');
    expect(inFlight.run('k', async () => 'third')).toBe(fresh);
    releaseNew('new');
    expect(await fresh).toBe('new');
  });
});

// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_FIXTURE_UUIDS, DEMO_FIXTURES, type DemoServer, HOSTILE_RANK_DISPLAY } from '../../demo/server';
import {
  AuctionSearchSchema,
  HealthSchema,
  LeaderboardSchema,
  PlayerSchema,
  PlayersCountSchema,
} from '../../utils/api/schemas';
import { call, callJson, startTestServer } from './helpers';

let server: DemoServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('200 shapes', () => {
  it('health answers {status: ok}', async () => {
    const { status, body } = await callJson(server, '/api/health');
    expect(status).toBe(200);
    expect(HealthSchema.parse(body)).toEqual({ status: 'ok' });
  });

  it('player answers a Player', async () => {
    const { status, body } = await callJson(server, '/api/player/Steve');
    expect(status).toBe(200);
    const player = PlayerSchema.parse(body);
    expect(player).toMatchObject({ name: 'Steve', online: true, stats_may_lag: true });
    expect(player.rank.display).toBe('&c&lADMIN');
    expect(player.stats.playtime_hours).toBe(player.stats.playtime_ticks / 72000);
  });

  it('auction search answers count, total_matching and results', async () => {
    const { status, body } = await callJson(server, '/api/auction/search');
    expect(status).toBe(200);
    const search = AuctionSearchSchema.parse(body);
    expect(search.count).toBe(search.results.length);
    expect(search.total_matching).toBeGreaterThan(search.count);
  });

  it.each(['balance', 'shards', 'kills'])('leaderboard %s answers type, count and entries', async (type) => {
    const { status, body } = await callJson(server, `/api/leaderboard?type=${type}`);
    expect(status).toBe(200);
    const board = LeaderboardSchema.parse(body);
    expect(board.type).toBe(type);
    expect(board.count).toBe(board.entries.length);
    expect(board.entries.map((e) => e.rank)).toEqual(board.entries.map((_, i) => i + 1));
    const values = board.entries.map((e) => e.value);
    expect(values).toEqual([...values].sort((a, b) => b - a));
  });

  it('players count answers {online} around 1,200', async () => {
    const { status, body } = await callJson(server, '/api/players/count');
    expect(status).toBe(200);
    const { online } = PlayersCountSchema.parse(body);
    expect(online).toBeGreaterThan(900);
    expect(online).toBeLessThan(1500);
  });
});

describe('player lookup', () => {
  it('is case-insensitive by name', async () => {
    for (const name of ['steve', 'STEVE', 'sTeVe']) {
      const { status, body } = await callJson(server, `/api/player/${name}`);
      expect(status).toBe(200);
      expect(PlayerSchema.parse(body).name).toBe('Steve');
    }
  });

  it('finds players by dashed UUID in any case', async () => {
    for (const uuid of [DEMO_FIXTURE_UUIDS.alex, DEMO_FIXTURE_UUIDS.alex.toUpperCase()]) {
      const { status, body } = await callJson(server, `/api/player/${uuid}`);
      expect(status).toBe(200);
      expect(PlayerSchema.parse(body).name).toBe('Alex');
    }
  });

  it('finds generated players too', async () => {
    const player = server.data.players[200];
    expect(player).toBeDefined();
    if (!player) return;
    expect((await callJson(server, `/api/player/${player.name}`)).body).toEqual(player);
    expect((await callJson(server, `/api/player/${player.uuid}`)).body).toEqual(player);
  });

  it('serves the fixtures as documented', async () => {
    const get = async (name: string) =>
      PlayerSchema.parse((await callJson(server, `/api/player/${name}`)).body);
    const alex = await get(DEMO_FIXTURES.alex);
    expect(alex).toMatchObject({ online: false, stats_may_lag: false });
    expect(alex.stats.deaths).toBe(0);
    expect(alex.rank.display).toBe('&7Member');
    const notch = await get(DEMO_FIXTURES.notch);
    expect(notch.online).toBe(true);
    expect(notch.balance).toBeGreaterThan(1_000_000);
    const jeb = await get(DEMO_FIXTURES.jeb);
    expect(jeb.online).toBe(false);
    expect(jeb.stats.playtime_hours).toBeGreaterThan(10_000);
    expect((await get(DEMO_FIXTURES.hostileRank)).rank.display).toBe(HOSTILE_RANK_DISPLAY);
  });

  it('answers 404 naming the identifier', async () => {
    for (const id of ['NobodyHere', 'Steve_Not', '00000000-0000-4000-8000-000000000000']) {
      const { status, body } = await callJson(server, `/api/player/${id}`);
      expect(status).toBe(404);
      expect(body).toEqual({ error: `No player found matching '${id}'` });
    }
  });

  it('treats undashed UUIDs and invalid names as unknown names (404)', async () => {
    const undashed = DEMO_FIXTURE_UUIDS.steve.replaceAll('-', '');
    for (const id of [undashed, 'a', 'name with spaces', 'x'.repeat(40)]) {
      const response = await call(server, `/api/player/${encodeURIComponent(id)}`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: string }).error).toContain(id);
    }
  });

  it('answers 400 {error} for an empty identifier', async () => {
    for (const path of ['/api/player/', '/api/player/%20', '/api/player']) {
      const { status, body } = await callJson(server, path);
      expect(status).toBe(400);
      expect(body).toEqual({ error: expect.any(String) });
    }
  });
});

describe('leaderboard parameters', () => {
  it('answers 400 with the exact message for a missing or unknown type', async () => {
    for (const query of ['', '?type=', '?type=deaths', '?type=BALANCE', '?limit=5']) {
      const { status, body } = await callJson(server, `/api/leaderboard${query}`);
      expect(status).toBe(400);
      expect(body).toEqual({ error: 'type must be one of: balance, shards, kills' });
    }
  });

  it('defaults to 10 entries and caps at 100 silently', async () => {
    const size = async (query: string) =>
      LeaderboardSchema.parse((await callJson(server, `/api/leaderboard?type=balance${query}`)).body).count;
    expect(await size('')).toBe(10);
    expect(await size('&limit=3')).toBe(3);
    expect(await size('&limit=100')).toBe(100);
    expect(await size('&limit=101')).toBe(100);
    expect(await size('&limit=100000')).toBe(100);
  });

  it('answers 400 {error} for a non-numeric, zero or negative limit', async () => {
    for (const limit of ['abc', '0', '-5', '2.5']) {
      const { status, body } = await callJson(server, `/api/leaderboard?type=kills&limit=${limit}`);
      expect(status).toBe(400);
      expect(body).toEqual({ error: expect.any(String) });
    }
  });

  it('ranks the players with the highest values', async () => {
    const board = LeaderboardSchema.parse(
      (await callJson(server, '/api/leaderboard?type=shards&limit=5')).body,
    );
    const top = [...server.data.players].sort((a, b) => b.shards - a.shards).slice(0, 5);
    expect(board.entries.map((e) => e.value)).toEqual(top.map((p) => p.shards));
    const first = server.data.findPlayer(board.entries[0]?.name ?? '');
    expect(first?.uuid).toBe(board.entries[0]?.uuid);
  });
});

describe('players count', () => {
  it('can be pinned and released', async () => {
    server.setOnlineCount(7);
    expect((await callJson(server, '/api/players/count')).body).toEqual({ online: 7 });
    server.setOnlineCount(null);
    const { online } = PlayersCountSchema.parse((await callJson(server, '/api/players/count')).body);
    expect(online).toBeGreaterThan(900);
  });
});

describe('unknown paths and methods', () => {
  it('answers 404 JSON for unknown /api/ paths', async () => {
    for (const path of ['/api/nope', '/api/health/', '/api', '/api/auction']) {
      const response = await call(server, path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: expect.any(String) });
    }
  });

  it('answers 405 to other methods than GET', async () => {
    const response = await call(server, '/api/health', { method: 'POST' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, OPTIONS');
  });
});

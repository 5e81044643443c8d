// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_FIXTURE_UUIDS, type DemoPlayer, type DemoServer } from '../../demo/server';
import { LeaderboardSchema, PlayerSchema } from '../../utils/api/schemas';
import { callJson, control, startTestServer } from './helpers';

let server: DemoServer;
beforeAll(async () => {
  server = await startTestServer();
});
beforeEach(() => server.reset());
afterAll(() => server.close());

async function apiPlayer(identifier: string): Promise<DemoPlayer> {
  const { status, body } = await callJson(server, `/api/player/${identifier}`);
  expect(status).toBe(200);
  return PlayerSchema.parse(body) as DemoPlayer;
}

describe('PUT /__demo/players/:nameOrUuid', () => {
  it('sets an offline player online; stats_may_lag follows and the API answers the same player', async () => {
    expect(await apiPlayer('Alex')).toMatchObject({ online: false, stats_may_lag: false });
    const response = await control(server, 'players/alex', 'PUT', { online: true });
    expect(response.status).toBe(200);
    const changed = PlayerSchema.parse(await response.json());
    expect(changed).toMatchObject({ name: 'Alex', online: true, stats_may_lag: true });
    expect(await apiPlayer('Alex')).toEqual(changed);
  });

  it('sets an online player offline', async () => {
    await control(server, 'players/Steve', 'PUT', { online: false });
    expect(await apiPlayer('Steve')).toMatchObject({ online: false, stats_may_lag: false });
  });

  it('changes stats, money and rank by UUID in any case; playtime_hours follows the ticks; the rest stays', async () => {
    const before = await apiPlayer('Steve');
    const patch = {
      kills: 3_121,
      deaths: 1_878,
      playtime_ticks: 88_956_000,
      balance: 50_000.25,
      shards: 1_600,
      rank: { id: 'owner', display: '&4&lOWNER&r', weight: 100 },
    };
    const response = await control(server, `players/${DEMO_FIXTURE_UUIDS.steve.toUpperCase()}`, 'PUT', patch);
    expect(response.status).toBe(200);
    const expected: DemoPlayer = {
      ...before,
      balance: 50_000.25,
      shards: 1_600,
      rank: { id: 'owner', display: '&4&lOWNER&r', weight: 100 },
      stats: { kills: 3_121, deaths: 1_878, playtime_ticks: 88_956_000, playtime_hours: 1_235.5 },
    };
    expect(await response.json()).toEqual(expected);
    expect(await apiPlayer('Steve')).toEqual(expected);
  });

  it('accepts an empty patch and changes nothing', async () => {
    const before = await apiPlayer('Notch');
    const response = await control(server, 'players/Notch', 'PUT', {});
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(before);
  });

  it('shows the change on the leaderboard at once', async () => {
    await control(server, 'players/Alex', 'PUT', { kills: 50_000_000 });
    const { body } = await callJson(server, '/api/leaderboard?type=kills&limit=1');
    expect(LeaderboardSchema.parse(body).entries).toEqual([
      { rank: 1, uuid: DEMO_FIXTURE_UUIDS.alex, name: 'Alex', value: 50_000_000 },
    ]);
  });

  it('answers 404 {error} for an unknown player', async () => {
    const response = await control(server, 'players/NobodyHere', 'PUT', { online: true });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "No player found matching 'NobodyHere'" });
  });

  it('refuses bad input with 400 {error} and changes nothing', async () => {
    const before = await apiPlayer('Alex');
    for (const body of [
      'not json',
      [],
      { online: 'yes' },
      { kills: -1 },
      { deaths: 2.5 },
      { playtime_ticks: '100' },
      { balance: -10 },
      { shards: null },
      { rank: { id: 'vip' } },
      { rank: { id: 'vip', display: '&6[VIP]', weight: 20, colour: 'gold' } },
      { name: 'Someone' },
      { uuid: DEMO_FIXTURE_UUIDS.notch },
      { playtime_hours: 3 },
      { stats_may_lag: true },
      { online: true, kills: -5 },
    ]) {
      const response = await control(server, 'players/Alex', 'PUT', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toEqual({ error: expect.any(String) });
    }
    expect(await apiPlayer('Alex')).toEqual(before);
  });
});

describe('DemoServer.setPlayer', () => {
  it('changes the player and returns it as the API then answers it', async () => {
    const changed = server.setPlayer('Notch', { online: false, kills: 2 });
    expect(changed).toMatchObject({
      name: 'Notch',
      online: false,
      stats_may_lag: false,
      stats: { kills: 2 },
    });
    expect(await apiPlayer('Notch')).toEqual(changed);
    expect(server.data.findPlayer('notch')).toEqual(changed);
  });

  it('returns a copy: editing it does not change the player', async () => {
    const changed = server.setPlayer('Notch', { kills: 2 });
    changed.stats.kills = 999;
    expect((await apiPlayer('Notch')).stats.kills).toBe(2);
  });

  it('throws on an unknown player and on an invalid patch, changing nothing', async () => {
    const before = await apiPlayer('Alex');
    expect(() => server.setPlayer('NobodyHere', { online: true })).toThrow(
      "No player found matching 'NobodyHere'",
    );
    expect(() => server.setPlayer('Alex', { kills: -1 })).toThrow(/kills/);
    expect(await apiPlayer('Alex')).toEqual(before);
  });
});

describe('reset restores the seeded players', () => {
  it('through POST /__demo/reset', async () => {
    const before = await apiPlayer('jeb_');
    await control(server, 'players/jeb_', 'PUT', { online: true, balance: 1, kills: 0 });
    expect(await apiPlayer('jeb_')).not.toEqual(before);
    expect((await control(server, 'reset', 'POST')).status).toBe(200);
    expect(await apiPlayer('jeb_')).toEqual(before);
  });

  it('through DemoServer.reset(), also undoing edits made directly on data.players', async () => {
    const steveBefore = await apiPlayer('Steve');
    const alexBefore = await apiPlayer('Alex');
    server.setPlayer('Steve', { online: false });
    const alex = server.data.findPlayer('Alex');
    if (alex === undefined) throw new Error('Alex is a fixture');
    alex.balance = 1;
    server.reset();
    expect(await apiPlayer('Steve')).toEqual(steveBefore);
    expect(await apiPlayer('Alex')).toEqual(alexBefore);
  });
});

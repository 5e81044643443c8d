// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { playerRecord } from '../../demo/player-model';
import { PlayerPatchSchema, patchedPlayer } from '../../demo/player-patch';

const alex = playerRecord({
  uuid: 'c0ffee11-2a3b-4c5d-9e6f-7a8b9c0d1e2f',
  name: 'Alex',
  online: false,
  rank: { id: 'member', display: '&7Member', weight: 0 },
  balance: 250.5,
  shards: 0,
  kills: 42,
  deaths: 0,
  playtime_ticks: 1_296_000,
});

describe('playerRecord', () => {
  it('derives playtime_hours from the ticks and stats_may_lag from online', () => {
    expect(alex.stats.playtime_hours).toBe(18);
    expect(alex.stats_may_lag).toBe(false);
  });
});

describe('patchedPlayer', () => {
  it('applies the given fields, keeps the others and the identity, and re-derives', () => {
    const patched = patchedPlayer(alex, { online: true, playtime_ticks: 36_000, shards: 5 });
    expect(patched).toEqual({
      ...alex,
      online: true,
      stats_may_lag: true,
      shards: 5,
      stats: { ...alex.stats, playtime_ticks: 36_000, playtime_hours: 0.5 },
    });
  });

  it('ignores fields given as undefined and does not change the original', () => {
    const patched = patchedPlayer(alex, PlayerPatchSchema.parse({ online: undefined, kills: 43 }));
    expect(patched.online).toBe(false);
    expect(patched.stats.kills).toBe(43);
    expect(alex.stats.kills).toBe(42);
  });

  it('copies the rank, so editing the patch later does not reach the player', () => {
    const rank = { id: 'vip', display: '&6[VIP]', weight: 20 };
    const patched = patchedPlayer(alex, { rank });
    rank.display = 'changed';
    expect(patched.rank.display).toBe('&6[VIP]');
  });
});

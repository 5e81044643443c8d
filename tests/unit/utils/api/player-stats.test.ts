// The one reader of a player's numbers by name (utils/api/player-stats.ts), shared by compare,
// goals and rank watch.
import { describe, expect, it } from 'vitest';
import { makePlayer } from '@/tests/fixtures/players';
import { isBoardStat, PLAYER_VALUE_STATS, statValue } from '@/utils/api/player-stats';
import { LEADERBOARD_TYPES } from '@/utils/api/vocabulary';

const player = makePlayer({
  balance: 1234.5,
  shards: 77,
  stats: { kills: 300, deaths: 100, playtime_ticks: 72_000 * 12.5, playtime_hours: 12.5 },
});

describe('statValue', () => {
  it('reads each stat from its own field, playtime in hours', () => {
    expect(Object.fromEntries(PLAYER_VALUE_STATS.map((stat) => [stat, statValue(player, stat)]))).toEqual({
      balance: 1234.5,
      shards: 77,
      kills: 300,
      deaths: 100,
      playtime: 12.5,
    });
  });
});

describe('isBoardStat', () => {
  it('is true for exactly the API board names', () => {
    for (const board of LEADERBOARD_TYPES) expect(isBoardStat(board)).toBe(true);
    for (const other of ['deaths', 'playtime', 'kd', '', 'Kills']) expect(isBoardStat(other)).toBe(false);
  });
});

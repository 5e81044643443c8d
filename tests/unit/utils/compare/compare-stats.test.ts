// Two players side by side (utils/compare/compare-stats.ts): every stat, K/D and kills per hour,
// the better side of each (fewer deaths being better), equal values marking neither.
import { describe, expect, it } from 'vitest';
import { makePlayer } from '@/tests/fixtures/players';
import { comparePlayers, compareStat } from '@/utils/compare/compare-stats';

const left = makePlayer({
  name: 'Left',
  balance: 1000,
  shards: 50,
  stats: { kills: 300, deaths: 100, playtime_ticks: 72_000 * 100, playtime_hours: 100 },
});
const right = makePlayer({
  name: 'Right',
  balance: 2000,
  shards: 50,
  stats: { kills: 200, deaths: 40, playtime_ticks: 72_000 * 10, playtime_hours: 10 },
});

describe('comparePlayers', () => {
  it('every stat with its better side', () => {
    expect(comparePlayers(left, right).map((row) => [row.stat, row.left, row.right, row.better])).toEqual([
      ['balance', '1,000', '2,000', 'right'],
      ['shards', '50', '50', 'equal'],
      ['kills', '300', '200', 'left'],
      ['deaths', '100', '40', 'right'],
      ['kd', '3.00', '5.00', 'right'],
      ['killsPerHour', '3', '20', 'right'],
      ['playtime', '100 h (4 days)', '10 h', 'left'],
    ]);
  });

  it('no playtime has no kills per hour, and marks neither side', () => {
    const fresh = makePlayer({ stats: { kills: 5, deaths: 0, playtime_ticks: 0, playtime_hours: 0 } });
    expect(compareStat(fresh, right, 'killsPerHour')).toMatchObject({ left: '–', better: 'equal' });
  });
});

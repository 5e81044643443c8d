// Two players' step lines merged on one chart (utils/compare/compare-history.ts).
import { describe, expect, it } from 'vitest';
import { playerStatChart } from '@/components/chart/player-stat-series';
import { mergeStatCharts } from '@/utils/compare/compare-history';
import { HOUR_MS } from '@/utils/history/history-limits';
import type { PlayerSnapshotRow } from '@/utils/history/history-rows';

const NOW = Date.UTC(2026, 10, 20, 12);
const row = (uuid: string, hoursAgo: number, kills: number): PlayerSnapshotRow => ({
  uuid,
  time: NOW - hoursAgo * HOUR_MS,
  name: uuid,
  rankDisplay: '',
  balance: 0,
  shards: 0,
  kills,
  deaths: 0,
  playtimeHours: 0,
  statsMayLag: false,
});

describe('mergeStatCharts', () => {
  it('holds each value until that player’s next point, with no value before a player’s first', () => {
    const left = playerStatChart([row('a', 30, 10), row('a', 10, 20)], 'kills', '7d', NOW);
    const right = playerStatChart([row('b', 20, 5)], 'kills', '7d', NOW);
    const merged = mergeStatCharts(left, right);
    expect([...merged.data[0]]).toEqual([NOW - 30 * HOUR_MS, NOW - 20 * HOUR_MS, NOW - 10 * HOUR_MS, NOW]);
    expect(merged.data[1]).toEqual([10, 10, 20, 20]);
    expect(merged.data[2]).toEqual([null, 5, 5, 5]);
    expect(merged.summaries.map((summary) => summary?.latest)).toEqual([20, 5]);
  });
});

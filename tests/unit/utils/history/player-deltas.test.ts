import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '@/utils/history/history-limits';
import { deltaSentence, playerDeltas, statDeltaText } from '@/utils/history/player-deltas';
import { snapshot } from './history-fixtures';

const NOW = Date.UTC(2025, 5, 10, 12, 0, 0);

describe('playerDeltas and deltaSentence', () => {
  it('says what changed over the week and the day', () => {
    const rows = [
      snapshot(NOW - 10 * DAY_MS, { kills: 100, balance: 10_000 }),
      snapshot(NOW - 3 * DAY_MS, { kills: 105, balance: 12_000 }),
      snapshot(NOW - 2 * HOUR_MS, { kills: 112, balance: 13_400 }),
    ];
    const deltas = playerDeltas(rows, NOW);
    expect(deltaSentence(deltas, 'week')).toBe('+12 kills, +3.4k balance this week');
    expect(deltaSentence(deltas, 'day')).toBe('+7 kills, +1.4k balance in the last day');
  });

  it('measures kills, deaths and playtime between current stats only (stats_may_lag)', () => {
    const rows = [
      snapshot(NOW - 8 * DAY_MS, { kills: 100, balance: 500 }),
      // Online: the kills may be minutes old; the balance is current.
      snapshot(NOW - HOUR_MS, { kills: 140, balance: 800, statsMayLag: true }),
    ];
    const deltas = playerDeltas(rows, NOW);
    expect(deltas.week.kills).toMatchObject({ kind: 'change', delta: 0 });
    expect(deltaSentence(deltas, 'week')).toBe('+300 balance this week');
  });

  it('says there is no change, or not enough history yet', () => {
    expect(deltaSentence(playerDeltas([snapshot(NOW - 9 * DAY_MS)], NOW), 'week')).toBe(
      'No change this week',
    );
    expect(deltaSentence(playerDeltas([snapshot(NOW - HOUR_MS)], NOW), 'day')).toBe(
      'Not enough history yet for the last day',
    );
    expect(deltaSentence(playerDeltas([], NOW), 'week')).toBe('Not enough history yet for this week');
  });

  it('words each stat, losses with a minus sign', () => {
    expect(statDeltaText('deaths', 1)).toBe('+1 death');
    expect(statDeltaText('shards', -20)).toBe('−20 shards');
    expect(statDeltaText('balance', -1_250_000)).toBe('−1.2M balance');
    expect(statDeltaText('playtimeHours', 2.46)).toBe('+2.5 h played');
  });
});

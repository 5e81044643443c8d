import { describe, expect, it } from 'vitest';
import { DAY_MS } from '@/utils/history/history-limits';
import { playerChange } from '@/utils/history/player-change';
import { snapshot } from './history-fixtures';

const NOW = 100 * DAY_MS;

describe('playerChange', () => {
  it('measures from the last snapshot at or before the window start to the latest one', () => {
    const snapshots = [
      snapshot(NOW - 3 * DAY_MS, { balance: 100 }),
      snapshot(NOW - 2 * DAY_MS, { balance: 150 }),
      snapshot(NOW - 12 * 3_600_000, { balance: 400 }),
      snapshot(NOW - 3_600_000, { balance: 420 }),
    ];
    expect(playerChange(snapshots, 'balance', DAY_MS, NOW)).toEqual({
      kind: 'change',
      delta: 270,
      from: { time: NOW - 2 * DAY_MS, value: 150 },
      to: { time: NOW - 3_600_000, value: 420 },
      partial: false,
    });
  });

  it('is 0 when nothing changed within the window', () => {
    const change = playerChange([snapshot(NOW - 10 * DAY_MS, { shards: 7 })], 'shards', DAY_MS, NOW);
    expect(change).toMatchObject({ kind: 'change', delta: 0, partial: false });
  });

  it('says "since" when history starts inside the window', () => {
    const snapshots = [snapshot(NOW - 3 * DAY_MS, { shards: 1 }), snapshot(NOW - DAY_MS, { shards: 4 })];
    expect(playerChange(snapshots, 'shards', 7 * DAY_MS, NOW)).toMatchObject({
      kind: 'change',
      delta: 3,
      from: { time: NOW - 3 * DAY_MS },
      partial: true,
    });
  });

  it('has not enough data with no snapshots, or one inside the window only', () => {
    expect(playerChange([], 'balance', DAY_MS, NOW)).toEqual({ kind: 'not-enough-data' });
    expect(playerChange([snapshot(NOW - 60_000)], 'balance', DAY_MS, NOW)).toEqual({
      kind: 'not-enough-data',
    });
  });

  it('measures kills, deaths and playtime between confirmed snapshots only', () => {
    const snapshots = [
      snapshot(NOW - 2 * DAY_MS, { kills: 10, deaths: 1, playtimeHours: 5, statsMayLag: false }),
      snapshot(NOW - 10 * 3_600_000, {
        kills: 13,
        deaths: 2,
        playtimeHours: 6,
        balance: 50,
        statsMayLag: true,
      }),
      snapshot(NOW - 5 * 3_600_000, { kills: 15, deaths: 2, playtimeHours: 7, statsMayLag: false }),
      // Online again: these may be minutes old, so they do not count.
      snapshot(NOW - 3_600_000, { kills: 16, deaths: 3, playtimeHours: 7.5, balance: 80, statsMayLag: true }),
    ];
    expect(playerChange(snapshots, 'kills', DAY_MS, NOW)).toMatchObject({ delta: 5, to: { value: 15 } });
    expect(playerChange(snapshots, 'deaths', DAY_MS, NOW)).toMatchObject({ delta: 1 });
    expect(playerChange(snapshots, 'playtimeHours', DAY_MS, NOW)).toMatchObject({ delta: 2 });
    // Balance comes from any snapshot.
    expect(playerChange(snapshots, 'balance', DAY_MS, NOW)).toMatchObject({ delta: -920, to: { value: 80 } });
  });

  it('has not enough data for kills when every snapshot may lag', () => {
    const snapshots = [
      snapshot(NOW - 2 * DAY_MS, { kills: 1, statsMayLag: true }),
      snapshot(NOW - 3_600_000, { kills: 9, statsMayLag: true }),
    ];
    expect(playerChange(snapshots, 'kills', DAY_MS, NOW)).toEqual({ kind: 'not-enough-data' });
    expect(playerChange(snapshots, 'balance', DAY_MS, NOW)).toMatchObject({ kind: 'change', delta: 0 });
  });

  it('ignores snapshots after now', () => {
    const snapshots = [snapshot(NOW - 2 * DAY_MS, { balance: 1 }), snapshot(NOW + 60_000, { balance: 99 })];
    expect(playerChange(snapshots, 'balance', DAY_MS, NOW)).toMatchObject({ delta: 0 });
  });
});

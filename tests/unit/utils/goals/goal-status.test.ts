// Where a goal stands (utils/goals/goal-status.ts): a position's target from the board, the
// points the line is fitted to, and the progress bar's share.
import { describe, expect, it } from 'vitest';
import type { Goal } from '@/utils/goals/goal';
import { GOAL_FIT_WINDOW_MS, goalPoints, goalStatus, positionTarget } from '@/utils/goals/goal-status';
import { DAY_MS } from '@/utils/history/history-limits';
import type { PlayerSnapshotRow } from '@/utils/history/history-rows';

const NOW = 1_790_000_000_000;
const ME = '00000000-0000-4000-8000-000000000001';
const entry = (
  rank: number,
  value: number,
  uuid = `00000000-0000-4000-8000-${String(100 + rank).padStart(12, '0')}`,
) => ({
  rank,
  uuid,
  name: `Player${rank}`,
  value,
});
const row = (daysAgo: number, kills: number, statsMayLag = false): PlayerSnapshotRow => ({
  uuid: ME,
  time: NOW - daysAgo * DAY_MS,
  name: 'Me',
  rankDisplay: '',
  balance: 1000 - daysAgo,
  shards: 0,
  kills,
  deaths: 0,
  playtimeHours: 0,
  statsMayLag,
});
const goal = (kind: Goal['kind'], target: number): Goal => ({
  uuid: ME,
  name: 'Me',
  stat: 'kills',
  kind,
  target,
  start: 100,
  setAt: NOW - 10 * DAY_MS,
  updatedAt: NOW - 10 * DAY_MS,
});

describe('positionTarget', () => {
  const board = [entry(1, 900), entry(2, 500), entry(3, 300)];
  it('is one more than the value at that place now (a tie does not pass it)', () => {
    expect(positionTarget(board, 2, ME)).toEqual({ target: 501, inPlace: false });
  });
  it('a player within the place is in it', () => {
    expect(positionTarget([entry(1, 900), entry(2, 500, ME)], 2, ME)).toEqual({ target: 500, inPlace: true });
  });
  it('a board shorter than the place: its last entry is the mark; no board says nothing', () => {
    expect(positionTarget(board, 10, ME)).toEqual({ target: 301, inPlace: false });
    expect(positionTarget([], 10, ME)).toBeUndefined();
  });
});

describe('goalPoints', () => {
  it('takes the last 30 days, confirmed kills only, and the value now', () => {
    const rows = [row(40, 1), row(20, 2), row(10, 3, true), row(5, 4)];
    expect(goalPoints(rows, 'kills', 9, NOW)).toEqual([
      { time: NOW - 20 * DAY_MS, value: 2 },
      { time: NOW - 5 * DAY_MS, value: 4 },
      { time: NOW, value: 9 },
    ]);
    // Balance is never lagging: the lagging row counts.
    expect(goalPoints(rows, 'balance', 9, NOW)).toHaveLength(4);
    expect(NOW - GOAL_FIT_WINDOW_MS).toBe(NOW - 30 * DAY_MS);
  });
});

describe('goalStatus', () => {
  it('progress runs from the value when set to the target, and the date follows the line', () => {
    const rows = [row(4, 100), row(3, 110), row(2, 120), row(1, 130)];
    const status = goalStatus(goal('value', 240), 240, 140, rows, NOW);
    expect(status.progress).toBeCloseTo(40 / 140);
    expect(status.projection).toMatchObject({ kind: 'projected', perDay: 10 });
    if (status.projection.kind === 'projected')
      expect(status.projection.at).toBeCloseTo(NOW + 10 * DAY_MS, -3);
  });
  it('a goal met is reached and full', () => {
    const status = goalStatus(goal('value', 120), 120, 125, [], NOW);
    expect(status).toMatchObject({ progress: 1, projection: { kind: 'reached' } });
  });
});

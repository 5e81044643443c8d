import { beforeAll, describe, expect, it } from 'vitest';
import { deltaLines, readDeltaLines } from '@/entrypoints/popup/watchlist/watch-deltas';
import { DAY_MS } from '@/utils/history/history-limits';
import { pageHistoryStore } from '@/utils/history/page-history';
import { playerDeltas } from '@/utils/history/player-deltas';
import { freshIndexedDb, player, snapshot, UUID } from '../../utils/history/history-fixtures';

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);

describe('the Watchlist’s delta lines', () => {
  beforeAll(() => {
    // One database for the file: the page keeps one connection (page-history.ts).
    freshIndexedDb();
  });

  it('says the week’s changes, and the last day’s first when they differ', () => {
    const rows = [
      snapshot(NOW - 5 * DAY_MS, { kills: 10, balance: 1000 }),
      snapshot(NOW - 2 * DAY_MS, { kills: 20, balance: 1000 }),
      snapshot(NOW - 3_600_000, { kills: 22, balance: 4400 }),
    ];
    expect(deltaLines(playerDeltas(rows, NOW))).toEqual([
      '+2 kills, +3.4k balance in the last day',
      '+12 kills, +3.4k balance this week',
    ]);
  });

  it('says the week only when the last day holds all of it', () => {
    const rows = [snapshot(NOW - 9 * DAY_MS, { kills: 10 }), snapshot(NOW - 3_600_000, { kills: 13 })];
    expect(deltaLines(playerDeltas(rows, NOW))).toEqual(['+3 kills this week']);
  });

  it('says nothing without a change or without enough history', () => {
    expect(deltaLines(playerDeltas([], NOW))).toEqual([]);
    expect(deltaLines(playerDeltas([snapshot(NOW - DAY_MS)], NOW))).toEqual([]);
    const same = [snapshot(NOW - 3 * DAY_MS), snapshot(NOW - DAY_MS, { rankDisplay: '&bMVP' })];
    expect(deltaLines(playerDeltas(same, NOW))).toEqual([]);
  });

  it('never builds kills on stats that may lag', () => {
    const rows = [
      snapshot(NOW - 3 * DAY_MS, { kills: 10 }),
      snapshot(NOW - 3_600_000, { kills: 50, statsMayLag: true }),
    ];
    expect(deltaLines(playerDeltas(rows, NOW))).toEqual([]);
  });

  it('reads each player’s snapshots from the history store, including the one before the window', async () => {
    const store = pageHistoryStore();
    const written = [
      store.recordPlayer(player({}, { kills: 10 }), NOW - 30 * DAY_MS),
      store.recordPlayer(player({}, { kills: 15 }), NOW - 3_600_000),
    ];
    await store.flush();
    await Promise.all(written);
    const other = '5a1f3c2e-9b7d-4e01-8c3a-0d2f6b9e1a47';
    expect(await readDeltaLines([UUID.toUpperCase(), other], NOW)).toEqual({
      [UUID.toUpperCase()]: ['+5 kills this week'],
      [other]: [],
    });
  });
});

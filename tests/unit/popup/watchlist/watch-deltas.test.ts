import { beforeAll, describe, expect, it, vi } from 'vitest';
import { deltaLines, readDeltaLines } from '@/entrypoints/popup/watchlist/watch-deltas';
import { DAY_MS } from '@/utils/history/history-limits';
import type { PlayerSnapshotRow } from '@/utils/history/history-rows';
import { pageHistoryStore } from '@/utils/history/page-history';
import { playerDeltas } from '@/utils/history/player-deltas';
import { STORES } from '@/utils/history/schema';
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

  describe('on 90 days of history', () => {
    const HOUR = 3_600_000;
    const players = Array.from(
      { length: 12 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );

    /** A small deterministic generator: the same data set every run. */
    function random(seed: number): () => number {
      let state = seed;
      return () => {
        state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
        return state / 2_147_483_648;
      };
    }

    /**
     * 90 days of snapshots per player, 1 to 30 hours apart, some with lagging stats (runs of
     * them crossing the week's start), one player silent for the last month, one only inside
     * the week, one with every snapshot lagging.
     */
    function history(): PlayerSnapshotRow[] {
      const next = random(42);
      return players.flatMap((uuid, index) => {
        const rows: PlayerSnapshotRow[] = [];
        const last = index === 1 ? NOW - 30 * DAY_MS : NOW;
        let time = index === 2 ? NOW - 3 * DAY_MS : NOW - 90 * DAY_MS;
        let kills = 0;
        let balance = 1000;
        while (time <= last) {
          kills += Math.floor(next() * 4);
          balance += Math.round((next() - 0.4) * 500);
          const lagging = index === 3 || next() < (index % 2 === 0 ? 0.2 : 0.6);
          rows.push(snapshot(time, { uuid, kills, balance, playtimeHours: kills / 2, statsMayLag: lagging }));
          time += Math.ceil(next() * 30) * HOUR;
        }
        return rows;
      });
    }

    it('draws the same lines as reading each player’s whole history, through one transaction', async () => {
      const store = pageHistoryStore();
      await store.withDatabase(async (db) => {
        const tx = db.transaction(STORES.playerSnapshots, 'readwrite');
        for (const row of history()) void tx.store.put(row);
        await tx.done;
      });
      const whole: Record<string, string[]> = Object.fromEntries(
        await Promise.all(
          players.map(async (uuid) => [
            uuid,
            deltaLines(playerDeltas(await store.playerSnapshots(uuid, 0, NOW), NOW)),
          ]),
        ),
      );
      expect(Object.values(whole).filter((lines) => lines.length > 0).length).toBeGreaterThan(6);

      const transactions = vi.spyOn(IDBDatabase.prototype, 'transaction');
      const reads = vi.spyOn(IDBObjectStore.prototype, 'getAll');
      try {
        expect(await readDeltaLines(players, NOW)).toEqual(whole);
        // One transaction for every player, and no read of the months before the week.
        expect(transactions).toHaveBeenCalledTimes(1);
        for (const [range] of reads.mock.calls) {
          const lower = (range as IDBKeyRange).lower;
          expect(Array.isArray(lower) ? lower[1] : lower).toBeGreaterThanOrEqual(NOW - 7 * DAY_MS);
        }
      } finally {
        transactions.mockRestore();
        reads.mockRestore();
      }
    });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readCardDataAhead, readStoredCardData } from '@/entrypoints/popup/player/card-data';
import { deferred } from '@/tests/fixtures/players';
import type { PlayerSnapshotRow } from '@/utils/history/history-rows';
import { pageHistoryStore } from '@/utils/history/page-history';
import { EMPTY_RANK_STATE, RANK_WATCH_KEY, readRankState } from '@/utils/rank-watch/rank-state';
import { freshIndexedDb, player, UUID } from '../../utils/history/history-fixtures';

/**
 * An answer held for its data read ahead (issue 35, one frame) is given it in a task after the
 * one the read ended in: that task ran the read's IndexedDB callback and parsed its rows, and the
 * answer's commit should not add itself to it.
 */

afterEach(() => {
  fakeBrowser.reset();
  vi.restoreAllMocks();
});

/** Every microtask queued so far, and the ones they queue, run; no timer. */
async function microtasks(): Promise<void> {
  for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
}

describe('the card’s data read ahead, settled for a held answer', () => {
  it('comes in a task after the one its read ended in', async () => {
    freshIndexedDb();
    const rows = deferred<PlayerSnapshotRow[]>();
    vi.spyOn(pageHistoryStore(), 'playerSnapshots').mockReturnValue(rows.promise);
    const stored = readStoredCardData();
    await stored;
    const ahead = readCardDataAhead({ kind: 'uuid', value: UUID }, stored);
    const answer = player();
    let given: unknown;
    void ahead.settle(answer).then((data) => {
      given = data;
    });
    await microtasks();
    expect(given).toBeUndefined();

    // The read ends (its rows parsed): the answer's data waits for the next task.
    rows.resolve([]);
    await microtasks();
    expect(given).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(given).toMatchObject({ snapshots: [], watched: false });
  });

  it('has rank watch’s record parsed with the stored part, before the answer: the card’s commit does not', async () => {
    const stored = { boards: { kills: { top: [], reads: [{ at: 1, places: { notch: 3 } }] } }, stale: true };
    await fakeBrowser.storage.local.set({ [RANK_WATCH_KEY]: stored });
    const { rank } = await readStoredCardData();
    expect(rank).toEqual(readRankState(stored));
    expect(rank.boards.kills?.reads).toEqual([{ at: 1, places: { notch: 3 } }]);
    expect(rank).not.toHaveProperty('stale');
    await fakeBrowser.storage.local.set({ [RANK_WATCH_KEY]: 'unreadable' });
    expect((await readStoredCardData()).rank).toEqual(EMPTY_RANK_STATE);
  });
});

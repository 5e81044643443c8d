import { describe, expect, it } from 'vitest';
import {
  FULL_SEARCHES,
  FULL_WATCHED,
  fullProfileHistoryPlan,
  fullProfileSyncItems,
  recordTimes,
  SYNC_BYTES_BUDGET,
  SYNC_ITEMS_BUDGET,
  searchId,
  searchText,
  syncBytes,
} from '@/bench/lib/full-profile';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@/utils/history/history-limits';
import { parseSavedSearches } from '@/utils/saved-searches/storage';
import { parseWatched } from '@/utils/watchlist/watched';

const NOW = Date.UTC(2026, 10, 27, 12);
const players = Array.from({ length: FULL_WATCHED }, (_, index) => ({
  uuid: `0000${index.toString(16).padStart(4, '0')}-1111-4222-8333-444455556666`,
  name: `Player_${index}`.slice(0, 16),
}));
const texts = Array.from({ length: FULL_SEARCHES }, (_, index) => searchText(`Item ${index}`, index));

describe('fullProfileSyncItems', () => {
  const items = fullProfileSyncItems(players, texts, NOW);

  it('writes one item per player and per search, read back by the extension as written', () => {
    expect(Object.keys(items)).toHaveLength(FULL_WATCHED + FULL_SEARCHES);
    const watched = parseWatched(items);
    expect(watched.map((player) => player.uuid)).toEqual(players.map((player) => player.uuid));
    const searches = parseSavedSearches(items);
    expect(searches).toHaveLength(FULL_SEARCHES);
    expect(searches.map((search) => search.text)).toEqual(texts);
    expect(searches.every((search) => search.alertBelow !== undefined && search.alertRev !== undefined)).toBe(
      true,
    );
  });

  it('uses the formats addWatched and saveSearch + setSearchAlert write, version included', () => {
    expect(items[`watch:${players[0]?.uuid}`]).toEqual({
      name: 'Player_0',
      addedAt: NOW - 200 * MINUTE_MS,
      v: 1,
    });
    expect(Object.keys(items[`search:${searchId(0)}`] ?? {})).toEqual([
      'text',
      'sort',
      'addedAt',
      'v',
      'alertBelow',
      'alertRev',
    ]);
  });

  it('fits half of the sync quota', () => {
    expect(Object.keys(items).length).toBeLessThanOrEqual(SYNC_ITEMS_BUDGET);
    expect(syncBytes(items)).toBeLessThanOrEqual(SYNC_BYTES_BUDGET);
  });
});

describe('syncBytes', () => {
  it('counts each key and its value as JSON, in UTF-8', () => {
    expect(syncBytes({ a: 'x' })).toBe(1 + 3);
    expect(syncBytes({ k: { t: '€' } })).toBe(1 + '{"t":""}'.length + 3);
    expect(syncBytes({})).toBe(0);
  });
});

describe('searchId and searchText', () => {
  it('gives distinct ids as short as shortId()', () => {
    const ids = Array.from({ length: FULL_SEARCHES }, (_, index) => searchId(index));
    expect(new Set(ids).size).toBe(FULL_SEARCHES);
    expect(ids.every((id) => id.length === 10)).toBe(true);
  });

  it('varies the words after the item name', () => {
    expect(searchText('Diamond', 0)).toBe('Diamond');
    expect(searchText('Diamond', 1)).toBe('Diamond cheap');
  });
});

describe('fullProfileHistoryPlan', () => {
  it("takes each player's and each search's cadence from the scheduler at the default budget", () => {
    const plan = fullProfileHistoryPlan();
    expect(plan.days).toBe(90);
    expect(plan.onlineEveryMs).toBe(MINUTE_MS);
    // 60 requests an hour, three streams in turn: 20 for 200 players, 20 for 50 searches.
    expect(plan.playerEveryMs / HOUR_MS).toBeCloseTo(10, 0);
    expect(plan.searchEveryMs / HOUR_MS).toBeCloseTo(2.5, 0);
  });

  it('checks each player more often with fewer of them', () => {
    expect(fullProfileHistoryPlan(20, FULL_SEARCHES).playerEveryMs).toBeLessThan(
      fullProfileHistoryPlan().playerEveryMs,
    );
  });
});

describe('recordTimes', () => {
  it('spans the days up to now, oldest first, one every interval', () => {
    const times = recordTimes(NOW, 2, HOUR_MS);
    expect(times).toHaveLength(48);
    expect(times[0]).toBe(NOW - 2 * DAY_MS);
    expect(times.at(-1)).toBe(NOW - HOUR_MS);
  });

  it('staggers by the offset, within one interval', () => {
    expect(recordTimes(NOW, 1, HOUR_MS, 90 * MINUTE_MS)[0]).toBe(NOW - DAY_MS + 30 * MINUTE_MS);
    expect(recordTimes(NOW, 1, HOUR_MS, 90 * MINUTE_MS)).toHaveLength(24);
  });
});

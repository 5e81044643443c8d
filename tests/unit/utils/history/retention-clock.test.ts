import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { DAY_MS } from '@/utils/history/history-limits';
import { createHistoryStore, type HistoryStore } from '@/utils/history/history-store';
import { PRUNE_MAX_STEP_MS, retentionNow } from '@/utils/history/retention-clock';
import { freshIndexedDb } from './history-fixtures';

const NOW = Date.UTC(2025, 5, 1);

describe('retentionNow', () => {
  it('moves at most a step past the last prune, and follows a clock turned back', () => {
    expect(retentionNow(NOW, undefined)).toBe(NOW);
    expect(retentionNow(NOW + 365 * DAY_MS, NOW)).toBe(NOW + PRUNE_MAX_STEP_MS);
    expect(retentionNow(NOW + 3_600_000, NOW)).toBe(NOW + 3_600_000);
    expect(retentionNow(NOW - DAY_MS, NOW)).toBe(NOW - DAY_MS);
  });
});

describe('pruning with a clock that jumps forward', () => {
  let store: HistoryStore;

  beforeEach(() => {
    fakeBrowser.reset();
    freshIndexedDb();
    store = createHistoryStore({ dbName: 'retention-clock-test', batchMs: 0, now: () => NOW });
  });

  afterEach(async () => {
    await store.close();
  });

  it('keeps the history when the clock shows next year for one prune', async () => {
    await store.recordOnlineCount(120, NOW - 2 * DAY_MS);
    await store.recordPrices('s1', { lowest: 5, median: 6, count: 3 }, NOW - 2 * DAY_MS);
    await store.prune(NOW);
    // The clock jumps two years ahead: a year of counts, 90 days of prices would all go.
    await store.prune(NOW + 730 * DAY_MS);
    expect(await store.onlineCounts(0, NOW)).toHaveLength(1);
    expect(await store.pricePoints('s1', 0, NOW)).toHaveLength(1);
  });
});

import type { HistoryWriter } from '@/utils/history/history-writer';
import { STORES } from '@/utils/history/schema';
import type { SavedSearchChecksDeps } from './saved-search-checks';

/**
 * The history the saved searches need from the background's writer (utils/history/
 * history-writer.ts: the background carries no reader): record, flush, prune, and forget one
 * search's prices when it is removed.
 */
export function searchHistory(writer: HistoryWriter): NonNullable<SavedSearchChecksDeps['history']> {
  return {
    recordPrices: (searchId, summary, time) => writer.recordPrices(searchId, summary, time),
    flush: () => writer.flush(),
    prune: (at) => writer.prune(at),
    clearSearch: (searchId) =>
      writer.withDatabase(async (db) => {
        const range = IDBKeyRange.bound(
          [searchId, Number.NEGATIVE_INFINITY],
          [searchId, Number.POSITIVE_INFINITY],
        );
        await db.delete(STORES.pricePoints, range);
      }),
  };
}

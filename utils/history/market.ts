import { type MarketFigure, type MarketItem, marketFigure } from './deal';
import { DEAL_WINDOW_MS } from './history-limits';
import { ListingRowSchema } from './history-rows';
import type { HistoryDatabase } from './open-history-db';
import { ITEM_INDEX, STORES } from './schema';

/** The figure of each item (same order), from one readonly transaction over the item index. */
export async function marketFigures(
  db: HistoryDatabase,
  items: readonly MarketItem[],
  now: number,
): Promise<Array<MarketFigure | null>> {
  const index = db.transaction(STORES.listings).store.index(ITEM_INDEX);
  return Promise.all(
    items.map(async ({ material, name }) => {
      const stored = await index.getAll(
        IDBKeyRange.bound([material, name, now - DEAL_WINDOW_MS], [material, name, now]),
      );
      const rows = stored.flatMap((row) => {
        // A row another version wrote, or a bug: left out, not trusted.
        const parsed = ListingRowSchema.safeParse(row);
        return parsed.success ? [parsed.data] : [];
      });
      return marketFigure(rows, now);
    }),
  );
}

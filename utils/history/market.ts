import { type MarketFigure, type MarketItem, marketFigure } from './deal';
import { DEAL_WINDOW_MS } from './history-limits';
import { ListingRowSchema } from './history-rows';
import type { HistoryDatabase } from './open-history-db';
import { ITEM_INDEX, STORES } from './schema';

/** A listing of the answer on screen, which the background may not have written yet. */
export interface SeenListing extends MarketItem {
  id: number;
  perItem: number;
}

/**
 * The figure of each item (same order), from one readonly transaction over the item index,
 * with the answer on screen (`answer`) counted as seen now where its listings are not stored
 * yet: the popup reads while the background writes the same answer, and the figure must not
 * depend on which is first.
 */
export async function marketFigures(
  db: HistoryDatabase,
  items: readonly MarketItem[],
  now: number,
  answer: readonly SeenListing[] = [],
): Promise<Array<MarketFigure | null>> {
  const index = db.transaction(STORES.listings).store.index(ITEM_INDEX);
  return Promise.all(
    items.map(async ({ material, name }) => {
      const found = await index.getAll(
        IDBKeyRange.bound([material, name, now - DEAL_WINDOW_MS], [material, name, now]),
      );
      const rows = found.flatMap((row) => {
        // A row another version wrote, or a bug: left out, not trusted.
        const parsed = ListingRowSchema.safeParse(row);
        return parsed.success ? [parsed.data] : [];
      });
      const known = new Set(rows.map((row) => row.id));
      for (const listing of answer)
        if (listing.material === material && listing.name === name && !known.has(listing.id)) {
          known.add(listing.id);
          rows.push({ ...listing, time: now });
        }
      return marketFigure(rows, now);
    }),
  );
}

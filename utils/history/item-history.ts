import type { PricePointRow } from './history-rows';
import { itemKey } from './price-summary';

/**
 * A saved search's price history one item at a time: which items its points priced (the
 * player picks one; the most listed is the default) and that item's prices at each point.
 */

export interface PricedItem {
  /** itemKey: material and display name. */
  key: string;
  material: string;
  name: string;
  /** Its listings summed over the points: how much of the search it is. */
  listings: number;
}

/** The items `points` priced, the most listed first (ties by name). */
export function pricedItems(points: readonly PricePointRow[]): PricedItem[] {
  const items = new Map<string, PricedItem>();
  for (const point of points) {
    for (const item of point.items ?? []) {
      const key = itemKey(item);
      const known = items.get(key);
      if (known) known.listings += item.listings;
      else items.set(key, { key, material: item.material, name: item.name, listings: item.listings });
    }
  }
  return [...items.values()].sort((a, b) => b.listings - a.listings || a.name.localeCompare(b.name));
}

export interface ItemPricePoint {
  time: number;
  lowest: number | null;
  median: number | null;
}

/**
 * The item's prices at each point that priced items: null prices where the item had no
 * listing then. Points recorded before items were (no `items`) mixed every item: left out.
 */
export function itemPricePoints(points: readonly PricePointRow[], key: string): ItemPricePoint[] {
  const out: ItemPricePoint[] = [];
  for (const point of points) {
    if (!point.items) continue;
    const item = point.items.find((candidate) => itemKey(candidate) === key);
    out.push({ time: point.time, lowest: item?.lowest ?? null, median: item?.median ?? null });
  }
  return out;
}

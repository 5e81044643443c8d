import type { SeriesExtent } from './chart-data';
import type { TimeRange } from './chart-ranges';
import { priceDayStart } from './downsample';
import { PRICE_FULL_RESOLUTION_MS } from './history-limits';
import type { ItemPrices, PricePointRow } from './history-rows';
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

/**
 * The items `points` priced, the most listed first (ties by name). A downsampled point's
 * listings (a mean per check) count once for each check it stands for, as its points did.
 */
export function pricedItems(points: readonly PricePointRow[]): PricedItem[] {
  const items = new Map<string, PricedItem>();
  for (const point of points) {
    const checks = point.samples ?? 1;
    for (const item of point.items ?? []) {
      const key = itemKey(item);
      const listings = item.listings * checks;
      const known = items.get(key);
      if (known) known.listings += listings;
      else items.set(key, { key, material: item.material, name: item.name, listings });
    }
  }
  return [...items.values()].sort((a, b) => b.listings - a.listings || a.name.localeCompare(b.name));
}

export interface ItemPricePoint extends Partial<Pick<ItemPrices, 'lowestMax' | 'medianMin' | 'medianMax'>> {
  time: number;
  lowest: number | null;
  median: number | null;
}

/**
 * What a point of the two lines (lowest, median) stands for, for the chart's "from … to …"
 * (chartData's `extents`): a folded day's extremes, a fetched point's own value.
 */
export const ITEM_PRICE_EXTENTS: ReadonlyArray<(point: ItemPricePoint) => SeriesExtent | null> = [
  (point) => (point.lowest === null ? null : { min: point.lowest, max: point.lowestMax ?? point.lowest }),
  (point) =>
    point.median === null
      ? null
      : { min: point.medianMin ?? point.median, max: point.medianMax ?? point.median },
];

/**
 * The item's prices at each point that priced items: null prices where the item had no
 * listing then. Points recorded before items were (no `items`) mixed every item: left out.
 */
export function itemPricePoints(points: readonly PricePointRow[], key: string): ItemPricePoint[] {
  const out: ItemPricePoint[] = [];
  for (const point of points) {
    if (!point.items) continue;
    const item = point.items.find((candidate) => itemKey(candidate) === key);
    const prices: ItemPricePoint = {
      time: point.time,
      lowest: item?.lowest ?? null,
      median: item?.median ?? null,
    };
    if (item?.lowestMax !== undefined) prices.lowestMax = item.lowestMax;
    if (item?.medianMin !== undefined) prices.medianMin = item.medianMin;
    if (item?.medianMax !== undefined) prices.medianMax = item.medianMax;
    out.push(prices);
  }
  return out;
}

/**
 * The span a price chart reads for `range`: where it reaches back past full resolution (7
 * days), from the start of its first UTC day, since points there are folded one row per day
 * at the day's start (prune-history.ts) and a day is shown whole or not at all.
 */
export function priceChartSpan(range: TimeRange, now: number): TimeRange {
  const foldedBefore = priceDayStart(now - PRICE_FULL_RESOLUTION_MS);
  return range.from < foldedBefore ? { from: priceDayStart(range.from), to: range.to } : range;
}

import type { AuctionListing } from '../api/schemas';
import { MAX_ITEMS_PER_PRICE_POINT } from './history-limits';
import type { ItemPrices } from './history-rows';
import { median } from './median';

export interface PriceSummary {
  /** The lowest price per item; null when no listing has a usable price. */
  lowest: number | null;
  /** The median price per item across listings (each listing counts once). */
  median: number | null;
  /** How many listings there were. */
  count: number;
  /** The same per item (material and display name), most listed first; absent when not known. */
  items?: ItemPrices[];
}

type PricedListing = Pick<AuctionListing, 'price' | 'amount'>;

/** Price per item of a listing; null for a listing with no items or no usable price. */
export function unitPrice(listing: PricedListing): number | null {
  if (!(listing.amount > 0) || !Number.isFinite(listing.price) || listing.price < 0) return null;
  return listing.price / listing.amount;
}

/** Lowest and median price per item (a stack of 64 for 640 is 10 each); listings counted. */
function lowestAndMedian(listings: readonly PricedListing[]): Pick<PriceSummary, 'lowest' | 'median'> {
  const units: number[] = [];
  let lowest: number | null = null;
  for (const listing of listings) {
    const unit = unitPrice(listing);
    if (unit === null) continue;
    units.push(unit);
    if (lowest === null || unit < lowest) lowest = unit;
  }
  return { lowest, median: median(units) };
}

/** One item as a chart tells items apart: its material and its shown name. */
export function itemKey(item: { material: string; name: string }): string {
  return `${item.material}\n${item.name}`;
}

/** The MAX_ITEMS_PER_PRICE_POINT most listed items, the most listed first (ties by name). */
export function mostListed<T extends { name: string; listings: number }>(items: T[]): T[] {
  return items
    .sort((a, b) => b.listings - a.listings || a.name.localeCompare(b.name))
    .slice(0, MAX_ITEMS_PER_PRICE_POINT);
}

/**
 * Lowest and median price per item of each item among the listings, the most listed first
 * (ties by name), at most MAX_ITEMS_PER_PRICE_POINT of them.
 */
export function itemPrices(
  listings: ReadonlyArray<PricedListing & Pick<AuctionListing, 'material' | 'display_name'>>,
): ItemPrices[] {
  const groups = new Map<string, { material: string; name: string; listings: PricedListing[] }>();
  for (const listing of listings) {
    const item = { material: listing.material, name: listing.display_name };
    const key = itemKey(item);
    const group = groups.get(key) ?? { ...item, listings: [] };
    group.listings.push(listing);
    groups.set(key, group);
  }
  return mostListed(
    [...groups.values()].map((group) => ({
      material: group.material,
      name: group.name,
      ...lowestAndMedian(group.listings),
      listings: group.listings.length,
    })),
  );
}

/** Lowest and median price per item of a search's listings, overall and per item. */
export function priceSummary(
  listings: ReadonlyArray<PricedListing & Partial<Pick<AuctionListing, 'material' | 'display_name'>>>,
): PriceSummary {
  const summary: PriceSummary = { ...lowestAndMedian(listings), count: listings.length };
  const named = listings.filter(
    (listing): listing is PricedListing & Pick<AuctionListing, 'material' | 'display_name'> =>
      listing.material !== undefined && listing.display_name !== undefined,
  );
  if (named.length === listings.length && listings.length > 0) summary.items = itemPrices(named);
  return summary;
}

import type { AuctionListing } from '../api/schemas';
import { median } from './median';

export interface PriceSummary {
  /** The lowest price per item; null when no listing has a usable price. */
  lowest: number | null;
  /** The median price per item across listings (each listing counts once). */
  median: number | null;
  /** How many listings there were. */
  count: number;
}

/** Price per item of a listing; null for a listing with no items or no usable price. */
export function unitPrice(listing: Pick<AuctionListing, 'price' | 'amount'>): number | null {
  if (!(listing.amount > 0) || !Number.isFinite(listing.price) || listing.price < 0) return null;
  return listing.price / listing.amount;
}

/** Lowest and median price per item of a search's listings (a stack of 64 for 640 is 10 each). */
export function priceSummary(
  listings: ReadonlyArray<Pick<AuctionListing, 'price' | 'amount'>>,
): PriceSummary {
  const units: number[] = [];
  let lowest: number | null = null;
  for (const listing of listings) {
    const unit = unitPrice(listing);
    if (unit === null) continue;
    units.push(unit);
    if (lowest === null || unit < lowest) lowest = unit;
  }
  return {
    lowest,
    median: median(units),
    count: listings.length,
  };
}

import { DAY_MS, DEAL_BELOW_FRACTION, DEAL_MIN_LISTINGS, DEAL_WINDOW_MS } from './history-limits';
import { median } from './median';

/* Pure, and free of zod and idb: the popup's Auctions tab judges its listings with these. */

/**
 * What a deal is judged by: the median asking price per item of one item (material and display
 * name) over the listings this browser saw in the last DEAL_WINDOW_MS (docs/architecture.md,
 * "Deals"). The API reports no sales, so it is a median of asking prices, not of sales.
 */
export interface MarketFigure {
  median: number;
  /** Listings of the item seen in the window. */
  listings: number;
  /** Whole days from the oldest of them to now, at least 1. */
  days: number;
}

/** One item, as the listings' index names it. */
export interface MarketItem {
  material: string;
  name: string;
}

/** The figure over the rows seen in the window ending at `now`; null (quiet) under DEAL_MIN_LISTINGS. */
export function marketFigure(
  rows: ReadonlyArray<{ perItem: number; time: number }>,
  now: number,
): MarketFigure | null {
  const from = now - DEAL_WINDOW_MS;
  const inWindow = rows.filter((row) => row.time >= from && row.time <= now);
  if (inWindow.length < DEAL_MIN_LISTINGS) return null;
  const mid = median(inWindow.map((row) => row.perItem));
  if (mid === null) return null;
  const oldest = Math.min(...inWindow.map((row) => row.time));
  return { median: mid, listings: inWindow.length, days: Math.max(1, Math.ceil((now - oldest) / DAY_MS)) };
}

/**
 * How far below the figure's median a price per item is, in whole percent, when it is a deal
 * (at least DEAL_BELOW_FRACTION below); null otherwise. Compared by multiplication, not by the
 * rounded fraction: 8 against a median of 10 is exactly 20 % below.
 */
export function dealPercent(perItem: number, figure: MarketFigure | null): number | null {
  if (!figure || !(figure.median > 0) || !(perItem >= 0)) return null;
  if (perItem > figure.median * (1 - DEAL_BELOW_FRACTION)) return null;
  // The epsilon keeps 20.000000000000004 % and 19.999999999999996 % both at 20.
  return Math.floor(((figure.median - perItem) / figure.median) * 100 + 1e-9);
}

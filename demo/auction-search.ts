/**
 * GET /api/auction/search (docs/api-spec.md §4.3) over the listings visible at request time (§3.2).
 *
 * Where docs/api-spec.md is silent, the demo chooses:
 * - `item` is trimmed; empty means no filter. Text matching is a case-insensitive substring
 *   match where `_` and spaces are equivalent, against the material (`DIAMOND_SWORD` and
 *   `diamond sword` both match), the display name with colour codes stripped, or the seller.
 * - `item` "parses as a number" when it is a plain decimal (`1500`, `2.5`, `1e3`); it then
 *   matches listings priced within 10% of it, inclusive: |price - n| <= 0.1 * |n|.
 * - `sort` (exact, lower-case) orders by: recent = created_at_epoch descending, oldest =
 *   created ascending, cheap = price ascending, expensive = price descending; ties always by id
 *   ascending. Absent or empty `sort` is `recent`; any other value is 400 `{error}`.
 * - `limit`: see limit.ts (non-numeric, zero or negative → 400 `{error}`; above 200 capped).
 */
import { AUCTION_SORTS } from '../utils/api/schemas';
import { stripColourCodes } from '../utils/colour-codes';
import { AUCTION_LIMIT_DEFAULT, AUCTION_LIMIT_MAX } from '../utils/limits';
import { NUMERIC_QUERY_PATTERN } from '../utils/patterns';
import { type AuctionListingJson, type DemoAuction, isListingVisible, listingJson } from './auctions';
import { parseLimit } from './limit';

export type AuctionSortOrder = (typeof AUCTION_SORTS)[number];

export interface AuctionSearchJson {
  count: number;
  total_matching: number;
  results: AuctionListingJson[];
}
export type AuctionSearchResult = { ok: true; body: AuctionSearchJson } | { ok: false; error: string };

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[_\s]+/g, ' ')
    .trim();
}

function isSortOrder(value: string): value is AuctionSortOrder {
  return (AUCTION_SORTS as readonly string[]).includes(value);
}

function matcher(item: string): (listing: DemoAuction) => boolean {
  if (item === '') return () => true;
  if (NUMERIC_QUERY_PATTERN.test(item)) {
    const target = Number(item);
    const tolerance = Math.abs(target) * 0.1;
    return (listing) => Math.abs(listing.price - target) <= tolerance;
  }
  const needle = normalise(item);
  return (listing) =>
    normalise(listing.material).includes(needle) ||
    normalise(stripColourCodes(listing.display_name)).includes(needle) ||
    normalise(listing.seller).includes(needle);
}

const COMPARE: Record<AuctionSortOrder, (a: DemoAuction, b: DemoAuction) => number> = {
  recent: (a, b) => b.created_at_epoch - a.created_at_epoch || a.id - b.id,
  oldest: (a, b) => a.created_at_epoch - b.created_at_epoch || a.id - b.id,
  cheap: (a, b) => a.price - b.price || a.id - b.id,
  expensive: (a, b) => b.price - a.price || a.id - b.id,
};

export function searchAuctions(
  auctions: readonly DemoAuction[],
  query: URLSearchParams,
  nowMs: number,
): AuctionSearchResult {
  const sort = query.get('sort')?.trim() || 'recent';
  if (!isSortOrder(sort)) return { ok: false, error: `sort must be one of: ${AUCTION_SORTS.join(', ')}` };
  const limit = parseLimit(query.get('limit'), AUCTION_LIMIT_DEFAULT, AUCTION_LIMIT_MAX);
  if (!limit.ok) return limit;
  const matches = matcher(query.get('item')?.trim() ?? '');
  const found = auctions.filter((listing) => isListingVisible(listing, nowMs) && matches(listing));
  found.sort(COMPARE[sort]);
  const results = found.slice(0, limit.value).map((listing) => listingJson(listing, nowMs));
  return { ok: true, body: { count: results.length, total_matching: found.length, results } };
}

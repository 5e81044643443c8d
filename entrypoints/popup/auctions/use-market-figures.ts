import { useEffect, useState } from 'preact/hooks';
import type { AuctionListing, AuctionSearch } from '@/utils/api/schemas';
import type { MarketFigure } from '@/utils/history/deal';

/** The key one item's figure is kept under: material and display name, as the listings' index. */
export const itemKey = (listing: Pick<AuctionListing, 'material' | 'display_name'>): string =>
  JSON.stringify([listing.material, listing.display_name]);

export type MarketFigures =
  | { status: 'loading' }
  | { status: 'done'; figures: ReadonlyMap<string, MarketFigure | null> }
  | { status: 'failed' };

/**
 * The 7-day asking-price median of each item in `data`, from the listings this browser recorded
 * and the answer itself (read-market.ts, loaded on demand): no request goes to the API.
 */
export function useMarketFigures(data: AuctionSearch | null): MarketFigures {
  const [state, setState] = useState<MarketFigures>({ status: 'loading' });
  useEffect(() => {
    if (data === null) return;
    let current = true;
    const seen = new Map<string, { material: string; name: string }>();
    for (const listing of data.results)
      seen.set(itemKey(listing), { material: listing.material, name: listing.display_name });
    const keys = [...seen.keys()];
    setState({ status: 'loading' });
    const answer = data.results
      .filter((listing) => listing.amount > 0)
      .map((listing) => ({
        id: listing.id,
        material: listing.material,
        name: listing.display_name,
        perItem: listing.price / listing.amount,
      }));
    import('./read-market')
      .then(({ readMarket }) => readMarket([...seen.values()], answer, Date.now()))
      .then((figures) => {
        if (current)
          setState({ status: 'done', figures: new Map(keys.map((key, i) => [key, figures[i] ?? null])) });
      })
      .catch(() => {
        if (current) setState({ status: 'failed' });
      });
    return () => {
      current = false;
    };
  }, [data]);
  return state;
}

import type { MarketFigure, MarketItem } from '@/utils/history/deal';
import { marketFigures, type SeenListing } from '@/utils/history/market';
import { popupHistory } from './saved/popup-history';

/**
 * The deals' figures, read by the popup from the history database (loaded on demand: idb and
 * the row schemas stay out of the popup's eager JavaScript and out of the background).
 */
export function readMarket(
  items: readonly MarketItem[],
  answer: readonly SeenListing[],
  now: number,
): Promise<Array<MarketFigure | null>> {
  return popupHistory().withDatabase((db) => marketFigures(db, items, now, answer));
}

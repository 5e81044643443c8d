import type { JSX } from 'preact';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { lazyView } from '@/components/lazy-view';
import type { MarketItem } from '@/utils/history/deal';
import { historyButtonId } from './ItemHistoryButton';

// Loaded when a listing's item history is first opened: the chart's code stays out of the popup's eager JS.
const ItemPriceHistory = lazyView(() =>
  import('./ItemPriceHistory').then((module) => module.ItemPriceHistory),
);

interface Opened {
  item: MarketItem;
  listingId: number;
}

export interface ItemHistory {
  /** Opens the item's history in place of the results (the tab keeps them). */
  open: (item: MarketItem, listingId: number) => void;
  /** The open history, or null: the tab shows its results. */
  view: JSX.Element | null;
}

/**
 * A listing's item history, shown in place of the Auctions results: the tab stays mounted, so
 * its query, answer and Deals only are as they were on Back, and the focus returns to the
 * button that opened it.
 */
export function useItemHistory(): ItemHistory {
  const [opened, setOpened] = useState<Opened | null>(null);
  const returnTo = useRef<number | null>(null);
  const open = useCallback((item: MarketItem, listingId: number) => setOpened({ item, listingId }), []);
  const close = useCallback(() => {
    setOpened((current) => {
      returnTo.current = current?.listingId ?? null;
      return null;
    });
  }, []);
  useEffect(() => {
    if (opened !== null || returnTo.current === null) return;
    document.getElementById(historyButtonId(returnTo.current))?.focus();
    returnTo.current = null;
  }, [opened]);
  return { open, view: opened && <ItemPriceHistory item={opened.item} onClose={close} /> };
}

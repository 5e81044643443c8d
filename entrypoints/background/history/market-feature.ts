import type { HistoryWriter } from '@/utils/history/history-writer';
import { marketFigures } from '@/utils/history/market';
import type { MessageHandlers } from '@/utils/messages';
import type { HistoryRecorder } from './history-recorder';

export interface MarketDeps {
  /** Absent without IndexedDB (a Node simulation of the background): every figure is null. */
  store: Pick<HistoryWriter, 'withDatabase'> | undefined;
  recorder: Pick<HistoryRecorder, 'settled'> | undefined;
  now: () => number;
}

/** The deals' medians, read from the listings recorded; nothing is requested. */
export function marketHandlers({
  store,
  recorder,
  now,
}: MarketDeps): Pick<MessageHandlers, 'market-figures'> {
  return {
    async 'market-figures'({ items }) {
      if (!store) return items.map(() => null);
      // The answer the popup just received is recorded first: it is part of what was seen.
      await recorder?.settled();
      return store.withDatabase((db) => marketFigures(db, items, now()));
    },
  };
}

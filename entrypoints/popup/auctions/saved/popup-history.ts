import { createHistoryStore, type HistoryStore } from '@/utils/history/history-store';

/** The popup's one connection to the history database (opened on first use, read only here). */
let store: HistoryStore | undefined;

export function popupHistory(): HistoryStore {
  store ??= createHistoryStore();
  return store;
}

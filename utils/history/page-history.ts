import { createHistoryStore, type HistoryStore } from './history-store';

/**
 * The history store as an extension page (popup, side panel, options) opens it: the same
 * IndexedDB database the background writes, read directly (same origin; docs/architecture.md,
 * "History"). One connection per page, opened on first use.
 */
let store: HistoryStore | undefined;

export function pageHistoryStore(): HistoryStore {
  store ??= createHistoryStore();
  return store;
}

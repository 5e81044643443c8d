import type { Page } from '@playwright/test';

/**
 * The history database seen from an extension page (its origin owns it): an hour of checks
 * cannot pass in a test, so tests add earlier records beside those the extension wrote.
 * Store names and record shapes are those of utils/history/schema.ts and history-rows.ts.
 */

const HISTORY_DB = 'network-companion-history';

/** Every record of one store, in key order. */
export function historyRecords<T = Record<string, unknown>>(page: Page, store: string): Promise<T[]> {
  return page.evaluate(
    async ({ name, store }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const records = await new Promise<unknown[]>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      db.close();
      return records as T[];
    },
    { name: HISTORY_DB, store },
  );
}

/** Puts `records` into one store, in one transaction. */
export function putHistoryRecords(page: Page, store: string, records: readonly unknown[]): Promise<void> {
  return page.evaluate(
    async ({ name, store, records }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const tx = db.transaction(store, 'readwrite');
      for (const record of records) tx.objectStore(store).put(record);
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { name: HISTORY_DB, store, records: [...records] },
  );
}

export { HOUR_MS } from '../../utils/limits';

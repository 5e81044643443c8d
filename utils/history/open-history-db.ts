import { type IDBPDatabase, openDB } from 'idb';
import { HISTORY_DB_VERSION, type MigrationDb, type MigrationTx, runMigrations } from './migrations';
import { HISTORY_DB_NAME, type HistoryDB } from './schema';

export type HistoryDatabase = IDBPDatabase<HistoryDB>;

export interface OpenHistoryDbOptions {
  name?: string;
  /**
   * The connection is gone: another page of the extension needs a newer version (this one
   * closes so that upgrade can run), or the browser closed it. Open again when next needed.
   */
  onGone?: () => void;
}

/** Opens the history database, migrating it to the current version first. */
export async function openHistoryDb({
  name = HISTORY_DB_NAME,
  onGone,
}: OpenHistoryDbOptions = {}): Promise<HistoryDatabase> {
  let migrationError: unknown;
  try {
    const db = await openDB<unknown>(name, HISTORY_DB_VERSION, {
      upgrade(database: MigrationDb, oldVersion, newVersion, tx: MigrationTx) {
        runMigrations(database, oldVersion, newVersion ?? HISTORY_DB_VERSION, tx).catch((error: unknown) => {
          migrationError = error;
        });
      },
      blocking(_current, _blocked, event) {
        (event.target as IDBDatabase).close();
        onGone?.();
      },
      terminated() {
        onGone?.();
      },
    });
    // The migrations above built exactly the HistoryDB schema.
    return db as unknown as HistoryDatabase;
  } catch (error) {
    // The upgrade aborted: say why, not just "AbortError".
    throw migrationError ?? error;
  }
}

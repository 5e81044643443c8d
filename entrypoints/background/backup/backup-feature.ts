import { browser } from 'wxt/browser';
import {
  type BackupDeps,
  exportBackup,
  type HistoryRows,
  importBackup,
  importBackupTakenAt,
  restoreImportBackup,
} from '@/utils/backup/backup-apply';
import { countBackup, readBackup } from '@/utils/backup/backup-file';
import { openHistoryDb } from '@/utils/history/open-history-db';
import type { StoreName } from '@/utils/history/schema';
import { t } from '@/utils/i18n/translate';
import { MAX_WATCHED_PLAYERS } from '@/utils/limits';
import type { MessageHandlers } from '@/utils/messages';

/**
 * Export, import and the copy kept before an import (utils/backup/), answered in the background:
 * the API key is read nowhere else, and one writer keeps an import whole. docs/architecture.md,
 * "Export, import and backup".
 */

type BackupMessage =
  | 'export-backup'
  | 'preview-backup'
  | 'import-backup'
  | 'import-backup-status'
  | 'restore-import-backup';

/** The history database's rows, read whole and added row by row (keys are in the rows). */
const historyRows: HistoryRows = {
  async read(store) {
    const db = await openHistoryDb();
    try {
      return await db.getAll(store as StoreName);
    } finally {
      db.close();
    }
  },
  async write(store, rows) {
    const db = await openHistoryDb();
    try {
      const tx = db.transaction(store as StoreName, 'readwrite');
      for (const row of rows) void tx.store.put(row as never);
      await tx.done;
    } finally {
      db.close();
    }
  },
};

const fileName = (at: number) => `network-companion-${new Date(at).toISOString().slice(0, 10)}.json`;

export function backupHandlers(now: () => number): Pick<MessageHandlers, BackupMessage> {
  const deps = (): BackupDeps => ({
    sync: browser.storage.sync,
    local: browser.storage.local,
    history: historyRows,
    now,
    extensionVersion: browser.runtime.getManifest().version,
  });
  return {
    'export-backup': async ({ optional, secret }) => {
      try {
        const file = await exportBackup({ optional, secret }, deps());
        return { ok: true, text: JSON.stringify(file, null, 1), fileName: fileName(file.exportedAt) };
      } catch {
        return { ok: false, message: t('options.backup.exportFailed') };
      }
    },
    'preview-backup': async ({ text }) => {
      const read = readBackup(text);
      return read.ok ? { ok: true, counts: countBackup(read.file.values) } : read;
    },
    'import-backup': async ({ text, mode }) => {
      const read = readBackup(text);
      if (!read.ok) return read;
      try {
        const result = await importBackup(read.file, mode, deps());
        return result.ok
          ? { ok: true }
          : { ok: false, message: t('options.backup.refused.mergedTooMany', { max: MAX_WATCHED_PLAYERS }) };
      } catch {
        return { ok: false, message: t('options.backup.importFailed') };
      }
    },
    'import-backup-status': async () => ({ takenAt: (await importBackupTakenAt(deps())) ?? null }),
    'restore-import-backup': async () => {
      try {
        if (await restoreImportBackup(deps())) return { ok: true };
      } catch {
        // Said below, as a failed import is.
      }
      return { ok: false, message: t('options.backup.importFailed') };
    },
  };
}

import { browser } from 'wxt/browser';
import {
  type BackupDeps,
  exportBackup,
  type HistoryRows,
  type ImportMode,
  importBackup,
  importBackupTakenAt,
  restoreImportBackup,
} from '@/utils/backup/backup-apply';
import { type BackupCounts, countBackup, readBackup } from '@/utils/backup/backup-file';
import { openHistoryDb } from '@/utils/history/open-history-db';
import type { StoreName } from '@/utils/history/schema';
import { t } from '@/utils/i18n/translate';
import { MAX_WATCHED_PLAYERS } from '@/utils/limits';

/**
 * Export, import and the copy kept before an import (utils/backup/), run by the options page
 * itself: the code (the registry, every value's schema) stays in the options chunk loaded on
 * demand instead of the background, which cannot load code on demand (its size gate). The page
 * reads the API key only when the user ticks it for an export, or imports a file that carries
 * one. docs/architecture.md, "Export, import and backup".
 */

export type { BackupCounts };
export type Refused = { ok: false; message: string };

/** The history database's rows, read whole and added row by row (the keys are in the rows). */
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

const deps = (): BackupDeps => ({
  sync: browser.storage.sync,
  local: browser.storage.local,
  history: historyRows,
  now: Date.now,
  extensionVersion: browser.runtime.getManifest().version,
});

const fileName = (at: number) => `network-companion-${new Date(at).toISOString().slice(0, 10)}.json`;

export async function exportFile(choices: {
  optional: boolean;
  secret: boolean;
}): Promise<{ ok: true; text: string; fileName: string } | Refused> {
  try {
    const file = await exportBackup(choices, deps());
    return { ok: true, text: JSON.stringify(file, null, 1), fileName: fileName(file.exportedAt) };
  } catch {
    return { ok: false, message: t('options.backup.exportFailed') };
  }
}

export function previewFile(text: string): { ok: true; counts: BackupCounts } | Refused {
  const read = readBackup(text);
  return read.ok ? { ok: true, counts: countBackup(read.file.values) } : read;
}

export async function importFile(text: string, mode: ImportMode): Promise<{ ok: true } | Refused> {
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
}

export async function copyTakenAt(): Promise<number | null> {
  return (await importBackupTakenAt(deps())) ?? null;
}

export async function restoreCopy(): Promise<{ ok: true } | Refused> {
  try {
    if (await restoreImportBackup(deps())) return { ok: true };
  } catch {
    // Said below, as a failed import is.
  }
  return { ok: false, message: t('options.backup.importFailed') };
}

// The options page's export and import against the real history database (fake-indexeddb) and
// WXT's fake storage: the history travels when ticked, and an import adds its rows.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { exportFile, importFile, previewFile } from '@/entrypoints/options/backup/backup-actions';
import { openHistoryDb } from '@/utils/history/open-history-db';
import { STORES } from '@/utils/history/schema';

const T = Date.UTC(2026, 10, 28, 12);
const ROW = { start: T, rows: [{ time: T, count: 42 }] };

async function onlineRows() {
  const db = await openHistoryDb();
  try {
    return await db.getAll(STORES.onlineCounts);
  } finally {
    db.close();
  }
}

describe('backup actions', () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    vi.spyOn(fakeBrowser.runtime, 'getManifest').mockReturnValue({ version: '0.2.0' } as never);
    indexedDB.deleteDatabase('network-companion-history');
  });
  afterEach(() => vi.restoreAllMocks());

  it('exports the history only when ticked, and an import adds its rows', async () => {
    const db = await openHistoryDb();
    await db.put(STORES.onlineCounts, ROW as never);
    db.close();
    await fakeBrowser.storage.sync.set({
      'watch:00000000-0000-4000-8000-000000000001': { name: 'Notch', addedAt: T, v: 1 },
    });

    const plain = await exportFile({ optional: false, secret: false });
    if (!plain.ok) throw new Error(plain.message);
    expect(JSON.parse(plain.text).values.onlineHistory).toBeUndefined();
    const full = await exportFile({ optional: true, secret: false });
    if (!full.ok) throw new Error(full.message);
    expect(full.fileName).toMatch(/^network-companion-\d{4}-\d\d-\d\d\.json$/);
    expect(JSON.parse(full.text).values.onlineHistory).toEqual({ rows: [ROW] });
    expect(previewFile(full.text)).toEqual({
      ok: true,
      counts: { watched: 1, searches: 0, notes: 0, settings: false, apiKey: false, historyRows: 1 },
    });

    indexedDB.deleteDatabase('network-companion-history');
    await fakeBrowser.storage.sync.clear();
    expect(await importFile(full.text, 'merge')).toEqual({ ok: true });
    expect(await onlineRows()).toEqual([ROW]);
    expect(Object.keys(await fakeBrowser.storage.sync.get(null))).toEqual([
      'watch:00000000-0000-4000-8000-000000000001',
    ]);
  });

  it('a refused file changes nothing', async () => {
    expect(await importFile('{"format":"other"}', 'replace')).toEqual({
      ok: false,
      message: 'This file is not a backup of this extension. Nothing was changed.',
    });
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
  });
});

import { openDB } from 'idb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { HISTORY_DB_VERSION } from '@/utils/history/migrations';
import { openHistoryDb } from '@/utils/history/open-history-db';
import { HISTORY_DB_NAME } from '@/utils/history/schema';
import { freshIndexedDb } from './history-fixtures';

describe('openHistoryDb', () => {
  beforeEach(freshIndexedDb);

  it('opens the shared database by its one name, at the current version', async () => {
    const db = await openHistoryDb();
    expect(db.name).toBe(HISTORY_DB_NAME);
    expect(db.version).toBe(HISTORY_DB_VERSION);
    db.close();
  });

  it('steps aside for a newer version opened elsewhere, and says it is gone', async () => {
    const onGone = vi.fn();
    await openHistoryDb({ name: 'x', onGone });
    const blocked = vi.fn();
    const newer = await openDB('x', HISTORY_DB_VERSION + 1, { blocked });
    expect(blocked).not.toHaveBeenCalled();
    expect(onGone).toHaveBeenCalledOnce();
    newer.close();
  });
});

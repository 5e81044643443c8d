import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { hoverProgressHandlers } from '@/entrypoints/background/progress/hover-progress-feature';
import { MINUTE_MS } from '@/utils/history/history-limits';
import { openHistoryDb } from '@/utils/history/open-history-db';
import { STORES } from '@/utils/history/schema';
import { saveStatuses } from '@/utils/watchlist/status';
import { freshIndexedDb, snapshot, UUID } from '../../utils/history/history-fixtures';

// The background's answer to `hover-progress`: the status the observer keeps and the player's
// recorded snapshots, counted as the popup counts them; nothing for a player without a status.

const NOW = Date.UTC(2026, 5, 10, 14);
const at = (minutes: number) => NOW + minutes * MINUTE_MS;
const ask = (uuid = UUID.toUpperCase()) =>
  hoverProgressHandlers(() => NOW)['hover-progress']({ type: 'hover-progress', uuid }, {});

async function record(rows: ReturnType<typeof snapshot>[]) {
  const db = await openHistoryDb();
  for (const row of rows) await db.put(STORES.playerSnapshots, row);
  db.close();
}

const status = { name: 'Notch', rankDisplay: '&6VIP', checkedAt: at(-1) };

describe('hover-progress', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    freshIndexedDb();
  });

  it('a session seen starting: its gains from the snapshot before the start, and its length', async () => {
    await saveStatuses({ [UUID]: { ...status, online: true, onlineSince: at(-80) } });
    await record([
      // Older rows before the start are not needed: the last one at or before it is.
      snapshot(at(-300), { kills: 1 }),
      snapshot(at(-100), { kills: 10 }),
      snapshot(at(-40), { kills: 14, statsMayLag: true }),
      snapshot(at(-5), { kills: 22, statsMayLag: true }),
    ]);
    expect(await ask()).toEqual({
      progress: {
        period: 'session',
        changes: [{ stat: 'kills', delta: 12 }],
        sessionMs: 80 * MINUTE_MS,
        mayLag: true,
      },
    });
  });

  it('a player without a status (not watched), or nothing to compare: no line', async () => {
    await record([snapshot(at(-100)), snapshot(at(-5), { kills: 30 })]);
    expect(await ask()).toEqual({});
    await saveStatuses({ [UUID]: { ...status, online: false } });
    freshIndexedDb();
    expect(await ask()).toEqual({});
  });
});

describe('hover-progress while a snapshot is being written', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    freshIndexedDb();
  });

  it('answers once the history has settled, so a card asking at the check sees its snapshot', async () => {
    await saveStatuses({ [UUID]: { ...status, online: false } });
    await record([snapshot(at(-100), { kills: 10 })]);
    // The check's snapshot is still on its way to the store when the card asks: it lands as the
    // recorder's work settles.
    const history = { settled: () => record([snapshot(at(-1), { kills: 13 })]) };
    const reply = hoverProgressHandlers(() => NOW, history)['hover-progress'](
      { type: 'hover-progress', uuid: UUID },
      {},
    );
    expect(await reply).toEqual({
      progress: { period: 'today', changes: [{ stat: 'kills', delta: 3 }], mayLag: false },
    });
  });
});

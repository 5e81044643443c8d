import { PlayerSnapshotRowSchema } from '@/utils/history/history-rows';
import { parseRows, snapshotsBefore } from '@/utils/history/history-store';
import { openHistoryDb } from '@/utils/history/open-history-db';
import { normalizeUuid } from '@/utils/history/player-snapshot';
import { STORES } from '@/utils/history/schema';
import type { MessageHandlers } from '@/utils/messages';
import { hoverProgress, hoverProgressSince } from '@/utils/progress/hover-progress';
import { getSettings } from '@/utils/settings';
import { getStatuses } from '@/utils/watchlist/status';

/**
 * `hover-progress`: the hover card's one line, counted here from the status the observer keeps
 * and the recorded snapshots, so the card's script only words ready numbers. Only watched players
 * have a status; the others, or a browser without IndexedDB, get no line. One player's rows are
 * read with a connection of its own (the pages' whole reader, history-store.ts, would not fit the
 * background's size gate): the last snapshot at or before the start, as the store's
 * `snapshotsSince` reads it, and every one after.
 */
async function snapshotsOf(uuid: string, since: number, to: number) {
  const db = await openHistoryDb();
  try {
    const tx = db.transaction(STORES.playerSnapshots, 'readonly');
    const [before, inside] = await Promise.all([
      snapshotsBefore(tx.store, uuid, since),
      since < to ? tx.store.getAll(IDBKeyRange.bound([uuid, since], [uuid, to], true)) : [],
    ]);
    await tx.done;
    return [...before, ...parseRows(inside, PlayerSnapshotRowSchema)];
  } finally {
    db.close();
  }
}

/**
 * `history` settled first: a card open while its player is checked asks again at the statuses'
 * write (entrypoints/hover-card/player-checked.ts), which the answer's snapshot may not have beaten.
 */
export function hoverProgressHandlers(
  now: () => number,
  history?: { settled(): Promise<void> },
): Pick<MessageHandlers, 'hover-progress'> {
  return {
    'hover-progress': async ({ uuid }) => {
      await history?.settled();
      const key = normalizeUuid(uuid);
      const status = (await getStatuses())[key];
      if (status === undefined || typeof indexedDB === 'undefined') return {};
      const [{ progressResetHour }, at] = [await getSettings(), now()];
      const since = hoverProgressSince(status, progressResetHour, at);
      const snapshots = await snapshotsOf(key, since, at);
      const progress = hoverProgress({ status, snapshots, resetHour: progressResetHour, now: at });
      return progress ? { progress } : {};
    },
  };
}

import { createHistoryStore, type HistoryStore } from '@/utils/history/history-store';
import { normalizeUuid } from '@/utils/history/player-snapshot';
import type { MessageHandlers } from '@/utils/messages';
import { hoverProgress, hoverProgressSince } from '@/utils/progress/hover-progress';
import { getSettings } from '@/utils/settings';
import { getStatuses } from '@/utils/watchlist/status';

/**
 * `hover-progress`: the hover card's one line, counted here from the status the observer keeps
 * and the recorded snapshots, so the card's script only words ready numbers. Only watched players
 * have a status; the others, or a browser without IndexedDB, get no line.
 */
let store: HistoryStore | undefined;

export function hoverProgressHandlers(now: () => number): Pick<MessageHandlers, 'hover-progress'> {
  return {
    'hover-progress': async ({ uuid }) => {
      const key = normalizeUuid(uuid);
      const status = (await getStatuses())[key];
      if (status === undefined || typeof indexedDB === 'undefined') return {};
      const [{ progressResetHour }, at] = [await getSettings(), now()];
      store ??= createHistoryStore();
      const since = hoverProgressSince(status, progressResetHour, at);
      const snapshots = (await store.snapshotsSince([key], since, at)).get(key) ?? [];
      const progress = hoverProgress({ status, snapshots, resetHour: progressResetHour, now: at });
      return progress ? { progress } : {};
    },
  };
}

import { z } from 'zod/mini';
import { createExclusive } from '@/utils/exclusive';
import { t } from '@/utils/i18n/translate';
import { readParsed } from '@/utils/storage/read-parsed';
import { onlineSentence } from '@/utils/watchlist/watch-text';
import type { SessionStore } from '../gateway/session-store';
import type { NotificationDisplay, NotificationKind } from '../notifications/notifications';

/**
 * "Watched players came online" on the desktop: one notification at a time. Players who come
 * online while it is still shown are folded into it ("Notch, jeb_ and 3 others are online"), so
 * a burst (the end of an outage, a restart, many friends logging in) is one notification,
 * updated only when someone new came online; a player gone offline meanwhile leaves it. Clicking
 * it opens the player view of the newest of them; closing it starts afresh.
 */

export const ONLINE_NOTIFICATION = 'watched-online';
/** storage.session: the players the shown notification names, newest first. */
export const SHOWN_KEY = 'watch:notified';

const ShownSchema = z.array(z.object({ uuid: z.string(), name: z.string() }));
type Shown = z.infer<typeof ShownSchema>;

export interface OnlinePlayer {
  uuid: string;
  name: string;
}

export interface OnlineNotification extends NotificationKind {
  cameOnline(players: readonly OnlinePlayer[]): Promise<void>;
  /** Seen offline: no longer named the next time the notification is updated. */
  wentOffline(uuid: string): Promise<void>;
}

export function createOnlineNotification(deps: {
  store: SessionStore;
  notifications: Pick<NotificationDisplay, 'show'>;
  openPlayerView: (name: string) => Promise<unknown>;
}): OnlineNotification {
  const { store } = deps;
  /** One change at a time: two bursts must not lose one another's names. */
  const exclusive = createExclusive();

  const shown = (): Promise<Shown> => readParsed(store, SHOWN_KEY, ShownSchema, []);

  return {
    cameOnline: (players) =>
      exclusive(async () => {
        const before = await shown();
        const fresh = players.filter((player) => !before.some((entry) => entry.uuid === player.uuid));
        // Nothing new: the notification on screen already says it.
        if (fresh.length === 0) return;
        const all = [...[...fresh].reverse(), ...before];
        const message = t('background.notifications.watchedMessage', {
          players: onlineSentence(all.map((player) => player.name)),
        });
        const title = t('background.notifications.watchedTitle');
        if (await deps.notifications.show(ONLINE_NOTIFICATION, { title, message })) {
          await store.set({ [SHOWN_KEY]: all });
        }
      }),
    wentOffline: (uuid) =>
      exclusive(async () => {
        const before = await shown();
        if (!before.some((entry) => entry.uuid === uuid)) return;
        await store.set({ [SHOWN_KEY]: before.filter((entry) => entry.uuid !== uuid) });
      }),
    clicked: () =>
      exclusive(async () => {
        const [first] = await shown();
        await store.set({ [SHOWN_KEY]: [] });
        if (first !== undefined) await deps.openPlayerView(first.name);
      }),
    closed: () =>
      exclusive(async () => {
        await store.set({ [SHOWN_KEY]: [] });
      }),
  };
}

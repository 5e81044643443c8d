import { z } from 'zod/mini';
import { t } from '../../../utils/i18n/translate';
import { onlineSentence } from '../../../utils/watchlist/watch-text';
import type { SessionStore } from '../gateway/session-store';

/**
 * "A watched player came online" on the desktop: one notification at a time. Players who come
 * online while it is still shown are folded into it ("Notch, jeb_ and 3 others are online"), so
 * a burst (the end of an outage, many friends logging in) is one notification, updated.
 * Clicking it opens the player view of the first of them; closing it starts afresh.
 */

export const NOTIFICATION_ID = 'watched-online';
export const NOTIFIED_KEY = 'watch:notified';
/** "Watched players online", in the UI language. */
export function notificationTitle(): string {
  return t('background.notifications.watchedTitle');
}

const PendingSchema = z.array(z.string());

export interface NotificationsPort {
  create(
    id: string,
    options: { type: 'basic'; iconUrl: string; title: string; message: string },
  ): Promise<unknown>;
  clear(id: string): Promise<unknown>;
}

export interface NotifierDeps {
  store: SessionStore;
  /** The browser's notifications API when the permission is granted, else undefined. */
  notifications: () => Promise<NotificationsPort | undefined>;
  iconUrl: string;
  openPlayerView: (name: string) => Promise<unknown>;
}

export interface Notifier {
  /** These players came online (seen by a background check). */
  cameOnline(names: readonly string[]): Promise<void>;
  handleClicked(id: string): Promise<void>;
  handleClosed(id: string): Promise<void>;
}

export function createNotifier(deps: NotifierDeps): Notifier {
  const { store } = deps;

  async function pending(): Promise<string[]> {
    const parsed = PendingSchema.safeParse(await store.get(NOTIFIED_KEY));
    return parsed.success ? parsed.data : [];
  }

  let queue: Promise<unknown> = Promise.resolve();
  function exclusive(task: () => Promise<void>): Promise<void> {
    const run = queue.then(task, task);
    queue = run.catch((error: unknown) => console.warn('Network Companion: notification', error));
    return run as Promise<void>;
  }

  return {
    cameOnline: (names) =>
      exclusive(async () => {
        if (names.length === 0) return;
        const api = await deps.notifications();
        if (!api) return;
        const shown = await pending();
        const all = [...names.filter((name) => !shown.includes(name)).reverse(), ...shown];
        await store.set({ [NOTIFIED_KEY]: all });
        await api.create(NOTIFICATION_ID, {
          type: 'basic',
          iconUrl: deps.iconUrl,
          title: notificationTitle(),
          message: t('background.notifications.watchedMessage', { players: onlineSentence(all) }),
        });
      }),
    handleClicked: (id) =>
      exclusive(async () => {
        if (id !== NOTIFICATION_ID) return;
        const [first] = await pending();
        await store.set({ [NOTIFIED_KEY]: [] });
        await (await deps.notifications())?.clear(NOTIFICATION_ID);
        if (first !== undefined) await deps.openPlayerView(first);
      }),
    handleClosed: (id) =>
      exclusive(async () => {
        if (id === NOTIFICATION_ID) await store.set({ [NOTIFIED_KEY]: [] });
      }),
  };
}

import { browser } from 'wxt/browser';
import type { AuctionListing } from '../../../utils/api/schemas';
import { alertText } from '../../../utils/saved-searches/alert-text';
import type { SavedSearch } from '../../../utils/saved-searches/saved-search';

/**
 * Alert notifications. `notifications` is an optional permission, asked for when the first
 * alert is set (entrypoints/popup/auctions/saved/); without it the API is absent and alerts
 * stay silent (the listings still count as announced, so granting it later brings no flood).
 * A notification's id names its saved search, so a click opens the Auctions tab on it.
 */

export interface NotificationsPort {
  create(
    id: string,
    options: { type: 'basic'; iconUrl: string; title: string; message: string },
  ): Promise<string>;
  onClicked: { addListener(listener: (id: string) => void): void };
  clear(id: string): Promise<boolean>;
}

/** `browser.notifications`, when the permission is granted. */
export function notificationsApi(): NotificationsPort | undefined {
  return (browser as unknown as { notifications?: NotificationsPort }).notifications;
}

const PREFIX = 'saved-search:';

/** A notification id for one announcement of `searchId` (unique, so one does not replace another). */
export function notificationId(searchId: string, at: number): string {
  return `${PREFIX}${searchId}:${at.toString(36)}`;
}

/** The saved search a notification id names; undefined for any other notification. */
export function searchIdOf(notificationId: string): string | undefined {
  if (!notificationId.startsWith(PREFIX)) return undefined;
  const rest = notificationId.slice(PREFIX.length);
  const end = rest.lastIndexOf(':');
  return end > 0 ? rest.slice(0, end) : undefined;
}

export function createAnnouncer(deps: {
  notifications: () => NotificationsPort | undefined;
  iconUrl: string;
  now?: () => number;
}): (search: SavedSearch, listings: readonly AuctionListing[]) => Promise<void> {
  const now = deps.now ?? Date.now;
  return async (search, listings) => {
    const api = deps.notifications();
    if (!api || listings.length === 0) return;
    const { title, message } = alertText(search, listings);
    await api.create(notificationId(search.id, now()), {
      type: 'basic',
      iconUrl: deps.iconUrl,
      title,
      message,
    });
  };
}

/**
 * Opens the search a clicked alert names. Listens once the API is there: call again when the
 * permission is granted (permissions.onAdded); a second call adds nothing.
 */
export function createClickHandling(deps: {
  notifications: () => NotificationsPort | undefined;
  findSearch: (id: string) => Promise<SavedSearch | undefined>;
  open: (search: SavedSearch) => Promise<void>;
}): () => void {
  let listening = false;
  return () => {
    const api = deps.notifications();
    if (!api || listening) return;
    listening = true;
    api.onClicked.addListener((id) => {
      const searchId = searchIdOf(id);
      if (searchId === undefined) return;
      void (async () => {
        const search = await deps.findSearch(searchId);
        if (search) await deps.open(search);
        await api.clear(id);
      })().catch((error: unknown) => console.warn('Network Companion: opening an alert failed', error));
    });
  };
}

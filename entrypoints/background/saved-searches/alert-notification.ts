import type { AuctionListing } from '@/utils/api/schemas';
import { alertText } from '@/utils/saved-searches/alert-text';
import type { SavedSearch } from '@/utils/saved-searches/saved-search';
import { getSavedSearches } from '@/utils/saved-searches/storage';
import { sellerAlertText } from '@/utils/seller-watch/seller-text';
import {
  type NotificationDisplay,
  type NotificationKind,
  notificationIdOf,
} from '../notifications/notifications';
import { openSearchView } from './open-search-view';

/**
 * Alert notifications, shown through the shared notifications (notifications/notifications.ts).
 * Without the permission alerts stay silent (the listings still count as announced, so granting
 * it later brings no flood). A notification's id names its saved search, so a click opens the
 * Auctions tab on it.
 */

export const ALERT_NOTIFICATION = 'saved-search';

/** A notification id for one announcement of `searchId` (unique, so one does not replace another). */
export function notificationId(searchId: string, at: number): string {
  return notificationIdOf(ALERT_NOTIFICATION, `${searchId}:${at.toString(36)}`);
}

/** The saved search a notification id names; undefined for any other notification. */
export function searchIdOf(notificationId: string): string | undefined {
  const prefix = `${ALERT_NOTIFICATION}:`;
  if (!notificationId.startsWith(prefix)) return undefined;
  const rest = notificationId.slice(prefix.length);
  const end = rest.lastIndexOf(':');
  return end > 0 ? rest.slice(0, end) : undefined;
}

export function createAnnouncer(deps: {
  notifications: Pick<NotificationDisplay, 'show'>;
  now?: () => number;
}): (search: SavedSearch, listings: readonly AuctionListing[]) => Promise<void> {
  const now = deps.now ?? Date.now;
  return async (search, listings) => {
    if (listings.length === 0) return;
    const text =
      search.seller === undefined ? alertText(search, listings) : sellerAlertText(search.seller, listings);
    await deps.notifications.show(notificationId(search.id, now()), text);
  };
}

/** A click on an alert opens the search it names (the router clears the notification). */
async function findSavedSearch(id: string): Promise<SavedSearch | undefined> {
  return (await getSavedSearches()).find((search) => search.id === id);
}

export function alertClicks(
  deps: {
    findSearch: (id: string) => Promise<SavedSearch | undefined>;
    open: (search: SavedSearch) => Promise<void>;
  } = { findSearch: findSavedSearch, open: openSearchView },
): NotificationKind {
  return {
    async clicked(_key, id) {
      const searchId = searchIdOf(id);
      const search = searchId === undefined ? undefined : await deps.findSearch(searchId);
      if (search) await deps.open(search);
    },
  };
}

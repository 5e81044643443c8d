import type { RankChange } from '@/utils/rank-watch/rank-changes';
import { rankChangeText } from '@/utils/rank-watch/rank-text';
import type { NotificationDisplay, NotificationKind } from '../notifications/notifications';
import { notificationIdOf } from '../notifications/notifications';

/**
 * Rank watch's notifications, through the shared notifications (notifications/notifications.ts):
 * one per change. Without the permission they stay silent (the change is still past: granting
 * it later brings no flood). The id names the player, so a click opens their card.
 */

export const RANK_NOTIFICATION = 'rank-watch';

/** `rank-watch:<name>:<board>:<kind>:<time>`: unique, so one change does not replace another. */
export function rankNotificationId(change: RankChange, at: number): string {
  return notificationIdOf(
    RANK_NOTIFICATION,
    `${change.name}:${change.board}:${change.kind}:${at.toString(36)}`,
  );
}

/** The player a notification id names (the tracked player; overtaken: the one who overtook). */
export function playerOf(key: string): string | undefined {
  const name = key.split(':')[0];
  return name === undefined || name === '' ? undefined : name;
}

export function createRankAnnouncer(deps: {
  notifications: Pick<NotificationDisplay, 'show'>;
  now?: () => number;
}): (changes: readonly RankChange[]) => Promise<void> {
  const now = deps.now ?? Date.now;
  return async (changes) => {
    const at = now();
    for (const change of changes)
      await deps.notifications.show(rankNotificationId(change, at), rankChangeText(change));
  };
}

/** A click opens the named player's card (the router clears the notification). */
export function rankClicks(open: (name: string) => Promise<unknown>): NotificationKind {
  return {
    async clicked(key) {
      const name = playerOf(key);
      if (name !== undefined) await open(name);
    },
  };
}

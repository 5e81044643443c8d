import { browser } from 'wxt/browser';
import type { MessageHandlers } from '@/utils/messages';
import { BADGE_STREAM } from '@/utils/scheduler/stream-ids';
import type { Settings } from '@/utils/settings';
import { type BackgroundEvents, warn, watchSettings } from '../background-events';
import type { BadgeAction, BadgePoller } from './poller';

/** The badge: the popup's count (players-count) and what brings the badge up to date. */

const BADGE_FIELDS = [
  'badgeEnabled',
  'badgeIntervalSeconds',
  'badgeShows',
  'apiBaseUrl',
] as const satisfies (keyof Settings)[];

/** `browser.action` in MV3; `browserAction` in Firefox MV2 builds. */
export function badgeAction(): BadgeAction | undefined {
  const api = browser as unknown as { action?: BadgeAction; browserAction?: BadgeAction };
  return api.action ?? api.browserAction;
}

export function badgeHandlers(poller: Pick<BadgePoller, 'poll'>): Pick<MessageHandlers, 'players-count'> {
  // The count for the popup: also re-polls the badge.
  return { 'players-count': () => poller.poll('popup') };
}

/** Listeners: synchronously, in the worker's first turn (start-background.ts). */
export function startBadge(poller: Pick<BadgePoller, 'refresh'>, events: BackgroundEvents): void {
  events.badgeStale.listen(() => {
    poller.refresh().catch(warn('the badge'));
  });
  watchSettings(BADGE_FIELDS, () => {
    events.badgeStale.emit();
    events.wake.emit(BADGE_STREAM);
  });
  // The watchlist is synced: another browser of the user's may change who is watched.
  browser.storage.sync.onChanged?.addListener(() => events.badgeStale.emit());
}

/**
 * The watchlist's words, zod-free (the hover card uses them too): "seen online 2 h ago" and the
 * folded notification "Notch, jeb_ and 3 others are online", in the UI language (locales/).
 */

import { formatRelativeTime } from '../format';
import { plural, t } from '../i18n/translate';
import { MAX_WATCHED_PLAYERS } from '../limits';

/** Past MAX_WATCHED_PLAYERS (the most storage.sync keeps well). */
export function watchlistFullMessage(): string {
  return t('common.watch.full', { max: MAX_WATCHED_PLAYERS });
}

/** The background did not take a Watch or Unwatch. */
export function watchFailedMessage(): string {
  return t('common.watch.failed');
}

/** The background answered, but the browser's synced storage refused the change. */
export function watchNotSavedMessage(): string {
  return t('common.watch.notSaved');
}

/**
 * "seen online just now / 5 min ago / 2 h ago / 3 d ago" (formatRelativeTime's words), or
 * "not seen online yet". A time ahead of `now` (another clock) counts as now.
 */
export function seenOnlineText(seenOnlineAt: number | undefined, now: number): string {
  if (seenOnlineAt === undefined) return t('common.watch.notSeenYet');
  return t('common.watch.seenOnline', { when: formatRelativeTime(Math.min(seenOnlineAt, now), now) });
}

/** Names shown before "and N others". */
export const FOLDED_NAMES = 2;

/**
 * One sentence for everyone who came online: "Notch is online", "Notch and jeb_ are online",
 * "Notch, jeb_ and Dinnerbone are online", "Notch, jeb_ and 3 others are online".
 */
export function onlineSentence(names: readonly string[]): string {
  const [first, second, third] = names;
  if (first === undefined) return '';
  if (second === undefined) return t('common.watch.onlineOne', { name: first });
  if (third === undefined) return t('common.watch.onlineTwo', { first, second });
  if (names.length === 3) return t('common.watch.onlineThree', { first, second, third });
  return plural('common.watch.onlineMore', names.length - FOLDED_NAMES, { first, second });
}

/**
 * The watchlist's words, zod-free (the hover card uses them too): "seen online 2 h ago" and the
 * folded notification "Notch, jeb_ and 3 others are online".
 */

import { MAX_WATCHED_PLAYERS } from '../limits';

/** Past MAX_WATCHED_PLAYERS (the most storage.sync keeps well). */
export const WATCHLIST_FULL_MESSAGE = `Your watchlist is full (${MAX_WATCHED_PLAYERS} players). Unwatch someone first.`;

/** The background did not take a Watch or Unwatch. */
export const WATCH_FAILED_MESSAGE = 'Could not change the watchlist. Try again.';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "seen online just now / 5 min ago / 2 h ago / 3 d ago", or "not seen online yet". */
export function seenOnlineText(seenOnlineAt: number | undefined, now: number): string {
  if (seenOnlineAt === undefined) return 'not seen online yet';
  const ago = Math.max(0, now - seenOnlineAt);
  if (ago < MINUTE) return 'seen online just now';
  if (ago < HOUR) return `seen online ${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `seen online ${Math.floor(ago / HOUR)} h ago`;
  return `seen online ${Math.floor(ago / DAY)} d ago`;
}

/** Names shown before "and N others". */
export const FOLDED_NAMES = 2;

/**
 * One sentence for everyone who came online: "Notch is online", "Notch and jeb_ are online",
 * "Notch, jeb_ and Dinnerbone are online", "Notch, jeb_ and 3 others are online".
 */
export function onlineSentence(names: readonly string[]): string {
  if (names.length === 0) return '';
  if (names.length === 1) return `${names[0]} is online`;
  if (names.length <= FOLDED_NAMES + 1) {
    return `${names.slice(0, -1).join(', ')} and ${names.at(-1)} are online`;
  }
  const others = names.length - FOLDED_NAMES;
  return `${names.slice(0, FOLDED_NAMES).join(', ')} and ${others} others are online`;
}

import type { ApiError } from '../../../utils/api/errors';
import { formatCompact, formatNumber } from '../../../utils/format';
import type { LastCount } from '../../../utils/last-count';

/**
 * Everything the toolbar badge can say, in one table: the text on the badge (at most 4
 * characters), its colours and the tooltip. Each tooltip starts with the product name and
 * says what is wrong and what to do (or that nothing needs doing).
 */

export const PRODUCT_NAME = 'Network Companion';

export type { LastCount };

export type BadgeState =
  | { kind: 'count'; count: LastCount }
  /** The badge mode "watched players online" (Options, "Badge shows"). */
  | { kind: 'watched'; online: number; watched: number }
  | { kind: 'not-configured' }
  | { kind: 'invalid-key'; retryAt: number }
  | { kind: 'rate-limited'; last: LastCount | undefined; retryAt: number }
  | { kind: 'offline'; retryAt: number }
  | { kind: 'error'; retryAt: number }
  | { kind: 'disabled' };

export type BadgeKind = BadgeState['kind'];

export interface BadgeLook {
  text: string;
  /** Badge background. */
  color: string;
  /** Badge text (where the browser lets us set it). */
  textColor: string;
  title: string;
}

/** A clock time for tooltips: `14:05:09` in the user's locale. */
export function clockTime(ms: number): string {
  return new Date(ms).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

function playersOnline(online: number): string {
  return `${formatNumber(online)} ${online === 1 ? 'player' : 'players'} online`;
}

const WHITE = '#ffffff';

/** Neutral for the count: the badge informs, it does not alarm. White on it: 6.0:1. */
export const COUNT_COLOR = '#5f6368';

type Row<K extends BadgeKind> = {
  text: (state: Extract<BadgeState, { kind: K }>) => string;
  color: string;
  textColor: string;
  title: (state: Extract<BadgeState, { kind: K }>) => string;
};

export const BADGE_STATES: { readonly [K in BadgeKind]: Row<K> } = {
  count: {
    text: ({ count }) => formatCompact(count.online),
    color: COUNT_COLOR,
    textColor: WHITE,
    title: ({ count }) =>
      `${PRODUCT_NAME}: ${playersOnline(count.online)} (as of ${clockTime(count.fetchedAt)}).`,
  },
  watched: {
    // Nothing on the badge while no watched player is online: a number means someone to meet.
    text: ({ online }) => (online === 0 ? '' : formatCompact(online)),
    color: COUNT_COLOR,
    textColor: WHITE,
    title: ({ online, watched }) =>
      watched === 0
        ? `${PRODUCT_NAME}: you watch no players yet. Open a player in the popup and press Watch.`
        : `${PRODUCT_NAME}: ${formatNumber(online)} of ${formatNumber(watched)} watched ${watched === 1 ? 'player' : 'players'} online, as last checked.`,
  },
  'not-configured': {
    text: () => 'SET',
    // Blue: something to do, nothing broken. White on it: 4.6:1.
    color: '#1a73e8',
    textColor: WHITE,
    title: () =>
      `${PRODUCT_NAME}: no API key is set. Open the options, enter the API address and paste the key you got in game.`,
  },
  'invalid-key': {
    text: () => 'KEY',
    // Red: the user must act. White on it: 5.6:1.
    color: '#c5221f',
    textColor: WHITE,
    title: ({ retryAt }) =>
      `${PRODUCT_NAME}: the server refused the API key. Get a new key in game and paste it in the options (checking again at ${clockTime(retryAt)}).`,
  },
  'rate-limited': {
    // The last count stays, greyed: still roughly right, clearly not current.
    text: ({ last }) => (last ? formatCompact(last.online) : 'WAIT'),
    color: '#dadce0',
    textColor: '#3c4043',
    title: ({ last, retryAt }) =>
      `${PRODUCT_NAME}: too many requests, so the count is paused until ${clockTime(retryAt)}.` +
      (last ? ` Last count: ${playersOnline(last.online)} (as of ${clockTime(last.fetchedAt)}).` : '') +
      ' Nothing to do: it resumes by itself.',
  },
  offline: {
    text: () => 'OFF',
    // Dark grey: not our fault, nothing on the badge to act on. White on it: 10:1.
    color: '#3c4043',
    textColor: WHITE,
    title: ({ retryAt }) =>
      `${PRODUCT_NAME}: can't reach the server. Check your connection and the API address in the options; trying again at ${clockTime(retryAt)}.`,
  },
  error: {
    text: () => 'ERR',
    // Amber: the server answered, but not usefully. White on it: 5.1:1.
    color: '#b06000',
    textColor: WHITE,
    title: ({ retryAt }) =>
      `${PRODUCT_NAME}: the server sent an answer the extension could not use. Trying again at ${clockTime(retryAt)}; if it keeps happening, check the API address in the options.`,
  },
  disabled: {
    text: () => '',
    color: COUNT_COLOR,
    textColor: WHITE,
    title: () => `${PRODUCT_NAME}. The online count on the badge is off; turn it on in the options.`,
  },
};

export function badgeLook(state: BadgeState): BadgeLook {
  // The table is indexed by the state's own kind, so the row fits the state.
  const row = BADGE_STATES[state.kind] as Row<BadgeKind>;
  return {
    text: row.text(state as never),
    color: row.color,
    textColor: row.textColor,
    title: row.title(state as never),
  };
}

/**
 * Which marker an unsuccessful count shows (not-configured and rate-limited carry more). Every
 * kind is named, so a new one is a type error here until it has a marker.
 */
export function failureKind(
  error: ApiError,
): 'not-configured' | 'invalid-key' | 'rate-limited' | 'offline' | 'error' {
  switch (error.kind) {
    case 'not-configured':
      return 'not-configured';
    case 'unauthorized':
      return 'invalid-key';
    case 'rate-limited':
      return 'rate-limited';
    case 'offline':
    case 'timeout':
      return 'offline';
    case 'unavailable':
    case 'bad-response':
    case 'bad-request':
    case 'not-found':
    case 'invalid-input':
    // Cannot happen: the poller is the background and asks the gateway itself.
    case 'no-background':
      return 'error';
  }
}

import type { ApiError } from '@/utils/api/errors';
import { formatCompact } from '@/utils/format';
import { plural, t } from '@/utils/i18n/translate';
import { uiLanguage } from '@/utils/i18n/ui-language';
import type { LastCount } from '@/utils/last-count';

/**
 * Everything the toolbar badge can say, in one table: the text on the badge (a number, or a
 * marker of at most 4 characters from the catalogue), its colours and the tooltip. Each tooltip starts with the product name and
 * says what is wrong and what to do (or that nothing needs doing), in the UI language (the
 * catalogue's `background.badge` section, locales/).
 */

// i18n-ignore: the brand name, the same in every language (locales/*.yml `extension.name`)
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

/** A clock time for tooltips: `14:05:09` in the UI language. */
export function clockTime(ms: number): string {
  return new Date(ms).toLocaleTimeString(uiLanguage(), {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

function playersOnline(online: number): string {
  return plural('common.playersOnline', online);
}

const WHITE = '#ffffff';

/** The badge holds about 4 characters. */
const BADGE_CHARS = 4;

/**
 * A number on the badge: exact while its digits fit ("1058"), the compact form beyond ("12k").
 * No grouping separator: "1,058" would not fit, and the digits alone read as the number.
 */
export function badgeNumber(value: number): string {
  const exact = Number.isInteger(value) && value >= 0 ? String(value) : '';
  return exact !== '' && exact.length <= BADGE_CHARS ? exact : formatCompact(value);
}

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
    text: ({ count }) => badgeNumber(count.online),
    color: COUNT_COLOR,
    textColor: WHITE,
    title: ({ count }) =>
      t('background.badgeCount', {
        product: PRODUCT_NAME,
        players: playersOnline(count.online),
        time: clockTime(count.fetchedAt),
      }),
  },
  watched: {
    // Nothing on the badge while no watched player is online: a number means someone to meet.
    text: ({ online }) => (online === 0 ? '' : badgeNumber(online)),
    color: COUNT_COLOR,
    textColor: WHITE,
    title: ({ online, watched }) =>
      watched === 0
        ? t('background.badge.watchedNone', { product: PRODUCT_NAME })
        : plural('background.badge.watched', watched, { product: PRODUCT_NAME, online }),
  },
  'not-configured': {
    text: () => t('background.badge.markerSetup'),
    // Blue: something to do, nothing broken. White on it: 4.6:1.
    color: '#1a73e8',
    textColor: WHITE,
    title: () => t('background.badge.notConfigured', { product: PRODUCT_NAME }),
  },
  'invalid-key': {
    text: () => t('background.badge.markerKey'),
    // Red: the user must act. White on it: 5.6:1.
    color: '#c5221f',
    textColor: WHITE,
    title: ({ retryAt }) =>
      t('background.badge.invalidKey', { product: PRODUCT_NAME, time: clockTime(retryAt) }),
  },
  'rate-limited': {
    // The last count stays, greyed: still roughly right, clearly not current.
    text: ({ last }) => (last ? badgeNumber(last.online) : t('background.badge.markerWait')),
    color: '#dadce0',
    textColor: '#3c4043',
    title: ({ last, retryAt }) =>
      last
        ? t('background.badge.rateLimitedWithLast', {
            product: PRODUCT_NAME,
            time: clockTime(retryAt),
            players: playersOnline(last.online),
            lastTime: clockTime(last.fetchedAt),
          })
        : t('background.badge.rateLimited', { product: PRODUCT_NAME, time: clockTime(retryAt) }),
  },
  offline: {
    text: () => t('background.badge.markerOffline'),
    // Dark grey: not our fault, nothing on the badge to act on. White on it: 10:1.
    color: '#3c4043',
    textColor: WHITE,
    title: ({ retryAt }) =>
      t('background.badge.offline', { product: PRODUCT_NAME, time: clockTime(retryAt) }),
  },
  error: {
    text: () => t('background.badge.markerError'),
    // Amber: the server answered, but not usefully. White on it: 5.1:1.
    color: '#b06000',
    textColor: WHITE,
    title: ({ retryAt }) => t('background.badge.error', { product: PRODUCT_NAME, time: clockTime(retryAt) }),
  },
  disabled: {
    text: () => '',
    color: COUNT_COLOR,
    textColor: WHITE,
    title: () => t('background.badge.disabled', { product: PRODUCT_NAME }),
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

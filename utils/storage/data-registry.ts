import { API_KEY_HEADER } from '@/utils/api/api-key-header';
import type { PlainKey } from '@/utils/i18n/translate';
import {
  DAY_MS,
  LISTING_MAX_AGE_MS,
  ONLINE_MAX_AGE_MS,
  PLAYER_MAX_AGE_MS,
  PRICE_MAX_AGE_MS,
} from '../history/history-limits';
import { HISTORY_DB_NAME } from '../history/schema';

/**
 * Every value the extension keeps and every request it sends, in one place: the privacy policy
 * (docs/privacy.md, the privacy page), the options footnote and export/import read them from
 * here, and tests/unit/utils/storage/data-registry.test.ts fails when the code keeps a key this
 * list lacks (or this list names one the code no longer has). Only type imports and constants:
 * the options and privacy pages read it.
 */

export type StorageArea = 'sync' | 'local' | 'session' | 'indexeddb';

/**
 * What a backup (export/import) does with the value: `included` always, `optional` when the user
 * asks for it (history), `secret` only when the user ticks it (the API key), `excluded` never.
 */
export type BackupRule = 'included' | 'optional' | 'secret' | 'excluded';

/** How long a value is kept; every value also goes when the extension is removed. */
export type Keeping =
  /** Until the user removes it (or the extension). */
  | { readonly kind: 'untilRemoved' }
  /** Rewritten as the extension works; never grows past its own limit. */
  | { readonly kind: 'replaced' }
  /** Until the browser closes (storage.session). */
  | { readonly kind: 'browserSession' }
  /** Rows older than this many days are deleted. */
  | { readonly kind: 'days'; readonly days: number };

export interface StoredValue {
  /** Stable: export files and the tests name values by it. */
  readonly id: string;
  readonly area: StorageArea;
  /** The exact key, a key prefix (`watch:`), or the IndexedDB store's name. */
  readonly key: string;
  readonly match: 'exact' | 'prefix';
  /** A version mark `<key>$` (utils/storage-item.ts) is kept beside the value. */
  readonly versionMark?: true;
  /** What it is, in plain words. */
  readonly describe: PlainKey;
  readonly kept: Keeping;
  readonly backup: BackupRule;
  /** Why a value is left out of a backup (or only optional): one line. */
  readonly why?: string;
}

/** The IndexedDB database the `indexeddb` values are stores of (utils/history/schema.ts). */
export const HISTORY_DATABASE = HISTORY_DB_NAME;

const untilRemoved = { kind: 'untilRemoved' } as const;
const replaced = { kind: 'replaced' } as const;
const browserSession = { kind: 'browserSession' } as const;
const days = (ms: number) => ({ kind: 'days', days: Math.round(ms / DAY_MS) }) as const;

export const STORED_VALUES: readonly StoredValue[] = [
  // storage.sync: follows the user to their other browsers through their browser account.
  {
    id: 'watchedPlayers',
    area: 'sync',
    key: 'watch:',
    match: 'prefix',
    describe: 'privacy.stored.watchedPlayers',
    kept: untilRemoved,
    backup: 'included',
  },
  {
    id: 'savedSearches',
    area: 'sync',
    key: 'search:',
    match: 'prefix',
    describe: 'privacy.stored.savedSearches',
    kept: untilRemoved,
    backup: 'included',
  },
  {
    id: 'savedSearchesLegacyList',
    area: 'sync',
    key: 'savedSearches',
    match: 'exact',
    versionMark: true,
    describe: 'privacy.stored.savedSearchesLegacyList',
    kept: untilRemoved,
    backup: 'excluded',
    why: 'the list releases before 0.2 kept; copied into search: items once, kept for those releases',
  },
  {
    id: 'playerNotes',
    area: 'sync',
    key: 'note:',
    match: 'prefix',
    describe: 'privacy.stored.playerNotes',
    kept: untilRemoved,
    backup: 'included',
  },
  {
    id: 'goals',
    area: 'sync',
    key: 'goal:',
    match: 'prefix',
    describe: 'privacy.stored.goals',
    kept: untilRemoved,
    backup: 'included',
  },
  // storage.local: this browser only.
  {
    id: 'playerNotesLocal',
    area: 'local',
    key: 'note:',
    match: 'prefix',
    describe: 'privacy.stored.playerNotesLocal',
    kept: untilRemoved,
    backup: 'included',
  },
  {
    id: 'settings',
    area: 'local',
    key: 'settings',
    match: 'exact',
    versionMark: true,
    describe: 'privacy.stored.settings',
    kept: untilRemoved,
    backup: 'included',
  },
  {
    id: 'apiKey',
    area: 'local',
    key: 'apiKey',
    match: 'exact',
    describe: 'privacy.stored.apiKey',
    kept: untilRemoved,
    backup: 'secret',
    why: 'a credential: written to a file only when the user ticks it',
  },
  {
    id: 'recentPlayers',
    area: 'local',
    key: 'recentPlayers',
    match: 'exact',
    describe: 'privacy.stored.recentPlayers',
    kept: replaced,
    backup: 'optional',
    why: 'a history of look-ups: the user chooses whether it travels',
  },
  {
    id: 'importBackup',
    area: 'local',
    key: 'importBackup',
    match: 'exact',
    describe: 'privacy.stored.importBackup',
    kept: replaced,
    backup: 'excluded',
    why: 'the copy taken before an import, to restore it: a backup of the backup would nest them',
  },
  {
    id: 'popupState',
    area: 'local',
    key: 'popupState',
    match: 'exact',
    describe: 'privacy.stored.popupState',
    kept: replaced,
    backup: 'excluded',
    why: 'where the popup was left; rebuilt as soon as it is used',
  },
  {
    id: 'watchlistStatus',
    area: 'local',
    key: 'watchlistStatus',
    match: 'exact',
    versionMark: true,
    describe: 'privacy.stored.watchlistStatus',
    kept: replaced,
    backup: 'excluded',
    why: "this browser's own observation; restoring it would announce or hide comings online wrongly",
  },
  {
    id: 'savedSearchState',
    area: 'local',
    key: 'savedSearchState',
    match: 'exact',
    versionMark: true,
    describe: 'privacy.stored.savedSearchState',
    kept: replaced,
    backup: 'excluded',
    why: "this browser's baseline of listings seen; another browser takes its own",
  },
  {
    id: 'savedSearchesMigratedHere',
    area: 'local',
    key: 'savedSearchesMigratedHere',
    match: 'exact',
    describe: 'privacy.stored.savedSearchesMigratedHere',
    kept: untilRemoved,
    backup: 'excluded',
    why: 'marks that this browser copied the old list into items; another browser made its own copies or none',
  },
  {
    id: 'schedulerState',
    area: 'local',
    key: 'scheduler:state',
    match: 'exact',
    versionMark: true,
    describe: 'privacy.stored.schedulerState',
    kept: replaced,
    backup: 'excluded',
    why: "the scheduler's log of its own sends: derived, and tied to this browser's clock",
  },
  {
    id: 'schedulerDemands',
    area: 'local',
    key: 'scheduler:demands',
    match: 'exact',
    describe: 'privacy.stored.schedulerDemands',
    kept: replaced,
    backup: 'excluded',
    why: 'derived from the settings and lists; the scheduler writes it again',
  },
  {
    id: 'watchHabits',
    area: 'local',
    key: 'watch:habits',
    match: 'exact',
    versionMark: true,
    describe: 'privacy.stored.watchHabits',
    kept: replaced,
    backup: 'excluded',
    why: "learned from this browser's checks; it learns again",
  },
  {
    id: 'watchCheckTimes',
    area: 'local',
    key: 'watch:checked',
    match: 'exact',
    describe: 'privacy.stored.watchCheckTimes',
    kept: replaced,
    backup: 'excluded',
    why: 'derived: when this browser last checked each player',
  },
  {
    id: 'rankWatch',
    area: 'local',
    key: 'rank:watch',
    match: 'exact',
    describe: 'privacy.stored.rankWatch',
    kept: replaced,
    backup: 'excluded',
    why: 'read from the public boards again; at most a day of places per board',
  },
  {
    id: 'rateLimitPause',
    area: 'local',
    key: 'gw:pause',
    match: 'exact',
    describe: 'privacy.stored.rateLimitPause',
    kept: replaced,
    backup: 'excluded',
    why: "a minute's pause the server asked for; meaningless elsewhere",
  },
  {
    id: 'reminders',
    area: 'local',
    key: 'reminders',
    match: 'exact',
    describe: 'privacy.stored.reminders',
    kept: replaced,
    backup: 'excluded',
    why: 'listings ending within hours; an ended one is pruned, so a backup would restore nothing',
  },
  {
    id: 'historyRetentionClock',
    area: 'local',
    key: 'history:retentionClock',
    match: 'exact',
    describe: 'privacy.stored.historyRetentionClock',
    kept: replaced,
    backup: 'excluded',
    why: "derived: when this browser's history was last pruned",
  },
  // storage.session: memory that goes when the browser closes.
  {
    id: 'badgeState',
    area: 'session',
    key: 'badge:poller',
    match: 'exact',
    describe: 'privacy.stored.badgeState',
    kept: browserSession,
    backup: 'excluded',
    why: 'session state: gone when the browser closes',
  },
  {
    id: 'answerCache',
    area: 'session',
    key: 'gw:cache:',
    match: 'prefix',
    describe: 'privacy.stored.answerCache',
    kept: browserSession,
    backup: 'excluded',
    why: "a cache of the server's answers, each for a few minutes",
  },
  {
    id: 'onlineNotification',
    area: 'session',
    key: 'watch:notified',
    match: 'exact',
    describe: 'privacy.stored.onlineNotification',
    kept: browserSession,
    backup: 'excluded',
    why: 'session state: the notification shown now',
  },
  // IndexedDB: the history database.
  {
    id: 'onlineHistory',
    area: 'indexeddb',
    key: 'onlineHours',
    match: 'exact',
    describe: 'privacy.stored.onlineHistory',
    kept: days(ONLINE_MAX_AGE_MS),
    backup: 'optional',
    why: 'history can be large: the user chooses whether it travels',
  },
  {
    id: 'playerHistory',
    area: 'indexeddb',
    key: 'playerSnapshots',
    match: 'exact',
    describe: 'privacy.stored.playerHistory',
    kept: days(PLAYER_MAX_AGE_MS),
    backup: 'optional',
    why: 'history can be large: the user chooses whether it travels',
  },
  {
    id: 'priceHistory',
    area: 'indexeddb',
    key: 'pricePoints',
    match: 'exact',
    describe: 'privacy.stored.priceHistory',
    kept: days(PRICE_MAX_AGE_MS),
    backup: 'optional',
    why: 'history can be large: the user chooses whether it travels',
  },
  {
    id: 'listingsSeen',
    area: 'indexeddb',
    key: 'listings',
    match: 'exact',
    describe: 'privacy.stored.listingsSeen',
    kept: days(LISTING_MAX_AGE_MS),
    backup: 'optional',
    why: 'history can be large: the user chooses whether it travels',
  },
];

export { API_KEY_HEADER };

export interface SentRequest {
  readonly id: string;
  /** Whom it goes to: the one server the user configured, always (no other host is ever asked). */
  readonly to: 'configured-server';
  /** The path under the configured server's `/api` (utils/api/client.ts), up to its first parameter. */
  readonly path: string;
  /** What it sends and when, in plain words. */
  readonly describe: PlainKey;
}

/**
 * Every request the extension sends. All go to the one server the user configured, with the key
 * in the API_KEY_HEADER header; nothing goes to anyone else, and there are no analytics.
 */
export const REQUESTS_SENT: readonly SentRequest[] = [
  { id: 'health', to: 'configured-server', path: '/health', describe: 'privacy.sent.health' },
  { id: 'player', to: 'configured-server', path: '/player/', describe: 'privacy.sent.player' },
  {
    id: 'auctionSearch',
    to: 'configured-server',
    path: '/auction/search',
    describe: 'privacy.sent.auctionSearch',
  },
  { id: 'leaderboard', to: 'configured-server', path: '/leaderboard', describe: 'privacy.sent.leaderboard' },
  {
    id: 'playersCount',
    to: 'configured-server',
    path: '/players/count',
    describe: 'privacy.sent.playersCount',
  },
];

/** The areas whose values follow the user to their other browsers. */
export const syncedValues = () => STORED_VALUES.filter((value) => value.area === 'sync');

/**
 * The registry entry a stored key belongs to in `area` (its exact key, a key under its prefix, or
 * its `name$` version mark), or undefined for a key the registry does not know: export and import
 * go through this, so they treat a key as the policy describes it.
 */
export function storedValueOf(area: StorageArea, key: string): StoredValue | undefined {
  return STORED_VALUES.find(
    (value) =>
      value.area === area &&
      (value.match === 'prefix'
        ? key.startsWith(value.key)
        : key === value.key || (value.versionMark === true && key === `${value.key}$`)),
  );
}

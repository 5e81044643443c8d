import { z } from 'zod/mini';
import {
  BASE_URL_MAX_LENGTH,
  DEFAULT_BADGE_INTERVAL_SECONDS,
  DEFAULT_BUDGET_PER_HOUR,
  DEFAULT_HOVER_DELAY_MS,
  MAX_BADGE_INTERVAL_SECONDS,
  MAX_BUDGET_PER_HOUR,
  MAX_FORUM_SITES,
  MAX_HOVER_DELAY_MS,
  MAX_SELECTOR_LENGTH,
  MIN_BADGE_INTERVAL_SECONDS,
  MIN_BUDGET_PER_HOUR,
  MIN_HOVER_DELAY_MS,
} from './limits';
import { GAME_NAME_PATTERN } from './patterns';
import { DEFAULT_RESET_HOUR } from './progress/periods';
import { DEFAULT_RANK_TOP, RANK_TOP_CHOICES, type RankTop } from './rank-watch/rank-top';
import { DEFAULT_REMINDER_MINUTES, MAX_REMINDER_MINUTES } from './reminders/reminder';
import { asObject } from './storage/synced-entry';
import { defineItem } from './storage-item';
import { API_KEY_STORAGE_KEY, SETTINGS_STORAGE_KEY } from './storage-keys';

/**
 * The extension's settings: typed storage items with defaults, a version number and
 * migrations. Everything lives in `storage.local` (never synced): forum-site permissions
 * are per browser, and the API key must not leave this machine.
 *
 * Invalid stored values never break the extension: each field is parsed on read and a
 * field that fails falls back to its default, alone. It is not rewritten: an update writes only
 * the fields it changes, so what a newer release stored survives an older one.
 */

const ForumSiteSchema = z.object({
  /** An origin, `https://forum.example.net`. */
  origin: z.string().check(z.regex(/^https?:\/\/[^/\s]+$/)),
  /** An extra CSS selector for usernames on this site, for forum software we do not know. */
  customSelector: z._default(z.string().check(z.maxLength(MAX_SELECTOR_LENGTH)), ''),
});
export type ForumSite = z.infer<typeof ForumSiteSchema>;

function readableSites(stored: readonly unknown[]): ForumSite[] {
  return stored.flatMap((site) => {
    const parsed = ForumSiteSchema.safeParse(site);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * The stored list with `next` (the sites as this release read and edited them) written over it:
 * a site this release cannot read, or did not read (past MAX_FORUM_SITES), stays where it is; a
 * site it read keeps the fields it does not know, or goes when `next` dropped it; new ones come
 * last. So adding or removing a site never drops what a newer release stored.
 */
export function overStoredSites(stored: unknown, next: readonly ForumSite[]): unknown[] {
  const entries = Array.isArray(stored) ? stored : [];
  const nextByOrigin = new Map(next.map((site) => [site.origin, site]));
  const out: unknown[] = [];
  let read = 0;
  for (const entry of entries) {
    const parsed = ForumSiteSchema.safeParse(entry);
    if (!parsed.success || read++ >= MAX_FORUM_SITES) {
      out.push(entry);
      continue;
    }
    const site = nextByOrigin.get(parsed.data.origin);
    if (site === undefined) continue;
    out.push({ ...(asObject(entry) ?? {}), ...site });
    nextByOrigin.delete(site.origin);
  }
  return [...out, ...nextByOrigin.values()];
}

export interface Settings {
  /** The API's base URL as the user typed it (normalised); '' until set. */
  apiBaseUrl: string;
  forumSites: ForumSite[];
  badgeEnabled: boolean;
  badgeIntervalSeconds: number;
  /**
   * "automatic": the count paces itself (utils/scheduler/count-pace.ts), read when it has likely
   * moved, within 1 and 10 min; "fixed": once per `badgeIntervalSeconds`.
   */
  badgePace: BadgePace;
  hoverDelayMs: number;
  /** The user's own game name, highlighted in leaderboards; '' when not set. */
  ownName: string;
  /** What the badge counts: everyone online on the network, or the watched players online. */
  badgeShows: BadgeShows;
  /** The background request budget (utils/scheduler/scheduler-limits.ts). */
  backgroundRequestsPerHour: number;
  /** A desktop notification when a watched player comes online (needs `notifications`). */
  notifyWatchedOnline: boolean;
  /** Remind me this many minutes before an auction ends (utils/reminders/reminder.ts). */
  reminderMinutes: number;
  /** The local hour "today" and "this week" start at on a player's card (utils/progress/periods.ts). */
  progressResetHour: number;
  /** Rank watch (issue 35): the boards read for the own name and watched players; notifications of top N changes. */
  rankWatch: boolean;
  rankNotify: boolean;
  rankNotifyTop: RankTop;
}

export const BADGE_SHOWS = ['online-count', 'watched-online'] as const;
export type BadgeShows = (typeof BADGE_SHOWS)[number];

export const BADGE_PACES = ['automatic', 'fixed'] as const;
export type BadgePace = (typeof BADGE_PACES)[number];

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  apiBaseUrl: '',
  forumSites: [],
  badgeEnabled: true,
  badgeIntervalSeconds: DEFAULT_BADGE_INTERVAL_SECONDS,
  badgePace: 'automatic',
  hoverDelayMs: DEFAULT_HOVER_DELAY_MS,
  ownName: '',
  badgeShows: 'online-count',
  backgroundRequestsPerHour: DEFAULT_BUDGET_PER_HOUR,
  notifyWatchedOnline: false,
  reminderMinutes: DEFAULT_REMINDER_MINUTES,
  progressResetHour: DEFAULT_RESET_HOUR,
  rankWatch: false,
  rankNotify: false,
  rankNotifyTop: DEFAULT_RANK_TOP,
});

export const SETTINGS_FIELD_SCHEMAS = {
  apiBaseUrl: z.string().check(z.maxLength(BASE_URL_MAX_LENGTH)),
  // Site by site: one unreadable entry is left out, the others survive; a longer list (a newer
  // release's) reads as its first MAX_FORUM_SITES, not as none.
  forumSites: z.pipe(
    z.array(z.unknown()),
    z.transform((sites) => readableSites(sites).slice(0, MAX_FORUM_SITES)),
  ),
  badgeEnabled: z.boolean(),
  badgeIntervalSeconds: z.int().check(z.gte(MIN_BADGE_INTERVAL_SECONDS), z.lte(MAX_BADGE_INTERVAL_SECONDS)),
  badgePace: z.enum(BADGE_PACES),
  hoverDelayMs: z.int().check(z.gte(MIN_HOVER_DELAY_MS), z.lte(MAX_HOVER_DELAY_MS)),
  // '' while not set.
  ownName: z.union([z.literal(''), z.string().check(z.regex(GAME_NAME_PATTERN))]),
  badgeShows: z.enum(BADGE_SHOWS),
  backgroundRequestsPerHour: z.int().check(z.gte(MIN_BUDGET_PER_HOUR), z.lte(MAX_BUDGET_PER_HOUR)),
  notifyWatchedOnline: z.boolean(),
  reminderMinutes: z.int().check(z.gte(1), z.lte(MAX_REMINDER_MINUTES)),
  progressResetHour: z.int().check(z.gte(0), z.lte(23)),
  rankWatch: z.boolean(),
  rankNotify: z.boolean(),
  rankNotifyTop: z.union(RANK_TOP_CHOICES.map((top) => z.literal(top))),
} satisfies { [K in keyof Settings]: z.ZodMiniType<Settings[K]> };

/** Parse whatever is stored, field by field: a bad field gets its default, the rest survive. */
export function sanitizeSettings(raw: unknown): Settings {
  const source = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(SETTINGS_FIELD_SCHEMAS) as (keyof Settings)[]) {
    const parsed = SETTINGS_FIELD_SCHEMAS[key].safeParse(source[key]);
    out[key] = parsed.success ? parsed.data : structuredClone(DEFAULT_SETTINGS[key]);
  }
  return out as unknown as Settings;
}

/**
 * Version history of `local:settings`:
 * - v1: `forumSites` was a list of origins (strings); the badge interval was in minutes
 *   (`badgeIntervalMinutes`).
 * - v2: forum sites are objects with an optional custom selector; the interval is in seconds
 *   so that the 30 s minimum can be expressed.
 * - v3: `badgePace` (issue 37): Automatic is the default; an interval the user chose stays as a
 *   fixed pace. Whether it was chosen cannot be told from a stored default (older releases may
 *   have written it unasked), so the default interval, or none, becomes Automatic.
 */
export const SETTINGS_VERSION = 3;

export function migrateV1toV2(v1: unknown): unknown {
  if (typeof v1 !== 'object' || v1 === null) return v1;
  const { forumSites, badgeIntervalMinutes, ...rest } = v1 as Record<string, unknown>;
  // Sites already in the v2 shape are kept: settings written without their version mark
  // (by hand, or by an older copy of this code) must not lose their forum sites.
  const sites = Array.isArray(forumSites)
    ? forumSites
        .filter((s): s is string | object => typeof s === 'string' || (typeof s === 'object' && s !== null))
        .map((site) => (typeof site === 'string' ? { origin: site, customSelector: '' } : site))
    : forumSites;
  const minutes = typeof badgeIntervalMinutes === 'number' ? badgeIntervalMinutes : undefined;
  return {
    ...rest,
    forumSites: sites,
    ...(minutes === undefined ? {} : { badgeIntervalSeconds: Math.round(minutes * 60) }),
  };
}

export function migrateV2toV3(v2: unknown): unknown {
  if (typeof v2 !== 'object' || v2 === null) return v2;
  const record = v2 as Record<string, unknown>;
  if ('badgePace' in record) return record;
  const chosen =
    record.badgeIntervalSeconds !== undefined &&
    record.badgeIntervalSeconds !== DEFAULT_BADGE_INTERVAL_SECONDS;
  return { ...record, badgePace: chosen ? 'fixed' : 'automatic' };
}

// Apart from the item: a `, 3:` inside an exported declaration reads as an export named 3 to
// the auto-import scanner (unimport), which then breaks every test importing this file.
const SETTINGS_MIGRATIONS = { 2: migrateV1toV2, 3: migrateV2toV3 };

export const settingsItem = defineItem<unknown>(`local:${SETTINGS_STORAGE_KEY}`, {
  fallback: DEFAULT_SETTINGS,
  version: SETTINGS_VERSION,
  migrations: SETTINGS_MIGRATIONS,
});

/** The API key. Only the background reads it (docs/architecture.md); local, never synced. */
export const apiKeyItem = defineItem<string>(`local:${API_KEY_STORAGE_KEY}`, { fallback: '' });

export async function getSettings(): Promise<Settings> {
  return sanitizeSettings(await settingsItem.getValue());
}

export async function updateSettings(patch: Partial<Settings>): Promise<Settings> {
  const stored = await settingsItem.getValue();
  const next = sanitizeSettings({ ...sanitizeSettings(stored), ...patch });
  // Only the patched fields are written over what is stored: fields, and values, that a newer
  // release wrote and this one cannot read (a browser's profile can go back a version) stay.
  const changed: Record<string, unknown> = Object.fromEntries(
    (Object.keys(patch) as (keyof Settings)[])
      .filter((key) => key in SETTINGS_FIELD_SCHEMAS)
      .map((key) => [key, next[key]]),
  );
  if ('forumSites' in changed)
    changed.forumSites = overStoredSites(asObject(stored)?.forumSites, next.forumSites);
  await settingsItem.setValue({ ...(asObject(stored) ?? {}), ...changed });
  return next;
}

export function watchSettings(callback: (settings: Settings) => void): () => void {
  return settingsItem.watch((value) => callback(sanitizeSettings(value)));
}

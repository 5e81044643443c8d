// Property tests for utils/settings.ts.
// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  MAX_BADGE_INTERVAL_SECONDS,
  MAX_HOVER_DELAY_MS,
  MIN_BADGE_INTERVAL_SECONDS,
  MIN_HOVER_DELAY_MS,
} from '@/utils/limits';
import { DEFAULT_SETTINGS, migrateV1toV2, type Settings, sanitizeSettings } from '@/utils/settings';

/** What a valid Settings value is, written out independently of the module's own schemas. */
const ValidSettings = z.strictObject({
  apiBaseUrl: z.string().max(2000),
  forumSites: z
    .array(
      z.strictObject({
        origin: z.string().regex(/^https?:\/\/[^/\s]+$/),
        customSelector: z.string().max(500),
      }),
    )
    .max(200),
  badgeEnabled: z.boolean(),
  badgeIntervalSeconds: z.number().int().min(MIN_BADGE_INTERVAL_SECONDS).max(MAX_BADGE_INTERVAL_SECONDS),
  hoverDelayMs: z.number().int().min(MIN_HOVER_DELAY_MS).max(MAX_HOVER_DELAY_MS),
  ownName: z.string().regex(/^([A-Za-z0-9_]{3,16})?$/),
  badgeShows: z.enum(['online-count', 'watched-online']),
  badgePace: z.enum(['automatic', 'fixed']),
  backgroundRequestsPerHour: z.number().int().min(6).max(120),
  notifyWatchedOnline: z.boolean(),
  reminderMinutes: z.int().check(z.gte(1), z.lte(30)),
  progressResetHour: z.int().check(z.gte(0), z.lte(23)),
  rankWatch: z.boolean(),
  rankNotify: z.boolean(),
  rankNotifyTop: z.union([z.literal(10), z.literal(25), z.literal(50), z.literal(100)]),
});

/** Any JSON value, not too deep (deeper values only slow the suite down). */
const json = fc.jsonValue({ maxDepth: 3 });

const FIELDS = Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[];

const origin = fc.oneof(
  fc.webUrl().map((url) => new URL(url).origin),
  fc.constantFrom('https://forum.example.net', 'http://127.0.0.1:8080', 'https://[::1]'),
);
const gameName = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_'.split('')),
  minLength: 3,
  maxLength: 16,
});
const validSite = fc.record({ origin, customSelector: fc.string({ maxLength: 50 }) });

const validSettings: fc.Arbitrary<Settings> = fc.record({
  apiBaseUrl: fc.oneof(fc.constant(''), fc.webUrl()),
  forumSites: fc.array(validSite, { maxLength: 5 }),
  badgeEnabled: fc.boolean(),
  badgeIntervalSeconds: fc.integer({ min: MIN_BADGE_INTERVAL_SECONDS, max: MAX_BADGE_INTERVAL_SECONDS }),
  badgePace: fc.constantFrom('automatic', 'fixed'),
  hoverDelayMs: fc.integer({ min: MIN_HOVER_DELAY_MS, max: MAX_HOVER_DELAY_MS }),
  ownName: fc.oneof(fc.constant(''), gameName),
  badgeShows: fc.constantFrom('online-count', 'watched-online'),
  backgroundRequestsPerHour: fc.integer({ min: 6, max: 120 }),
  notifyWatchedOnline: fc.boolean(),
  reminderMinutes: fc.integer({ min: 1, max: 30 }),
  progressResetHour: fc.integer({ min: 0, max: 23 }),
  rankWatch: fc.boolean(),
  rankNotify: fc.boolean(),
  rankNotifyTop: fc.constantFrom(10, 25, 50, 100),
});

/** Objects with the settings' keys holding a mix of good values, near misses and junk. */
const settingsLike = fc.record(
  {
    apiBaseUrl: fc.oneof(fc.string(), fc.webUrl(), fc.constant('x'.repeat(2001)), json),
    forumSites: fc.oneof(
      fc.array(
        fc.oneof(
          validSite,
          origin,
          fc.record({ origin: fc.string(), customSelector: json }, { requiredKeys: [] }),
          fc.constant({ origin: 'https://x.net', customSelector: 'a'.repeat(501) }),
          json,
        ),
        { maxLength: 6 },
      ),
      json,
    ),
    badgeEnabled: fc.oneof(fc.boolean(), json),
    badgeIntervalSeconds: fc.oneof(fc.integer({ min: -100, max: 5000 }), fc.double(), json),
    hoverDelayMs: fc.oneof(fc.integer({ min: -100, max: 5000 }), fc.double(), json),
    ownName: fc.oneof(
      gameName,
      fc.string(),
      fc.constantFrom('', 'ab', 'x'.repeat(17), 'Steve\u202E', 'Ste ve'),
    ),
    badgeShows: fc.oneof(fc.constantFrom('online-count', 'watched-online', 'both'), json),
    badgePace: fc.oneof(fc.constantFrom('automatic', 'fixed', 'sometimes'), json),
    backgroundRequestsPerHour: fc.oneof(fc.integer({ min: -10, max: 500 }), fc.double(), json),
    notifyWatchedOnline: fc.oneof(fc.boolean(), json),
    progressResetHour: fc.oneof(fc.integer({ min: -2, max: 30 }), fc.double(), json),
    rankNotifyTop: fc.oneof(fc.constantFrom(10, 25, 11, 1000), json),
    badgeIntervalMinutes: fc.oneof(fc.integer({ min: -5, max: 120 }), fc.double(), json),
    __proto__: json,
  },
  { requiredKeys: [] },
);

const anyStored = fc.oneof(
  { weight: 2, arbitrary: json },
  { weight: 3, arbitrary: settingsLike },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
);

function expectValid(settings: Settings): void {
  const parsed = ValidSettings.safeParse(settings);
  expect(parsed.success, parsed.error?.message).toBe(true);
}

describe('sanitizeSettings: properties', () => {
  it('returns a valid Settings for any JSON value', () => {
    fc.assert(
      fc.property(json, (raw) => expectValid(sanitizeSettings(raw))),
      { numRuns: 300 },
    );
  });

  it('returns a valid Settings for settings-shaped junk, and for anything at all', () => {
    fc.assert(
      fc.property(anyStored, (raw) => expectValid(sanitizeSettings(raw))),
      { numRuns: 400 },
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(anyStored, (raw) => {
        const once = sanitizeSettings(raw);
        expect(sanitizeSettings(once)).toEqual(once);
      }),
      { numRuns: 400 },
    );
  });

  it('leaves valid settings unchanged', () => {
    fc.assert(
      fc.property(validSettings, (settings) => {
        expect(sanitizeSettings(settings)).toEqual(settings);
      }),
      { numRuns: 300 },
    );
  });

  it('field by field: a valid field survives whatever the other fields hold; a bad one gets its default', () => {
    fc.assert(
      fc.property(validSettings, settingsLike, fc.constantFrom(...FIELDS), (valid, junk, field) => {
        const out = sanitizeSettings({ ...junk, [field]: valid[field] });
        expect(out[field]).toEqual(valid[field]);
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.constantFrom(...FIELDS), (field) => {
        expect(sanitizeSettings({ [field]: Symbol('not storable') })[field]).toEqual(DEFAULT_SETTINGS[field]);
      }),
      { numRuns: 20 },
    );
  });

  it('never hands out shared objects: changing the result changes neither the input nor the defaults', () => {
    fc.assert(
      fc.property(anyStored, (raw) => {
        const before = JSON.stringify(raw);
        const out = sanitizeSettings(raw);
        out.forumSites.push({ origin: 'https://mutated.example', customSelector: '' });
        for (const site of out.forumSites) site.customSelector = 'mutated';
        expect(JSON.stringify(raw)).toBe(before);
        expect(DEFAULT_SETTINGS.forumSites).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('migrateV1toV2: properties', () => {
  it('never throws, and its result always sanitises to a valid Settings', () => {
    fc.assert(
      fc.property(anyStored, (raw) => expectValid(sanitizeSettings(migrateV1toV2(raw)))),
      { numRuns: 400 },
    );
  });

  it('is idempotent on objects (migrating twice changes nothing)', () => {
    fc.assert(
      fc.property(fc.oneof(settingsLike, json), (raw) => {
        const once = migrateV1toV2(raw);
        expect(migrateV1toV2(once)).toEqual(once);
      }),
      { numRuns: 300 },
    );
  });

  it('carries v1 origins and minutes over to v2 sites and seconds', () => {
    fc.assert(
      fc.property(
        fc.array(origin, { maxLength: 5 }),
        fc.integer({ min: 1, max: MAX_BADGE_INTERVAL_SECONDS / 60 }),
        fc.boolean(),
        (origins, minutes, badgeEnabled) => {
          const v2 = sanitizeSettings(
            migrateV1toV2({ forumSites: origins, badgeIntervalMinutes: minutes, badgeEnabled }),
          );
          expect(v2.forumSites).toEqual(origins.map((o) => ({ origin: o, customSelector: '' })));
          expect(v2.badgeIntervalSeconds).toBe(minutes * 60);
          expect(v2.badgeEnabled).toBe(badgeEnabled);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps sites that are already in the v2 shape', () => {
    fc.assert(
      fc.property(fc.array(validSite, { maxLength: 5 }), (sites) => {
        expect(sanitizeSettings(migrateV1toV2({ forumSites: sites })).forumSites).toEqual(sites);
      }),
      { numRuns: 200 },
    );
  });
});

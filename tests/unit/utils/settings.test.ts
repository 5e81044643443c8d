import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MAX_FORUM_SITES } from '@/utils/limits';
import {
  apiKeyItem,
  DEFAULT_SETTINGS,
  getSettings,
  migrateV1toV2,
  migrateV2toV3,
  SETTINGS_VERSION,
  sanitizeSettings,
  settingsItem,
  updateSettings,
  watchSettings,
} from '@/utils/settings';

beforeEach(() => {
  fakeBrowser.reset();
});

describe('defaults', () => {
  it('nothing stored → the defaults', async () => {
    expect(await getSettings()).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toEqual({
      apiBaseUrl: '',
      forumSites: [],
      badgeEnabled: true,
      badgeIntervalSeconds: 60,
      badgePace: 'automatic',
      hoverDelayMs: 300,
      ownName: '',
      badgeShows: 'online-count',
      backgroundRequestsPerHour: 60,
      notifyWatchedOnline: false,
      reminderMinutes: 5,
      progressResetHour: 0,
      rankWatch: false,
      rankNotify: false,
      rankNotifyTop: 10,
    });
  });

  it('the key lives in storage.local, apart from the settings, and defaults to empty', async () => {
    expect(await apiKeyItem.getValue()).toBe('');
    await apiKeyItem.setValue('abc');
    expect(await fakeBrowser.storage.local.get('apiKey')).toEqual({ apiKey: 'abc' });
    expect(await fakeBrowser.storage.sync.get(null)).toEqual({});
    expect(JSON.stringify(await getSettings())).not.toContain('abc');
  });
});

describe('invalid stored values fall back to defaults, field by field', () => {
  it.each([
    ['a non-object', 'garbage'],
    ['null', null],
    ['an array', [1, 2]],
  ])('%s → all defaults', (_, raw) => {
    expect(sanitizeSettings(raw)).toEqual(DEFAULT_SETTINGS);
  });

  it('keeps the good fields and replaces the bad ones', () => {
    const settings = sanitizeSettings({
      apiBaseUrl: 'https://stats.example.net',
      badgeEnabled: 'yes',
      badgeIntervalSeconds: 5,
      hoverDelayMs: 99_999,
      ownName: 'no spaces allowed',
      unknown: 1,
    });
    expect(settings).toEqual({ ...DEFAULT_SETTINGS, apiBaseUrl: 'https://stats.example.net' });
  });

  it.each([
    [29, 60],
    [30, 30],
    [3600, 3600],
    [3601, 60],
    [45.5, 60],
    [Number.NaN, 60],
  ])('badge interval %s s → %s s', (stored, expected) => {
    expect(sanitizeSettings({ badgeIntervalSeconds: stored }).badgeIntervalSeconds).toBe(expected);
  });

  it('drops an unreadable forum site and keeps the others', () => {
    const settings = sanitizeSettings({
      forumSites: [
        { origin: 'https://a.example' },
        { origin: 'javascript:alert(1)' },
        'https://b.example',
        { origin: 'https://c.example/path' },
        { origin: 'https://d.example', customSelector: '.user' },
      ],
    });
    expect(settings.forumSites).toEqual([
      { origin: 'https://a.example', customSelector: '' },
      { origin: 'https://d.example', customSelector: '.user' },
    ]);
  });

  it('getSettings() reads through the same sanitiser', async () => {
    await fakeBrowser.storage.local.set({
      settings: { badgeEnabled: false, hoverDelayMs: -1 },
      settings$: { v: 2 },
    });
    expect(await getSettings()).toEqual({ ...DEFAULT_SETTINGS, badgeEnabled: false });
  });
});

describe('updateSettings and watchSettings', () => {
  it('merges a patch, sanitises it and stores it with the current version', async () => {
    const next = await updateSettings({ badgeIntervalSeconds: 120, hoverDelayMs: -5 });
    expect(next).toEqual({ ...DEFAULT_SETTINGS, badgeIntervalSeconds: 120 });
    expect(await getSettings()).toEqual(next);
    expect(await settingsItem.getMeta()).toEqual({ v: SETTINGS_VERSION });
  });

  it('keeps what a newer release stored and this one cannot read: unknown fields, values and version', async () => {
    const newer = {
      ...DEFAULT_SETTINGS,
      badgeShows: 'alerts-waiting',
      themeColour: 'teal',
      badgeIntervalSeconds: 90,
    };
    await fakeBrowser.storage.local.set({ settings: newer, settings$: { v: SETTINGS_VERSION + 1 } });
    expect((await getSettings()).badgeShows).toBe('online-count');
    await updateSettings({ badgeEnabled: false });
    expect(await fakeBrowser.storage.local.get(['settings', 'settings$'])).toEqual({
      settings: { ...newer, badgeEnabled: false },
      settings$: { v: SETTINGS_VERSION + 1 },
    });
  });

  it('adding or removing a forum site keeps a newer release’s sites and site fields it cannot read (issue 33, suspicion)', async () => {
    const known = { origin: 'https://one.example.net', customSelector: '', colour: 'teal' };
    const unreadable = {
      origin: 'https://two.example.net',
      customSelector: '',
      match: { kind: 'path', value: 42 },
    };
    const newer = { origin: 'wss://three.example.net', software: 'discourse' };
    const stored = { ...DEFAULT_SETTINGS, forumSites: [known, { ...unreadable, customSelector: 7 }, newer] };
    await fakeBrowser.storage.local.set({ settings: stored, settings$: { v: SETTINGS_VERSION + 1 } });
    const { forumSites } = await getSettings();
    await updateSettings({
      forumSites: [...forumSites, { origin: 'https://four.example.net', customSelector: '' }],
    });
    const added = (await settingsItem.getValue()) as { forumSites: unknown[] };
    expect(added.forumSites).toEqual([
      known,
      { ...unreadable, customSelector: 7 },
      newer,
      { origin: 'https://four.example.net', customSelector: '' },
    ]);
    await updateSettings({
      forumSites: (await getSettings()).forumSites.filter((site) => site.origin !== known.origin),
    });
    const removed = (await settingsItem.getValue()) as { forumSites: unknown[] };
    expect(removed.forumSites).toEqual([
      { ...unreadable, customSelector: 7 },
      newer,
      { origin: 'https://four.example.net', customSelector: '' },
    ]);
  });

  it('a newer list of more than 200 forum sites reads as its first 200, and a removal keeps the others', async () => {
    const sites = Array.from({ length: MAX_FORUM_SITES + 20 }, (_, n) => ({
      origin: `https://forum${n}.example.net`,
      customSelector: '',
    }));
    await fakeBrowser.storage.local.set({ settings: { ...DEFAULT_SETTINGS, forumSites: sites } });
    const { forumSites } = await getSettings();
    expect(forumSites).toEqual(sites.slice(0, MAX_FORUM_SITES));
    await updateSettings({ forumSites: forumSites.slice(1) });
    const stored = (await settingsItem.getValue()) as { forumSites: unknown[] };
    expect(stored.forumSites).toEqual(sites.slice(1));
  });

  it('tells watchers the sanitised settings', async () => {
    const seen = vi.fn();
    const stop = watchSettings(seen);
    await updateSettings({ badgeEnabled: false });
    expect(seen).toHaveBeenLastCalledWith({ ...DEFAULT_SETTINGS, badgeEnabled: false });
    stop();
  });
});

describe('migrations', () => {
  it('v1 → v2: forum sites become objects, the interval moves from minutes to seconds', () => {
    expect(
      migrateV1toV2({
        apiBaseUrl: 'https://stats.example.net',
        forumSites: ['https://a.example', 'https://b.example'],
        badgeIntervalMinutes: 2,
        badgeEnabled: false,
      }),
    ).toEqual({
      apiBaseUrl: 'https://stats.example.net',
      forumSites: [
        { origin: 'https://a.example', customSelector: '' },
        { origin: 'https://b.example', customSelector: '' },
      ],
      badgeIntervalSeconds: 120,
      badgeEnabled: false,
    });
  });

  it('v1 → v2 keeps sites already in the v2 shape (settings written without their version mark)', () => {
    expect(migrateV1toV2({ forumSites: [{ origin: 'https://a.example', customSelector: '.u' }, 3] })).toEqual(
      {
        forumSites: [{ origin: 'https://a.example', customSelector: '.u' }],
      },
    );
  });

  it('v1 → v2 leaves what it does not understand for the sanitiser', () => {
    expect(migrateV1toV2(null)).toBeNull();
    expect(migrateV1toV2('x')).toBe('x');
    expect(migrateV1toV2({ forumSites: 'x', badgeIntervalMinutes: 'y' })).toEqual({ forumSites: 'x' });
  });

  it('runs through WXT storage: stored v1 settings are read as v2 and saved with the new version', async () => {
    await fakeBrowser.storage.local.set({
      settings: { forumSites: ['https://a.example'], badgeIntervalMinutes: 0.5, hoverDelayMs: 100 },
      settings$: { v: 1 },
    });
    await settingsItem.migrate();
    expect(await getSettings()).toEqual({
      ...DEFAULT_SETTINGS,
      forumSites: [{ origin: 'https://a.example', customSelector: '' }],
      badgeIntervalSeconds: 30,
      // 30 s was chosen by the user: it stays, as a fixed pace.
      badgePace: 'fixed',
      hoverDelayMs: 100,
    });
    expect(await fakeBrowser.storage.local.get('settings$')).toEqual({ settings$: { v: 3 } });
  });

  it('settings with no version mark are treated as v1 without losing v2 sites', async () => {
    await fakeBrowser.storage.local.set({
      settings: { forumSites: [{ origin: 'https://a.example', customSelector: '' }] },
    });
    await settingsItem.migrate();
    expect((await getSettings()).forumSites).toEqual([{ origin: 'https://a.example', customSelector: '' }]);
  });

  it('a v1 interval that converts below the minimum falls back to the default', async () => {
    await fakeBrowser.storage.local.set({ settings: { badgeIntervalMinutes: 0.1 }, settings$: { v: 1 } });
    await settingsItem.migrate();
    expect((await getSettings()).badgeIntervalSeconds).toBe(DEFAULT_SETTINGS.badgeIntervalSeconds);
  });

  it('v2 → v3: an interval the user chose stays as a fixed pace; none, or the default, becomes Automatic', () => {
    expect(migrateV2toV3({ badgeIntervalSeconds: 300, badgeEnabled: true })).toEqual({
      badgeIntervalSeconds: 300,
      badgeEnabled: true,
      badgePace: 'fixed',
    });
    expect(migrateV2toV3({ badgeEnabled: false })).toEqual({ badgeEnabled: false, badgePace: 'automatic' });
    expect(migrateV2toV3({ badgeIntervalSeconds: DEFAULT_SETTINGS.badgeIntervalSeconds })).toMatchObject({
      badgePace: 'automatic',
    });
    expect(migrateV2toV3({ badgePace: 'fixed' })).toEqual({ badgePace: 'fixed' });
    expect(migrateV2toV3(null)).toBeNull();
  });

  it('Automatic is the default for a new install and for stored v2 settings that never changed the interval', async () => {
    expect(DEFAULT_SETTINGS.badgePace).toBe('automatic');
    await fakeBrowser.storage.local.set({
      settings: { apiBaseUrl: 'https://stats.example.net' },
      settings$: { v: 2 },
    });
    await settingsItem.migrate();
    expect((await getSettings()).badgePace).toBe('automatic');
    await fakeBrowser.storage.local.set({ settings: { badgeIntervalSeconds: 600 }, settings$: { v: 2 } });
    await settingsItem.migrate();
    expect(await getSettings()).toMatchObject({ badgeIntervalSeconds: 600, badgePace: 'fixed' });
  });
});

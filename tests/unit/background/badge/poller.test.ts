// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { clockTime } from '@/entrypoints/background/badge/badge-states';
import {
  BADGE_STREAM,
  type BadgePoller,
  createBadgePoller,
  POLLER_STATE_KEY,
} from '@/entrypoints/background/badge/poller';
import { createGateway } from '@/entrypoints/background/gateway/gateway';
import { browserSessionStore } from '@/entrypoints/background/gateway/session-store';
import type { ApiError } from '@/utils/api/errors';
import type { PlayersCount } from '@/utils/api/schemas';
import type { OnlineCountRow } from '@/utils/history/history-rows';
import { COUNT_REUSE_MS, COUNT_SHARE_MS, MIN_BADGE_INTERVAL_SECONDS } from '@/utils/limits';
import type { Reply } from '@/utils/messages';
import { COUNT_READ_MAX_MS } from '@/utils/scheduler/count-pace';
import { apiKeyItem, getSettings, updateSettings } from '@/utils/settings';

const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);
let clock = T0;
let replies: Reply<PlayersCount>[] = [];
let countCalls = 0;
/** When set, the count's answer waits for it (a request in flight). */
let inFlight: Promise<void> | undefined;

const okCount = (online: number): Reply<PlayersCount> => ({ ok: true, data: { online }, fetchedAt: clock });
const failed = (error: ApiError): Reply<PlayersCount> => ({ ok: false, error });

/** A gateway that answers the count with the next queued reply (the last one repeats). */
const gateway = {
  playersCount: async (): Promise<Reply<PlayersCount>> => {
    countCalls += 1;
    await inFlight;
    const next = replies.length > 1 ? replies.shift() : replies[0];
    if (!next) throw new Error('no reply queued');
    return { ...next, ...(next.ok ? { fetchedAt: clock } : {}) } as Reply<PlayersCount>;
  },
};

let configured = true;
let watchedOnline = { online: 0, watched: 0 };

/** The recorded counts the Automatic pace reads; undefined: no history database. */
let history: OnlineCountRow[] | undefined;

function makePoller(): BadgePoller {
  return createBadgePoller({
    ...(history === undefined
      ? {}
      : {
          countHistory: async (from: number, to: number) =>
            (history ?? []).filter((row) => row.time >= from && row.time <= to),
        }),
    gateway,
    getSettings,
    isConfigured: async () => configured,
    store: browserSessionStore(),
    action: fakeBrowser.action,
    now: () => clock,
    watchedOnline: async () => watchedOnline,
  });
}

const badge = async () => ({
  text: await fakeBrowser.action.getBadgeText({}),
  title: await fakeBrowser.action.getTitle({}),
  color: await fakeBrowser.action.getBadgeBackgroundColor({}),
});
/** One slot of the scheduler given to the badge's stream. */
const runStream = (poller: BadgePoller) => poller.stream.run();

beforeEach(async () => {
  fakeBrowser.reset();
  clock = T0;
  replies = [okCount(1234)];
  countCalls = 0;
  inFlight = undefined;
  configured = true;
  watchedOnline = { online: 0, watched: 0 };
  history = undefined;
  await updateSettings({ badgeIntervalSeconds: 60 });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('badge states', () => {
  it('a count: the exact number while it fits, neutral colour, full number and fetch time in the title', async () => {
    await runStream(makePoller());
    expect(await badge()).toEqual({
      text: '1234',
      title: `Network Companion: 1,234 players online (as of ${clockTime(T0)}).`,
      color: [0x5f, 0x63, 0x68, 255],
    });
  });

  it('no key set: SET', async () => {
    replies = [failed({ kind: 'not-configured' })];
    await runStream(makePoller());
    expect((await badge()).text).toBe('SET');
  });

  it('invalid key: KEY, with a title naming the API key', async () => {
    replies = [failed({ kind: 'unauthorized' })];
    await runStream(makePoller());
    const { text, title } = await badge();
    expect(text).toBe('KEY');
    expect(title).toContain('API key');
  });

  it('rate limited: keeps the last count, greyed, and says when it retries', async () => {
    const poller = makePoller();
    await runStream(poller);
    replies = [failed({ kind: 'rate-limited', retryAfterSeconds: 120 })];
    clock += 60_000;
    await runStream(poller);
    const { text, title, color } = await badge();
    expect(text).toBe('1234');
    expect(color).not.toEqual([0x5f, 0x63, 0x68, 255]);
    expect(title).toContain(clockTime(clock + 120_000));
    expect(title).toContain('1,234 players online');
  });

  it('server unreachable (offline or timeout): OFF', async () => {
    replies = [failed({ kind: 'offline' })];
    await runStream(makePoller());
    expect((await badge()).text).toBe('OFF');
    replies = [failed({ kind: 'timeout' })];
    clock += 60_000;
    await runStream(makePoller());
    expect((await badge()).text).toBe('OFF');
  });

  it('bad response: ERR', async () => {
    replies = [failed({ kind: 'bad-response', detail: 'not JSON' })];
    await runStream(makePoller());
    expect((await badge()).text).toBe('ERR');
  });

  it('disabled: an empty badge and no request', async () => {
    await updateSettings({ badgeEnabled: false });
    const poller = makePoller();
    expect(await poller.stream.demand()).toBeNull();
    await poller.refresh();
    expect((await badge()).text).toBe('');
    expect((await badge()).title).toContain('off');
    expect(countCalls).toBe(0);
  });

  it('recovers by itself: the next successful poll shows the count again', async () => {
    replies = [failed({ kind: 'offline' }), okCount(77)];
    const poller = makePoller();
    await runStream(poller);
    expect((await badge()).text).toBe('OFF');
    clock += 60_000;
    await runStream(poller);
    expect((await badge()).text).toBe('77');
  });
});

describe('as a scheduler stream', () => {
  it('wants one count per badge interval while the badge is on and a connection is saved', async () => {
    await updateSettings({ badgePace: 'fixed' });
    const poller = makePoller();
    expect(poller.stream.id).toBe(BADGE_STREAM);
    expect(await poller.stream.demand()).toEqual({ everyMs: 60_000 });
    await updateSettings({ badgeIntervalSeconds: 600 });
    expect(await poller.stream.demand()).toEqual({ everyMs: 600_000 });
  });

  it('wants nothing while no connection is saved, and shows SET without a request', async () => {
    configured = false;
    const poller = makePoller();
    expect(await poller.stream.demand()).toBeNull();
    await poller.refresh();
    expect((await badge()).text).toBe('SET');
    expect(countCalls).toBe(0);
  });

  it('reports how its request went, for the scheduler’s backoff', async () => {
    replies = [
      failed({ kind: 'offline' }),
      failed({ kind: 'rate-limited', retryAfterSeconds: 9 }),
      okCount(3),
    ];
    const poller = makePoller();
    expect(await runStream(poller)).toEqual({ ok: false, failure: 'offline' });
    expect(await runStream(poller)).toEqual({ ok: false, failure: 'rate-limited' });
    expect(await runStream(poller)).toEqual({ ok: true });
  });

  it('failures in a row are counted across workers, and the title says when it tries again', async () => {
    replies = [failed({ kind: 'offline' })];
    await runStream(makePoller());
    await runStream(makePoller());
    expect(await fakeBrowser.storage.session.get(POLLER_STATE_KEY)).toMatchObject({
      [POLLER_STATE_KEY]: { failures: 2 },
    });
    // 60 s, doubled for the second failure.
    expect((await badge()).title).toContain(clockTime(clock + 120_000));
  });

  it('in the mode “watched players online”: no count requests, the badge counts watched players online', async () => {
    await updateSettings({ badgeShows: 'watched-online' });
    watchedOnline = { online: 2, watched: 5 };
    const poller = makePoller();
    expect(await poller.stream.demand()).toBeNull();
    await poller.refresh();
    expect(await badge()).toMatchObject({
      text: '2',
      title: expect.stringContaining('2 of 5 watched players online'),
    });
    // The popup still gets its count; the badge keeps the watched players.
    expect(await poller.poll('popup')).toMatchObject({ ok: true });
    expect((await badge()).text).toBe('2');
  });
});

describe('requests', () => {
  it('makes none while no key is set (with the real gateway)', async () => {
    const fetch = vi.fn();
    const realGateway = createGateway({ fetch: fetch as unknown as typeof globalThis.fetch });
    const poller = createBadgePoller({
      gateway: realGateway,
      getSettings,
      isConfigured: async () => false,
      store: browserSessionStore(),
      action: fakeBrowser.action,
    });
    await updateSettings({ apiBaseUrl: 'https://stats.example.net' });
    await poller.refresh();
    await poller.poll('popup');
    expect(fetch).not.toHaveBeenCalled();
    expect((await badge()).text).toBe('SET');

    await apiKeyItem.setValue('key');
    fetch.mockResolvedValue(
      new Response('{"online":3}', { headers: { 'Content-Type': 'application/json' } }),
    );
    await poller.stream.run();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect((await badge()).text).toBe('3');
  });

  it('the popup gets its count while the badge is off; the badge stays empty', async () => {
    await updateSettings({ badgeEnabled: false });
    const poller = makePoller();
    await poller.refresh();
    expect(await poller.poll('popup')).toEqual(okCount(1234));
    expect(countCalls).toBe(1);
    expect((await badge()).text).toBe('');
  });

  it('works without a badge API (nothing to show, the count still answers)', async () => {
    const poller = createBadgePoller({
      gateway,
      getSettings,
      isConfigured: async () => true,
      store: browserSessionStore(),
      action: undefined,
    });
    expect(await poller.poll('popup')).toMatchObject({ ok: true });
  });
});

describe('the popup’s count', () => {
  it('reuses a count younger than 30 s: opening the popup sends no request', async () => {
    const poller = makePoller();
    await runStream(poller);
    expect(countCalls).toBe(1);
    clock += 20_000;
    expect(await poller.poll('popup')).toEqual({ ok: true, data: { online: 1234 }, fetchedAt: T0 });
    expect(countCalls).toBe(1);
    clock = T0 + COUNT_REUSE_MS;
    expect(await poller.poll('popup')).toEqual(okCount(1234));
    expect(countCalls).toBe(2);
  });

  it('asks again when the last count failed, however recent', async () => {
    const poller = makePoller();
    replies = [okCount(5), failed({ kind: 'offline' }), okCount(6)];
    await runStream(poller);
    clock += 60_000; // the next slot, a badge interval on
    await runStream(poller);
    clock += 1_000;
    expect(await poller.poll('popup')).toEqual(okCount(6));
    expect(countCalls).toBe(3);
  });

  it('arrives before the badge is updated, and the badge still follows', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const setBadgeText = fakeBrowser.action.setBadgeText.bind(fakeBrowser.action);
    vi.spyOn(fakeBrowser.action, 'setBadgeText').mockImplementation(async (details) => {
      await held;
      await setBadgeText(details);
    });
    const poller = makePoller();
    expect(await poller.poll('popup')).toEqual(okCount(1234));
    expect((await badge()).text).toBe('');
    release();
    await vi.waitFor(async () => expect((await badge()).text).toBe('1234'));
  });
});

describe('a saved connection’s check', () => {
  it('a key refused: KEY at once, no count asked', async () => {
    const poller = makePoller();
    await runStream(poller);
    expect(await poller.connectionChecked({ ok: false, error: { kind: 'unauthorized' } })).toBe(true);
    expect((await badge()).text).toBe('KEY');
    expect(countCalls).toBe(1);
  });

  it('connected: a count at once (the history gets it too), shown', async () => {
    const poller = makePoller();
    replies = [okCount(42)];
    expect(await poller.connectionChecked({ ok: true, data: { status: 'ok' }, fetchedAt: clock })).toBe(true);
    expect(countCalls).toBe(1);
    expect((await badge()).text).toBe('42');
  });

  it('connected, and the slot the save asked for already fetched a count: shown, not asked twice', async () => {
    const poller = makePoller();
    const savedAt = clock;
    clock += 100;
    await runStream(poller);
    expect(
      await poller.connectionChecked({ ok: true, data: { status: 'ok' }, fetchedAt: clock }, savedAt),
    ).toBe(true);
    expect(countCalls).toBe(1);
    expect((await badge()).text).toBe('1234');
  });

  it('connected while the slot the save woke is still fetching: that count is shown, not asked twice', async () => {
    const poller = makePoller();
    const savedAt = clock;
    let release = () => {};
    inFlight = new Promise<void>((resolve) => (release = resolve));
    replies = [okCount(77)];
    const slot = runStream(poller);
    const checked = poller.connectionChecked({ ok: true, data: { status: 'ok' }, fetchedAt: clock }, savedAt);
    release();
    expect(await checked).toBe(true);
    expect(await slot).toEqual({ ok: true });
    expect(countCalls).toBe(1);
    expect((await badge()).text).toBe('77');
  });

  it('the slot the save woke, coming just after its check, shares that count, once', async () => {
    const poller = makePoller();
    replies = [okCount(42), okCount(43)];
    await poller.connectionChecked({ ok: true, data: { status: 'ok' }, fetchedAt: clock }, clock);
    clock += 2_000;
    expect(await runStream(poller)).toEqual({ ok: true });
    expect(countCalls).toBe(1);
    // Another slot (one asked for soon) asks, however close: a count stands in for one slot only.
    clock += 2_000;
    expect(await runStream(poller)).toEqual({ ok: true });
    expect(countCalls).toBe(2);
    expect((await badge()).text).toBe('43');
  });

  it('a popup’s count seconds before a slot does not stand in for it: the slot asks', async () => {
    const poller = makePoller();
    replies = [okCount(5), failed({ kind: 'offline' })];
    await poller.poll('popup');
    clock += 2_000;
    expect(await runStream(poller)).toEqual({ ok: false, failure: 'offline' });
    expect(countCalls).toBe(2);
  });

  it('shares only within less than the shortest badge interval, so no regular slot is skipped', () => {
    expect(COUNT_SHARE_MS).toBeLessThan(MIN_BADGE_INTERVAL_SECONDS * 1000);
  });

  it('anything else leaves the badge to the next slot', async () => {
    const poller = makePoller();
    expect(await poller.connectionChecked({ ok: false, error: { kind: 'offline' } })).toBe(false);
    expect(countCalls).toBe(0);
  });
});

describe('Automatic pace (issue 37)', () => {
  /** Two weeks of a count that barely moves, read every 2 minutes. */
  const quietHistory = (count: number): OnlineCountRow[] =>
    Array.from({ length: (14 * 24 * 60) / 2 }, (_, i) => ({
      time: T0 - 14 * 24 * 3_600_000 + i * 120_000,
      count: count + (i % 2),
    }));

  it('reads a quiet count only every 10 minutes, from its last reading', async () => {
    history = quietHistory(1234);
    const poller = makePoller();
    // No reading yet: the badge's interval, to get one.
    expect(await poller.stream.demand()).toEqual({ everyMs: 60_000 });
    await runStream(poller);
    expect(await poller.stream.demand()).toEqual({
      everyMs: COUNT_READ_MAX_MS,
      dueAt: T0 + COUNT_READ_MAX_MS,
      floorAt: T0 + COUNT_READ_MAX_MS,
      // Just read: no news yet (utils/scheduler/news.ts).
      news: 0,
    });
  });

  it('counts a popup reading as one: the next read is counted from it', async () => {
    history = quietHistory(1234);
    const poller = makePoller();
    await runStream(poller);
    clock += 4 * 60_000;
    replies = [okCount(1240)];
    await poller.poll('popup');
    // Badge updates run one at a time: once this one ran, the popup's count is stored.
    await poller.refresh();
    expect(await poller.stream.demand()).toEqual({
      everyMs: COUNT_READ_MAX_MS,
      dueAt: clock + COUNT_READ_MAX_MS,
      floorAt: clock + COUNT_READ_MAX_MS,
      news: 0,
    });
  });

  it('reads sooner when the recent counts climb, and the badge shows only what was read', async () => {
    // Quiet for two weeks, then +20 players a minute over the last 10 minutes.
    history = [
      ...quietHistory(1000),
      ...Array.from({ length: 6 }, (_, i) => ({
        time: T0 - 10 * 60_000 + i * 120_000,
        count: 1000 + 40 * i,
      })),
    ];
    replies = [okCount(1200)];
    const poller = makePoller();
    await runStream(poller);
    const demand = await poller.stream.demand();
    expect(demand?.dueAt).toBeDefined();
    expect((demand?.dueAt ?? 0) - T0).toBeLessThan(COUNT_READ_MAX_MS);
    expect((demand?.dueAt ?? 0) - T0).toBeGreaterThanOrEqual(60_000);
    clock = demand?.dueAt ?? clock;
    // The predicted count would be higher; the badge says the count read, and when it was read.
    expect(await badge()).toMatchObject({ text: '1200' });
    expect((await badge()).title).toContain(clockTime(T0));
  });

  it('with no readable history (or none recorded), paces like the fixed interval, from its last slot', async () => {
    history = [];
    const poller = makePoller();
    await runStream(poller);
    expect(await poller.stream.demand()).toEqual({ everyMs: 60_000 });
    history = undefined;
    expect(await makePoller().stream.demand()).toEqual({ everyMs: 60_000 });
  });
});

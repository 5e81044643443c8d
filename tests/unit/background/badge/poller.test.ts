// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { clockTime } from '../../../../entrypoints/background/badge/badge-states';
import {
  BADGE_ALARM,
  type BadgePoller,
  backoffDelayMs,
  createBadgePoller,
  MAX_BACKOFF_MS,
  POLLER_STATE_KEY,
  SETTLE_MS,
} from '../../../../entrypoints/background/badge/poller';
import { createGateway } from '../../../../entrypoints/background/gateway/gateway';
import { browserSessionStore } from '../../../../entrypoints/background/gateway/session-store';
import type { ApiError } from '../../../../utils/api/errors';
import type { PlayersCount } from '../../../../utils/api/schemas';
import type { Reply } from '../../../../utils/messages';
import { apiKeyItem, getSettings, updateSettings } from '../../../../utils/settings';

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

function makePoller(): BadgePoller {
  return createBadgePoller({
    gateway,
    getSettings,
    store: browserSessionStore(),
    alarms: fakeBrowser.alarms,
    action: fakeBrowser.action,
    now: () => clock,
  });
}

const badge = async () => ({
  text: await fakeBrowser.action.getBadgeText({}),
  title: await fakeBrowser.action.getTitle({}),
  color: await fakeBrowser.action.getBadgeBackgroundColor({}),
});
/** When the badge alarm will fire, in seconds from now; undefined when none is set. */
const alarmIn = async () => {
  const alarm = await fakeBrowser.alarms.get(BADGE_ALARM);
  return alarm ? (alarm.scheduledTime - Date.now()) / 1000 : undefined;
};

beforeEach(async () => {
  fakeBrowser.reset();
  clock = T0;
  replies = [okCount(1234)];
  countCalls = 0;
  inFlight = undefined;
  await updateSettings({ badgeIntervalSeconds: 60 });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('badge states', () => {
  it('a count: compact text, neutral colour, full number and fetch time in the title', async () => {
    await makePoller().poll('popup');
    expect(await badge()).toEqual({
      text: '1.2k',
      title: `Network Companion: 1,234 players online (as of ${clockTime(T0)}).`,
      color: [0x5f, 0x63, 0x68, 255],
    });
  });

  it('no key set: SET', async () => {
    replies = [failed({ kind: 'not-configured' })];
    await makePoller().poll('startup');
    expect((await badge()).text).toBe('SET');
  });

  it('invalid key: KEY, with a title naming the API key', async () => {
    replies = [failed({ kind: 'unauthorized' })];
    await makePoller().poll('startup');
    const { text, title } = await badge();
    expect(text).toBe('KEY');
    expect(title).toContain('API key');
  });

  it('rate limited: keeps the last count, greyed, and says when it retries', async () => {
    const poller = makePoller();
    await poller.poll('startup');
    replies = [failed({ kind: 'rate-limited', retryAfterSeconds: 120 })];
    clock += 60_000;
    await poller.poll('alarm');
    const { text, title, color } = await badge();
    expect(text).toBe('1.2k');
    expect(color).not.toEqual([0x5f, 0x63, 0x68, 255]);
    expect(title).toContain(clockTime(clock + 120_000));
    expect(title).toContain('1,234 players online');
  });

  it('server unreachable (offline or timeout): OFF', async () => {
    replies = [failed({ kind: 'offline' })];
    await makePoller().poll('startup');
    expect((await badge()).text).toBe('OFF');
    replies = [failed({ kind: 'timeout' })];
    clock += 60_000;
    await makePoller().poll('alarm');
    expect((await badge()).text).toBe('OFF');
  });

  it('bad response: ERR', async () => {
    replies = [failed({ kind: 'bad-response', detail: 'not JSON' })];
    await makePoller().poll('startup');
    expect((await badge()).text).toBe('ERR');
  });

  it('disabled: an empty badge and no request', async () => {
    await updateSettings({ badgeEnabled: false });
    await makePoller().poll('startup');
    expect((await badge()).text).toBe('');
    expect((await badge()).title).toContain('off');
    expect(countCalls).toBe(0);
  });

  it('recovers by itself: the next successful poll shows the count again', async () => {
    replies = [failed({ kind: 'offline' }), okCount(77)];
    const poller = makePoller();
    await poller.poll('startup');
    expect((await badge()).text).toBe('OFF');
    clock += 60_000;
    await poller.handleAlarm({ name: BADGE_ALARM });
    expect((await badge()).text).toBe('77');
  });
});

describe('the alarm', () => {
  it('is created once at start-up and re-armed after each poll, never duplicated', async () => {
    const create = vi.spyOn(fakeBrowser.alarms, 'create');
    const poller = makePoller();
    // Each poll arms the alarm twice under the same name (so there is only ever one alarm):
    // before the request, in case the worker is stopped while it waits, and after the answer.
    await poller.start();
    expect(countCalls).toBe(1);
    expect(create).toHaveBeenCalledTimes(2);
    expect(create).toHaveBeenLastCalledWith(BADGE_ALARM, { delayInMinutes: 1 });

    // Another start while the alarm is set (a worker woken by a message): nothing to do.
    await makePoller().start();
    expect(countCalls).toBe(1);
    expect(create).toHaveBeenCalledTimes(2);

    for (let poll = 2; poll <= 4; poll++) {
      clock += 60_000;
      await fakeBrowser.alarms.clear(BADGE_ALARM); // a one-shot alarm is gone once it fired
      await poller.handleAlarm({ name: BADGE_ALARM });
      expect(countCalls).toBe(poll);
      expect(create).toHaveBeenCalledTimes(poll * 2);
      expect(await fakeBrowser.alarms.getAll()).toHaveLength(1);
    }
    expect(await fakeBrowser.alarms.getAll()).toHaveLength(1);
  });

  it('ignores other alarms', async () => {
    const poller = makePoller();
    await poller.handleAlarm({ name: 'something-else' });
    expect(countCalls).toBe(0);
  });

  it('uses the interval from the settings, never below 30 s', async () => {
    await updateSettings({ badgeIntervalSeconds: 30 });
    await makePoller().poll('startup');
    expect(await alarmIn()).toBeCloseTo(30, 0);
    await updateSettings({ badgeIntervalSeconds: 600 });
    await makePoller().poll('settings');
    expect(await alarmIn()).toBeCloseTo(600, 0);
  });

  it('a popup poll pushes the next alarm back a full interval (one request per interval while idle)', async () => {
    const create = vi.spyOn(fakeBrowser.alarms, 'create');
    const poller = makePoller();
    await poller.poll('startup');
    clock += 40_000;
    await poller.poll('popup');
    expect(create).toHaveBeenCalledTimes(4); // armed before and after each of the two polls
    expect(create).toHaveBeenLastCalledWith(BADGE_ALARM, { delayInMinutes: 1 });
  });

  it.each([
    ['the start-up code runs first', false],
    ['the alarm listener runs first', true],
  ])('an alarm that wakes a stopped worker polls once (%s)', async (_, alarmFirst) => {
    const poller = makePoller();
    await poller.poll('startup');
    clock += 60_000;
    await fakeBrowser.alarms.clear(BADGE_ALARM); // it fired: a one-shot alarm is gone
    const woken = makePoller();
    const fired = { name: BADGE_ALARM, scheduledTime: clock };
    await Promise.all(
      alarmFirst ? [woken.handleAlarm(fired), woken.start()] : [woken.start(), woken.handleAlarm(fired)],
    );
    expect(countCalls).toBe(2);
    expect(await fakeBrowser.alarms.getAll()).toHaveLength(1);
  });

  it('a worker stopped while waiting for the count still has an alarm to wake it', async () => {
    const poller = makePoller();
    await poller.poll('startup');
    clock += 60_000;
    await fakeBrowser.alarms.clear(BADGE_ALARM); // it fired
    let answer: () => void = () => {};
    inFlight = new Promise((resolve) => {
      answer = resolve;
    });
    const pending = poller.handleAlarm({ name: BADGE_ALARM });
    await vi.waitFor(() => expect(countCalls).toBe(2));
    // The worker could be stopped here, before the answer: an alarm is already set.
    expect(await fakeBrowser.alarms.get(BADGE_ALARM)).toBeDefined();
    answer();
    await pending;
    expect(await fakeBrowser.alarms.getAll()).toHaveLength(1);
  });

  it('a start-up while the alarm is set makes no request', async () => {
    await makePoller().poll('startup');
    await makePoller().start();
    expect(countCalls).toBe(1);
  });

  it('an alarm that came due before the last fetch makes no request; a later one does', async () => {
    const poller = makePoller();
    await poller.poll('popup');
    await poller.handleAlarm({ name: BADGE_ALARM, scheduledTime: clock - 1 });
    await poller.handleAlarm({ name: BADGE_ALARM, scheduledTime: clock });
    expect(countCalls).toBe(1);
    clock += 60_000;
    await poller.handleAlarm({ name: BADGE_ALARM, scheduledTime: clock });
    expect(countCalls).toBe(2);
  });

  it('explicit polls (settings saved, popup opened) always ask', async () => {
    const poller = makePoller();
    await poller.poll('startup');
    await poller.poll('settings');
    await poller.poll('popup');
    expect(countCalls).toBe(3);
  });

  it('is cleared while the badge is off or no key is set', async () => {
    const poller = makePoller();
    await poller.poll('startup');
    expect(await alarmIn()).toBeDefined();
    await updateSettings({ badgeEnabled: false });
    await poller.poll('settings');
    expect(await alarmIn()).toBeUndefined();

    await updateSettings({ badgeEnabled: true });
    replies = [failed({ kind: 'not-configured' })];
    await poller.poll('settings');
    expect(await alarmIn()).toBeUndefined();
  });
});

describe('backoff', () => {
  it('doubles the delay on consecutive failures up to 5 minutes, and resets on success', async () => {
    replies = [
      failed({ kind: 'offline' }),
      failed({ kind: 'offline' }),
      failed({ kind: 'bad-response', detail: 'x' }),
      failed({ kind: 'offline' }),
      failed({ kind: 'offline' }),
      okCount(5),
    ];
    const poller = makePoller();
    const delays: (number | undefined)[] = [];
    for (let i = 0; i < 6; i++) {
      await poller.poll('settings');
      delays.push(await alarmIn());
    }
    expect(delays.map((d) => Math.round(d ?? -1))).toEqual([60, 120, 240, 300, 300, 60]);
  });

  it('the backoff survives the worker restarting', async () => {
    replies = [failed({ kind: 'offline' })];
    await makePoller().poll('settings');
    await makePoller().poll('settings');
    expect(await fakeBrowser.storage.session.get(POLLER_STATE_KEY)).toMatchObject({
      [POLLER_STATE_KEY]: { failures: 2 },
    });
    await makePoller().poll('settings');
    expect(Math.round((await alarmIn()) ?? 0)).toBe(240);
  });

  it('never polls more often than the interval, even when it is longer than 5 minutes', () => {
    expect(backoffDelayMs(60_000, 1)).toBe(60_000);
    expect(backoffDelayMs(60_000, 10)).toBe(MAX_BACKOFF_MS);
    expect(backoffDelayMs(600_000, 3)).toBe(600_000);
    expect(backoffDelayMs(30_000, 40)).toBe(MAX_BACKOFF_MS);
  });

  it('rate limited: the next poll waits for the end of the pause, and at least the interval', async () => {
    replies = [failed({ kind: 'rate-limited', retryAfterSeconds: 200 })];
    await makePoller().poll('settings');
    expect(Math.round((await alarmIn()) ?? 0)).toBe(200);
    replies = [failed({ kind: 'rate-limited', retryAfterSeconds: 5 })];
    await makePoller().poll('settings');
    expect(Math.round((await alarmIn()) ?? 0)).toBe(60);
  });
});

describe('requests', () => {
  it('makes none while no key is set (with the real gateway)', async () => {
    const fetch = vi.fn();
    const realGateway = createGateway({ fetch: fetch as unknown as typeof globalThis.fetch });
    const poller = createBadgePoller({
      gateway: realGateway,
      getSettings,
      store: browserSessionStore(),
      alarms: fakeBrowser.alarms,
      action: fakeBrowser.action,
    });
    await updateSettings({ apiBaseUrl: 'https://stats.example.net' });
    await poller.start();
    await poller.poll('settings');
    await poller.poll('popup');
    expect(fetch).not.toHaveBeenCalled();
    expect((await badge()).text).toBe('SET');

    await apiKeyItem.setValue('key');
    fetch.mockResolvedValue(
      new Response('{"online":3}', { headers: { 'Content-Type': 'application/json' } }),
    );
    await poller.poll('settings');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect((await badge()).text).toBe('3');
  });

  it('makes none while the badge is off, unless the popup needs the count (badge stays empty)', async () => {
    await updateSettings({ badgeEnabled: false });
    const poller = makePoller();
    await poller.start();
    await poller.poll('alarm');
    await poller.poll('settings');
    expect(countCalls).toBe(0);
    expect(await poller.poll('popup')).toEqual(okCount(1234));
    expect(countCalls).toBe(1);
    expect((await badge()).text).toBe('');
    expect(await alarmIn()).toBeUndefined();
  });

  it('requestPoll() coalesces triggers that arrive together into one poll', async () => {
    const poller = makePoller();
    await Promise.all([
      poller.requestPoll('settings'),
      poller.requestPoll('connection'),
      poller.requestPoll('settings'),
    ]);
    expect(countCalls).toBe(1);
    expect((await badge()).text).toBe('1.2k');
  });

  it('requestPoll() waits for a burst to end: calls each within SETTLE_MS of the last make one poll', async () => {
    const poller = makePoller();
    const first = poller.requestPoll('settings');
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS * 0.7));
    poller.requestPoll('connection');
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS * 0.7));
    expect(countCalls).toBe(0);
    await Promise.all([first, poller.requestPoll('settings')]);
    expect(countCalls).toBe(1);
    await poller.requestPoll('settings');
    expect(countCalls).toBe(2);
  });

  it('polls run one at a time', async () => {
    let inside = 0;
    let most = 0;
    const slow = {
      playersCount: async (): Promise<Reply<PlayersCount>> => {
        inside += 1;
        most = Math.max(most, inside);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inside -= 1;
        return okCount(1);
      },
    };
    const poller = createBadgePoller({
      gateway: slow,
      getSettings,
      store: browserSessionStore(),
      alarms: fakeBrowser.alarms,
      action: fakeBrowser.action,
    });
    await Promise.all([poller.poll('popup'), poller.poll('settings'), poller.poll('popup')]);
    expect(most).toBe(1);
  });

  it('works without a badge API (nothing to show, the count still answers)', async () => {
    const poller = createBadgePoller({
      gateway,
      getSettings,
      store: browserSessionStore(),
      alarms: fakeBrowser.alarms,
      action: undefined,
    });
    expect(await poller.poll('popup')).toMatchObject({ ok: true });
  });
});

describe('the popup’s count', () => {
  it('arrives before the badge is updated, and the badge still follows', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const setBadgeText = fakeBrowser.action.setBadgeText.bind(fakeBrowser.action);
    vi.spyOn(fakeBrowser.action, 'setBadgeText').mockImplementation(async (details) => {
      await held;
      await setBadgeText(details);
    });
    const poller = makePoller();
    expect(await poller.pollForPopup()).toEqual(okCount(1234));
    expect((await badge()).text).toBe('');
    release();
    await poller.settled();
    expect((await badge()).text).toBe('1.2k');
  });
});

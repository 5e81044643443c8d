// @vitest-environment node

import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createBackgroundEvents } from '@/entrypoints/background/background-events';
import { BADGE_STREAM, createBadgePoller } from '@/entrypoints/background/badge/poller';
import { browserSessionStore } from '@/entrypoints/background/gateway/session-store';
import {
  createNotificationDisplay,
  createNotificationRouter,
  type NotificationRouter,
} from '@/entrypoints/background/notifications/notifications';
import { createScheduler, type Scheduler } from '@/entrypoints/background/scheduler/scheduler';
import { storageAreaStore } from '@/entrypoints/background/scheduler/scheduler-ports';
import { createWatchObserver, type WatchObserver } from '@/entrypoints/background/watchlist/observer';
import {
  createOnlineNotification,
  ONLINE_NOTIFICATION,
  type OnlineNotification,
} from '@/entrypoints/background/watchlist/online-notification';
import {
  createWatchlistService,
  type WatchlistService,
} from '@/entrypoints/background/watchlist/watchlist-service';
import { makePlayer } from '@/tests/fixtures/players';
import type { ApiError } from '@/utils/api/errors';
import type { Player, PlayersCount } from '@/utils/api/schemas';
import { t } from '@/utils/i18n/translate';
import type { Reply } from '@/utils/messages';
import { HOUR_MS, SCHEDULER_ALARM } from '@/utils/scheduler/scheduler-limits';
import { floorMs } from '@/utils/scheduler/watch-floor';
import { getSettings, updateSettings } from '@/utils/settings';

/**
 * The watchlist as the background wires it (start-background.ts), on a simulated clock: the
 * real scheduler with the badge and watchlist streams, the real observer (with its own settings
 * gate), the real notification display and router over a fake `browser.notifications`, and a
 * fake API of players whose online state the test sets.
 */
const NOTIFICATION_ID = ONLINE_NOTIFICATION;

const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);
const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

let clock = T0;
let idleState: 'active' | 'idle' | 'locked' = 'active';
let pauseUntil = 0;
/** The API's players, by UUID. */
let world = new Map<string, Player>();
/** Every request that reached the "API": the player's UUID, or `count`. */
let sent: { what: string; at: number }[] = [];
/** When set, the next requests answer with this error. */
let failure: ApiError | null = null;
let notifications: { id: string; message: string }[] = [];
let granted = true;
let opened: string[] = [];

function setPlayer(n: number, patch: Partial<Player> = {}) {
  const uuid = uuidOf(n);
  const current = world.get(uuid) ?? makePlayer({ uuid, name: `Player_${n}`, online: false });
  world.set(uuid, { ...current, ...patch });
}

function answer<T>(what: string, data: () => T): Reply<T> {
  const pause = Math.ceil((pauseUntil - clock) / 1000);
  if (pause > 0) return { ok: false, error: { kind: 'rate-limited', retryAfterSeconds: pause } };
  sent.push({ what, at: clock });
  if (failure) {
    if (failure.kind === 'rate-limited') pauseUntil = clock + failure.retryAfterSeconds * 1000;
    return { ok: false, error: failure };
  }
  return { ok: true, data: data(), fetchedAt: clock };
}

/** Whether a player answer was handed to the gateway's observer hook (it is not, here). */
let hookedAnswers = 0;
const gateway = {
  player: async (uuid: string, options: { observe?: boolean } = {}): Promise<Reply<Player>> => {
    if (options.observe !== false) hookedAnswers += 1;
    return answer(uuid, () => {
      const player = world.get(uuid);
      if (!player) throw new Error(`no player ${uuid}`);
      return player;
    });
  },
  playersCount: async (): Promise<Reply<PlayersCount>> => answer('count', () => ({ online: 100 })),
};

interface Wired {
  scheduler: Scheduler<string>;
  watchlist: WatchlistService;
  observer: WatchObserver;
  online: OnlineNotification;
  router: NotificationRouter;
}

/** A worker: everything the background wires, fresh (state comes from storage). */
function wire(): Wired {
  const store = browserSessionStore();
  const local = storageAreaStore(fakeBrowser.storage.local);
  const display = createNotificationDisplay({
    iconUrl: 'icon.png',
    port: async () =>
      granted
        ? {
            create: async (id, options) => notifications.push({ id, message: options.message }),
            clear: async () => true,
          }
        : undefined,
  });
  const online = createOnlineNotification({
    store,
    notifications: display,
    openPlayerView: async (name) => opened.push(name),
  });
  const router = createNotificationRouter({ display, kinds: { [ONLINE_NOTIFICATION]: online } });
  const observer = createWatchObserver({ now: () => clock, online });
  let scheduler: Scheduler<string> | undefined;
  const events = createBackgroundEvents();
  events.wake.listen((id) => void scheduler?.requestSoon(id));
  const watchlist = createWatchlistService({
    gateway,
    observer,
    isConfigured: async () => true,
    store: local,
    now: () => clock,
    events,
  });
  const poller = createBadgePoller({
    gateway,
    getSettings,
    isConfigured: async () => true,
    store,
    action: fakeBrowser.action,
    now: () => clock,
  });
  scheduler = createScheduler({
    streams: [poller.stream, watchlist.stream],
    budgetPerHour: async () => (await getSettings()).backgroundRequestsPerHour,
    pauseSecondsLeft: () => Math.max(0, Math.ceil((pauseUntil - clock) / 1000)),
    idle: { queryState: async () => idleState, setDetectionInterval: () => {} },
    alarms: fakeBrowser.alarms,
    store: local,
    now: () => clock,
    random: () => 0.5,
  });
  return { scheduler, watchlist, observer, online, router };
}

/** Runs the alarms due over `ms` of simulated time; `restart` stops the worker before each. */
async function runFor(wired: Wired, ms: number, options: { restart?: boolean } = {}): Promise<Wired> {
  const end = clock + ms;
  let current = wired;
  for (;;) {
    const alarm = await fakeBrowser.alarms.get(SCHEDULER_ALARM);
    if (!alarm || alarm.scheduledTime > end) break;
    clock = Math.max(clock, alarm.scheduledTime);
    await fakeBrowser.alarms.clear(alarm.name);
    if (options.restart) {
      current = wire();
      await current.scheduler.start();
    }
    await current.scheduler.handleAlarm(alarm);
    await current.scheduler.settled();
  }
  clock = end;
  return current;
}

async function watch(wired: Wired, ...ns: number[]) {
  for (const n of ns) {
    setPlayer(n);
    const player = world.get(uuidOf(n)) as Player;
    await wired.watchlist.watch({ type: 'watch', uuid: player.uuid, name: player.name });
  }
  await wired.scheduler.settled();
}

const playerSends = () => sent.filter((request) => request.what !== 'count');

/** Most requests in any hour of `times`. */
function maxInAnyHour(times: readonly number[]): number {
  let most = 0;
  for (let i = 0; i < times.length; i += 1) {
    let j = i;
    while (j < times.length && (times[j] as number) < (times[i] as number) + HOUR_MS) j += 1;
    most = Math.max(most, j - i);
  }
  return most;
}

beforeEach(async () => {
  fakeBrowser.reset();
  clock = T0;
  idleState = 'active';
  pauseUntil = 0;
  world = new Map();
  sent = [];
  failure = null;
  notifications = [];
  granted = true;
  hookedAnswers = 0;
  opened = [];
  vi.spyOn(fakeBrowser.action, 'setBadgeTextColor').mockResolvedValue(undefined);
  await updateSettings({ badgeEnabled: false, notifyWatchedOnline: true });
});

describe('the watchlist under the scheduler', () => {
  it('checks players round-robin: each once before any twice, whatever the list', async () => {
    let wired = wire();
    await wired.scheduler.start();
    await watch(wired, 1, 2, 3, 4, 5);
    wired = await runFor(wired, HOUR_MS);
    const counts = new Map<string, number>();
    for (const { what } of playerSends()) counts.set(what, (counts.get(what) ?? 0) + 1);
    const values = [...counts.values()];
    expect(counts.size).toBe(5);
    expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(1);
  });

  it('never more than the budget in any hour over a simulated day, with 40 players, the badge on and restarts', async () => {
    await updateSettings({ badgeEnabled: true, badgeIntervalSeconds: 30, backgroundRequestsPerHour: 60 });
    let wired = wire();
    await wired.scheduler.start();
    for (let n = 0; n < 40; n += 1) setPlayer(n);
    await fakeBrowser.storage.sync.set(
      Object.fromEntries(
        [...world.values()].map((p, i) => [`watch:${p.uuid}`, { name: p.name, addedAt: i }]),
      ),
    );
    await wired.scheduler.requestSoon('watchlist');
    await wired.scheduler.settled();
    for (let half = 0; half < 8; half += 1) {
      wired = await runFor(wired, 3 * HOUR_MS, { restart: half % 2 === 1 });
      // The user comes and goes.
      setPlayer(half * 7, { online: half % 2 === 0 });
    }
    const times = sent.map((request) => request.at);
    expect(maxInAnyHour(times)).toBeLessThanOrEqual(60);
    // Both streams got their share.
    expect(sent.filter((request) => request.what === 'count').length).toBeGreaterThan(600);
    expect(new Set(playerSends().map((request) => request.what)).size).toBe(40);
  }, 30_000);

  it('idle or locked: no requests at all; back: one check at once', async () => {
    let wired = wire();
    await wired.scheduler.start();
    await watch(wired, 1, 2);
    sent = [];
    idleState = 'idle';
    await wired.scheduler.handleIdleStateChange('idle');
    wired = await runFor(wired, 3 * HOUR_MS);
    expect(sent).toEqual([]);
    expect(await fakeBrowser.alarms.get(SCHEDULER_ALARM)).toBeUndefined();
    idleState = 'active';
    await wired.scheduler.handleIdleStateChange('active');
    await wired.scheduler.settled();
    expect(sent).toHaveLength(1);
  });

  it('a 429: nothing is sent until the pause ends, and no notification storm after it', async () => {
    let wired = wire();
    await wired.scheduler.start();
    await watch(wired, 1, 2, 3);
    wired = await runFor(wired, 10 * 60_000); // every player seen offline
    failure = { kind: 'rate-limited', retryAfterSeconds: 900 };
    wired = await runFor(wired, 2 * 60_000);
    failure = null;
    const during = sent.length;
    for (const n of [1, 2, 3]) setPlayer(n, { online: true });
    wired = await runFor(wired, 9 * 60_000);
    expect(sent).toHaveLength(during);
    wired = await runFor(wired, 20 * 60_000);
    // All three came online during the pause: one notification, folded and updated.
    expect(new Set(notifications.map((n) => n.id))).toEqual(new Set([NOTIFICATION_ID]));
    expect(notifications.at(-1)?.message).toMatch(/^Player_\d, Player_\d and Player_\d are online\.$/);
  });
});

describe('notifications', () => {
  it('one when a watched player seen offline is seen online by a background check', async () => {
    let wired = wire();
    await wired.scheduler.start();
    await watch(wired, 1);
    wired = await runFor(wired, 5 * 60_000);
    expect(notifications).toEqual([]);
    setPlayer(1, { online: true });
    wired = await runFor(wired, 5 * 60_000);
    expect(notifications).toEqual([{ id: NOTIFICATION_ID, message: 'Player_1 is online.' }]);
    // Still online: nothing more.
    wired = await runFor(wired, 5 * 60_000);
    expect(notifications).toHaveLength(1);
  });

  it('never for the first observation after watching', async () => {
    let wired = wire();
    await wired.scheduler.start();
    setPlayer(1, { online: true });
    await watch(wired, 1);
    wired = await runFor(wired, 10 * 60_000);
    expect(notifications).toEqual([]);
  });

  it('after a restart or an update: one who came online while the browser was closed is announced, once', async () => {
    let wired = wire();
    await wired.scheduler.start();
    await watch(wired, 1, 2);
    wired = await runFor(wired, 5 * 60_000); // both seen offline
    await fakeBrowser.storage.session.clear(); // the browser restarts (or the extension updates)
    setPlayer(1, { online: true });
    setPlayer(2, { online: true });
    wired = wire();
    await wired.scheduler.start();
    wired = await runFor(wired, 10 * 60_000);
    // Folded into one notification.
    expect(new Set(notifications.map((n) => n.id))).toEqual(new Set([NOTIFICATION_ID]));
    expect(notifications.at(-1)?.message).toMatch(/^Player_\d and Player_\d are online\.$/);
    const shown = notifications.length;
    wired = await runFor(wired, 10 * 60_000, { restart: true });
    expect(notifications).toHaveLength(shown);
  });

  it('a status written by the previous release is a baseline too', async () => {
    let wired = wire();
    await wired.scheduler.start();
    await watch(wired, 1);
    // Today's release wrote no watchedSince.
    const uuid = uuidOf(1);
    const status = { name: 'Player_1', online: false, rankDisplay: '&7', checkedAt: clock };
    await fakeBrowser.storage.local.set({ watchlistStatus: { [uuid]: status } });
    await fakeBrowser.storage.session.clear();
    setPlayer(1, { online: true });
    wired = wire();
    await wired.scheduler.start();
    wired = await runFor(wired, 5 * 60_000);
    expect(notifications).toEqual([{ id: NOTIFICATION_ID, message: 'Player_1 is online.' }]);
  });

  it('a player removed and watched again (through sync) starts afresh: the old baseline does not count', async () => {
    let wired = wire();
    await wired.scheduler.start();
    await watch(wired, 1);
    wired = await runFor(wired, 5 * 60_000); // seen offline
    const uuid = uuidOf(1);
    // Another browser unwatches, and watches again later: a new item, a new addedAt.
    await fakeBrowser.storage.sync.remove(`watch:${uuid}`);
    clock += 60_000;
    await fakeBrowser.storage.sync.set({ [`watch:${uuid}`]: { name: 'Player_1', addedAt: clock } });
    setPlayer(1, { online: true });
    wired = await runFor(wired, 10 * 60_000);
    expect(notifications).toEqual([]);
    expect((await wired.watchlist.watchlist()).players[0]?.status?.online).toBe(true);
  });

  it('a failure that is the server’s (offline) is no look at the player: the same player is asked next', async () => {
    let wired = wire();
    await wired.scheduler.start();
    await watch(wired, 1, 2, 3);
    wired = await runFor(wired, 10 * 60_000);
    sent = [];
    failure = { kind: 'offline' };
    wired = await runFor(wired, 2 * 60_000);
    const failed = playerSends()[0]?.what;
    failure = null;
    sent = [];
    wired = await runFor(wired, 10 * 60_000);
    expect(playerSends()[0]?.what).toBe(failed);
  });

  it('the watchlist names a player whose checks fail, with why, until an answer (issue 33)', async () => {
    let wired = wire();
    await wired.scheduler.start();
    await watch(wired, 1, 2);
    wired = await runFor(wired, 10 * 60_000);
    failure = { kind: 'not-found', identifier: 'Player_1' };
    sent = [];
    wired = await runFor(wired, 2 * 60_000);
    const failed = playerSends()[0]?.what;
    const listed = (await wired.watchlist.watchlist()).players.find((player) => player.uuid === failed);
    expect(listed?.failing).toMatchObject({ failures: 1, failure: 'not-found' });
    failure = null;
    wired = await runFor(wired, 30 * 60_000);
    expect((await wired.watchlist.watchlist()).players.every((player) => player.failing === undefined)).toBe(
      true,
    );
  });

  it('the folded notification names only those still online, and is not re-created for nothing new', async () => {
    let wired = wire();
    await wired.scheduler.start();
    await watch(wired, 1, 2, 3);
    wired = await runFor(wired, 10 * 60_000);
    setPlayer(1, { online: true });
    wired = await runFor(wired, 5 * 60_000);
    expect(notifications.at(-1)?.message).toBe('Player_1 is online.');
    // Player_1 logs out again before Player_2 logs in: until a check sees it (one just seen online
    // waits for the floor's turn or the end of a mean session: utils/scheduler/watch-floor.ts).
    setPlayer(1, { online: false });
    const seenOffline = async () =>
      (await wired.watchlist.watchlist()).players.find((player) => player.uuid === uuidOf(1))?.status
        ?.online === false;
    for (let waited = 0; !(await seenOffline()) && waited < floorMs(3); waited += 5 * 60_000)
      wired = await runFor(wired, 5 * 60_000);
    expect(await seenOffline()).toBe(true);
    const shown = notifications.length;
    wired = await runFor(wired, 5 * 60_000);
    expect(notifications).toHaveLength(shown);
    setPlayer(2, { online: true });
    wired = await runFor(wired, 5 * 60_000);
    expect(notifications.at(-1)?.message).toBe('Player_2 is online.');
    // The same player announced again (a second observer path) changes nothing.
    await wired.online.cameOnline([{ uuid: uuidOf(2), name: 'Player_2' }]);
    expect(notifications).toHaveLength(shown + 1);
  });

  it('none while the setting is off', async () => {
    await updateSettings({ notifyWatchedOnline: false });
    let wired = wire();
    await wired.scheduler.start();
    await watch(wired, 1);
    wired = await runFor(wired, 5 * 60_000);
    setPlayer(1, { online: true });
    wired = await runFor(wired, 5 * 60_000);
    expect(notifications).toEqual([]);
  });

  it('none when the user saw them come online first (a popup look-up)', async () => {
    let wired = wire();
    await wired.scheduler.start();
    await watch(wired, 1);
    wired = await runFor(wired, 5 * 60_000);
    setPlayer(1, { online: true });
    await wired.observer.observe(world.get(uuidOf(1)) as Player);
    wired = await runFor(wired, 5 * 60_000);
    expect(notifications).toEqual([]);
  });

  it('clicking opens the player view of the first named; closing starts afresh', async () => {
    const { online, router } = wire();
    const p = (name: string) => ({ uuid: `u-${name}`, name });
    await online.cameOnline([p('Notch')]);
    await online.cameOnline([p('jeb_'), p('Dinnerbone'), p('Notch')]);
    expect(notifications.at(-1)?.message).toBe('Dinnerbone, jeb_ and Notch are online.');
    await router.clicked(NOTIFICATION_ID);
    expect(opened).toEqual(['Dinnerbone']);
    await online.cameOnline([p('a_1')]);
    await router.closed(NOTIFICATION_ID);
    await online.cameOnline([p('b_2')]);
    expect(notifications.at(-1)?.message).toBe('b_2 is online.');
  });

  it('each background answer is observed once: the checks do not hand it to the gateway’s hook too', async () => {
    let wired = wire();
    await wired.scheduler.start();
    await watch(wired, 1, 2);
    wired = await runFor(wired, 10 * 60_000);
    await wired.watchlist.checkNow();
    expect(playerSends().length).toBeGreaterThan(2);
    expect(hookedAnswers).toBe(0);
  });
});

describe('statuses and messages', () => {
  it('answers the user fetched anyway update the list for free: status, rank, last seen, latest name', async () => {
    const wired = wire();
    await watch(wired, 1);
    sent = [];
    clock += 1_000;
    await wired.observer.observe(makePlayer({ uuid: uuidOf(1), name: 'Renamed_1', online: true }));
    const list = await wired.watchlist.watchlist();
    expect(list.players).toEqual([
      {
        uuid: uuidOf(1),
        name: 'Renamed_1',
        // Seen offline when watched, online now: the session starts here (issue 35).
        status: {
          online: true,
          rankDisplay: '&c&lADMIN',
          checkedAt: clock,
          seenOnlineAt: clock,
          onlineSince: clock,
        },
      },
    ]);
    expect(sent).toEqual([]);
    // Players not watched are not recorded.
    await wired.observer.observe(makePlayer({ uuid: uuidOf(9), online: true }));
    expect((await wired.watchlist.watchlist()).players).toHaveLength(1);
  });

  it('Check now asks for every player at once, outside the budget, and stops at a 429', async () => {
    const wired = wire();
    await watch(wired, 1, 2, 3, 4, 5, 6);
    sent = [];
    clock += 31_000; // past the answers watching them fetched
    expect(await wired.watchlist.checkNow()).toEqual({ ok: true, data: { checked: 6 }, fetchedAt: clock });
    expect(playerSends()).toHaveLength(6);
    sent = [];
    failure = { kind: 'rate-limited', retryAfterSeconds: 30 };
    clock += 31_000;
    const reply = await wired.watchlist.checkNow();
    expect(reply).toMatchObject({ ok: false, error: { kind: 'rate-limited' } });
    // The first answer started the pause; the rest were refused without a request (4 at a time).
    expect(playerSends().length).toBeLessThanOrEqual(4);
  });

  it('Check now is one run at a time, and reuses answers younger than 30 s: two presses, 200 players, 200 requests', async () => {
    const wired = wire();
    for (let n = 0; n < 200; n += 1) setPlayer(n);
    await fakeBrowser.storage.sync.set(
      Object.fromEntries(
        [...world.values()].map((p, i) => [`watch:${p.uuid}`, { name: p.name, addedAt: i }]),
      ),
    );
    // Two views press at once (the popup and the side panel), a third a few seconds later.
    const [first, second] = await Promise.all([wired.watchlist.checkNow(), wired.watchlist.checkNow()]);
    expect(first).toMatchObject({ ok: true, data: { checked: 200 } });
    expect(second).toEqual(first);
    clock += 10_000;
    expect(await wired.watchlist.checkNow()).toMatchObject({ ok: true, data: { checked: 200 } });
    expect(playerSends()).toHaveLength(200);
    // Older than 30 s: asked again.
    clock += 25_000;
    await wired.watchlist.checkNow();
    expect(playerSends()).toHaveLength(400);
  });

  it('a watch or unwatch the synced storage refuses says so, and is not a stopped background', async () => {
    const wired = wire();
    setPlayer(1);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const set = vi
      .spyOn(fakeBrowser.storage.sync, 'set')
      .mockRejectedValue(new Error('QUOTA_BYTES quota exceeded'));
    expect(await wired.watchlist.watch({ type: 'watch', uuid: uuidOf(1), name: 'Player_1' })).toEqual({
      watched: false,
      full: false,
      message: t('common.watch.noRoom'),
    });
    set.mockRestore();
    await watch(wired, 1);
    vi.spyOn(fakeBrowser.storage.sync, 'remove').mockRejectedValue(
      new Error('MAX_WRITE_OPERATIONS_PER_MINUTE'),
    );
    expect(await wired.watchlist.handlers.unwatch({ type: 'unwatch', uuid: uuidOf(1) }, {})).toEqual({
      watched: true,
      full: false,
      message: t('common.watch.tooFast'),
    });
  });

  it('the badge can count watched players online', async () => {
    const wired = wire();
    await watch(wired, 1, 2, 3);
    await wired.observer.observe(makePlayer({ uuid: uuidOf(2), name: 'Player_2', online: true }));
    expect(await wired.watchlist.watchedOnline()).toEqual({ online: 1, watched: 3 });
    expect(BADGE_STREAM).toBe('badge');
  });

  it('a watch or unwatch sync refuses (its quota) says what was not saved, and keeps the list', async () => {
    const wired = wire();
    await watch(wired, 1);
    setPlayer(2);
    vi.spyOn(fakeBrowser.storage.sync, 'set').mockRejectedValueOnce(new Error('QUOTA_BYTES quota exceeded'));
    expect(await wired.watchlist.watch({ type: 'watch', uuid: uuidOf(2), name: 'Player_2' })).toEqual({
      watched: false,
      full: false,
      message:
        'There is no room left to sync your watchlist, so this player was not added. Unwatch someone or remove a saved search.',
    });
    vi.spyOn(fakeBrowser.storage.sync, 'remove').mockRejectedValueOnce(
      new Error('This request exceeds the MAX_WRITE_OPERATIONS_PER_MINUTE quota.'),
    );
    expect(await wired.watchlist.unwatch(uuidOf(1))).toMatchObject({
      watched: true,
      message: expect.stringContaining('Wait a minute'),
    });
    expect((await wired.watchlist.watchlist()).players.map((player) => player.uuid)).toEqual([uuidOf(1)]);
  });
});

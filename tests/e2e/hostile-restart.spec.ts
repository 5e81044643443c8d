import type { BrowserContext, Page } from '@playwright/test';
import { type DemoServer, type RequestLogEntry, startDemoServer } from '../../demo/server';
import { expect, test } from './fixtures';
import {
  ask,
  BADGE_ALARM,
  badge,
  badgeAlarm,
  fireBadgeAlarm,
  idOf,
  installOptionsPage,
  launchWith,
  ourWorker,
  saveConnection,
  saveSettings,
  stopServiceWorker,
} from './hostile-helpers';
import { ageBadgeCount, fireSchedulerAlarmUntil, schedulerSettled } from './scheduler-helpers';

/**
 * The service worker stopped at the worst moments (as Chromium does to idle workers, and on
 * updates and crashes): in the middle of a request, in the middle of a 429 pause, in the middle
 * of the badge's own poll. Afterwards the pause is still honoured, the views recover on the
 * next ask, and the badge recovers on its own (an alarm is always armed to poll again).
 */

const countOf = (log: RequestLogEntry[], endpoint: RequestLogEntry['endpoint']) =>
  log.filter((entry) => entry.endpoint === endpoint).length;

test.describe('the service worker stopped mid-way', () => {
  test.describe.configure({ mode: 'serial', timeout: 60_000 });

  let demo: DemoServer;
  let context: BrowserContext;
  let extensionId: string;
  let options: Page;

  /**
   * A fresh connection (no cache, no pause), the badge at its shortest interval and the largest
   * budget (a slot every 30 s), its first poll done.
   */
  async function freshStart(): Promise<void> {
    demo.faults.reset();
    demo.setOnlineCount(null);
    await saveSettings(options, {
      badgeIntervalSeconds: 30,
      badgePace: 'fixed',
      backgroundRequestsPerHour: 120,
    });
    const before = countOf(demo.log(), 'count');
    expect((await saveConnection(options, demo.url, demo.apiKey)).ok).toBe(true);
    // The saved connection gets the next slot: let that time pass, and the slot settle.
    await fireSchedulerAlarmUntil(options, () => countOf(demo.log(), 'count') > before);
    await expect.poll(async () => (await badge(options)).text).toMatch(/^\d/);
    await schedulerSettled(options);
    demo.clearLog();
  }

  /** Resolves once the background has sent a request to `path` (the demo logs only answered ones). */
  function requestStarted(path: string): Promise<unknown> {
    return context.waitForEvent('request', {
      predicate: (request) => new URL(request.url()).pathname === path,
    });
  }

  test.beforeAll(async () => {
    demo = await startDemoServer({ port: 0 });
    context = await launchWith();
    extensionId = idOf(await ourWorker(context));
    options = await installOptionsPage(context);
  });

  test.afterAll(async () => {
    await context?.close();
    await demo?.close();
  });

  test.beforeEach(async () => {
    await freshStart();
  });

  test('stopped during a look-up: the popup says so in one sentence, and the next look-up works', async () => {
    // The answer waits for the test, not for a latency: a 5 s latency raced the stop, which opens
    // chrome://serviceworker-internals and can take longer on a busy machine, and when the answer
    // won the popup showed Steve's card instead of the alert.
    demo.faults.update({ endpoints: ['player'] });
    const release = demo.faults.holdAnswers();
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    const field = popup.getByLabel('Player name or UUID');
    await field.fill('Steve');
    const started = requestStarted('/api/player/Steve');
    await field.press('Enter');
    await started;
    await stopServiceWorker(context, extensionId);
    const alert = popup.getByRole('alert');
    await expect(alert).toBeVisible();
    await expect(alert).not.toContainText(/undefined|Error:|\[object/);
    release();
    // Asking again wakes a new worker, which answers.
    demo.faults.reset();
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(popup.getByRole('heading', { name: 'Steve' })).toBeVisible();
    await popup.close();
  });

  test('stopped during a look-up: the sentence names the extension, not the server', async () => {
    demo.faults.update({ endpoints: ['player'] });
    const release = demo.faults.holdAnswers();
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    const field = popup.getByLabel('Player name or UUID');
    await field.fill('Alex');
    const started = requestStarted('/api/player/Alex');
    await field.press('Enter');
    await started;
    await stopServiceWorker(context, extensionId);
    const alert = popup.getByRole('alert');
    await expect(alert).toContainText("The extension's background stopped before it answered.");
    await expect(alert).not.toContainText('The server sent an answer');
    await popup.close();
    // The server still answers the orphaned request once let go: let it land here, not in the
    // next test's request log.
    release();
    await expect.poll(() => demo.log().some((entry) => entry.path === '/api/player/Alex')).toBe(true);
  });

  test('stopped during a 429 pause: the pause holds after the restart, and the badge resumes by itself', async () => {
    // The pause must outlast the stop and the asks below, and a stop takes what the machine has
    // (it opens chrome://serviceworker-internals): time one first, and pause three times as long.
    const stopStarted = Date.now();
    await stopServiceWorker(context, extensionId);
    const pauseSeconds = Math.max(6, Math.ceil((3 * (Date.now() - stopStarted)) / 1000));
    demo.setOnlineCount(555);
    await fireBadgeAlarm(options);
    await expect.poll(async () => (await badge(options)).text).toBe('555');
    // The slot that showed 555 may still be arming its next alarm over the one fired below.
    await schedulerSettled(options);
    demo.faults.rateLimited = { retryAfter: String(pauseSeconds) };
    // The pause began between these two readings, however long the steps between took.
    const pauseFrom = Date.now() + pauseSeconds * 1000;
    await fireSchedulerAlarmUntil(options, async () =>
      (await badge(options)).title.includes('too many requests'),
    );
    const pausedUntil = Date.now() + pauseSeconds * 1000;
    demo.faults.rateLimited = null;
    demo.clearLog();

    await stopServiceWorker(context, extensionId);

    // Woken by a view: the pause is still there, nothing goes out, the badge keeps its greyed count.
    const reply = await ask(options, { type: 'player', identifier: 'Notch' });
    expect(reply.error?.kind).toBe('rate-limited');
    expect(reply.error?.retryAfterSeconds).toBeLessThanOrEqual(pauseSeconds);
    // Not the count fetched before the pause (reused for 30 s): the pause itself answers.
    await ageBadgeCount(options);
    expect((await ask(options, { type: 'players-count' })).error?.kind).toBe('rate-limited');
    expect(demo.log()).toEqual([]);
    expect((await badge(options)).text).toBe('555');

    // An alarm is armed for after the pause: the next slot on this install's grid (slots are
    // about 30 s apart at this budget, and the one after a send off the grid comes a full slot
    // on, so within two). The badge needs nothing else.
    const alarm = await badgeAlarm(options);
    expect(alarm?.scheduledTime).toBeGreaterThanOrEqual(pauseFrom);
    expect(alarm?.scheduledTime).toBeLessThanOrEqual(pausedUntil + 61_000);
    // Time passes (the alarm fires as it would once the pause is over): the count is back.
    await expect.poll(() => Date.now() >= pausedUntil, { timeout: pauseSeconds * 1000 + 4_000 }).toBe(true);
    demo.setOnlineCount(556);
    await fireBadgeAlarm(options);
    await expect.poll(async () => (await badge(options)).text).toBe('556');
    expect(countOf(demo.log(), 'count')).toBe(1);
  });

  test('stopped during the badge’s own poll: the scheduler’s alarm is still armed to poll again', async () => {
    demo.faults.update({ endpoints: ['count'] });
    const release = demo.faults.holdAnswers();
    const started = requestStarted('/api/players/count');
    await fireBadgeAlarm(options);
    await started;
    await stopServiceWorker(context, extensionId);
    // Read from a page already open (opening one, or messaging, would wake the worker).
    const alarm = await badgeAlarm(options);
    expect(alarm?.name).toBe(BADGE_ALARM);
    // The server still answers the orphaned request once let go: let it land here, not in the
    // next test's request log.
    release();
    await expect.poll(() => demo.log().some((entry) => entry.endpoint === 'count')).toBe(true);
  });

  test('huge answers in the cache do not stop a later pause from surviving a restart', async () => {
    demo.faults.body = 'huge';
    for (const message of [
      { type: 'leaderboard', board: 'kills', limit: 10 },
      { type: 'leaderboard', board: 'balance', limit: 10 },
      { type: 'auction-search', item: '', sort: 'recent', limit: 10 },
      { type: 'player', identifier: 'Steve' },
    ]) {
      expect((await ask(options, message)).ok, JSON.stringify(message)).toBe(true);
    }
    demo.faults.body = null;
    demo.faults.rateLimited = { retryAfter: '120' };
    expect((await ask(options, { type: 'player', identifier: 'Alex' })).error?.kind).toBe('rate-limited');
    demo.faults.rateLimited = null;
    demo.clearLog();
    await stopServiceWorker(context, extensionId);
    const reply = await ask(options, { type: 'player', identifier: 'Notch' });
    expect(reply.error?.kind).toBe('rate-limited');
    expect(demo.log().map((e) => `${e.path} ${e.status}`)).toEqual([]);
  });
});

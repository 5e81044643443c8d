import type { BrowserContext, Page } from '@playwright/test';
import type { DemoServer, RequestLogEntry } from '../../demo/server';
import { expect, test } from './fixtures';
import { ageBadgeCount } from './scheduler-helpers';

/**
 * The options page the background opens by itself on install (no key yet). Tests use it as
 * their extension page: opening another options tab meanwhile could be taken over by it.
 */
async function installOptionsPage(context: BrowserContext): Promise<Page> {
  const find = () => context.pages().find((page) => page.url().endsWith('/options.html'));
  await expect.poll(() => find() !== undefined).toBe(true);
  const page = find() as Page;
  await page.waitForLoadState();
  return page;
}

/** Save the demo's URL and a key from an extension page, as the options page does. */
async function saveConnection(page: Page, demo: { url: string; apiKey: string }, apiKey = demo.apiKey) {
  return page.evaluate((message) => chrome.runtime.sendMessage(message), {
    type: 'save-connection',
    baseUrl: demo.url,
    apiKey,
  });
}

/**
 * The background gateway in the real browser: one request for identical concurrent asks,
 * answers from the cache within their lifetime, the shared pause after a 429, and both of
 * those surviving the service worker being stopped.
 */

type Reply = {
  ok: boolean;
  data?: unknown;
  fetchedAt?: number;
  error?: { kind: string; retryAfterSeconds?: number };
};

function ask(page: Page, message: Record<string, unknown>): Promise<Reply> {
  return page.evaluate((message) => chrome.runtime.sendMessage(message), message) as Promise<Reply>;
}

const requestsTo = (log: RequestLogEntry[], endpoint: RequestLogEntry['endpoint']) =>
  log.filter((entry) => entry.endpoint === endpoint);

/** Stop the extension's service worker as the browser does when it is idle, and wait until it has. */
async function stopServiceWorker(context: BrowserContext): Promise<void> {
  const internals = await context.newPage();
  await internals.goto('chrome://serviceworker-internals/');
  const ours = internals.locator('.serviceworker-registration').filter({ hasText: 'background.js' });
  await ours.getByRole('button', { name: 'Stop' }).click();
  await expect(ours.locator('.serviceworker-running-status .value')).toHaveText('STOPPED');
  await internals.close();
}

/** Point the extension at the demo, and wait for the badge poll that saving starts. */
async function configureAndSettle(page: Page, demo: DemoServer) {
  await saveConnection(page, demo);
  await expect.poll(() => requestsTo(demo.log(), 'count').length).toBeGreaterThanOrEqual(1);
}

test.describe('the background gateway', () => {
  test('opens the options page by itself on first install, while no key is set', async ({ context }) => {
    await expect.poll(() => context.pages().some((page) => page.url().endsWith('/options.html'))).toBe(true);
  });

  test('identical concurrent requests make one request', async ({ context, demo }) => {
    const page = await installOptionsPage(context);
    await configureAndSettle(page, demo);
    demo.faults.latencyMs = 300;
    demo.clearLog();
    const replies = await Promise.all(
      ['Steve', 'steve', 'STEVE', 'Steve', 'Steve'].map((identifier) =>
        ask(page, { type: 'player', identifier }),
      ),
    );
    expect(replies.every((reply) => reply.ok)).toBe(true);
    expect(requestsTo(demo.log(), 'player')).toHaveLength(1);
  });

  test('answers come from the cache within their lifetime; the count is the badge’s for 30 s, then live', async ({
    context,
    demo,
  }) => {
    const page = await installOptionsPage(context);
    await configureAndSettle(page, demo);
    demo.clearLog();
    const first = await ask(page, { type: 'leaderboard', board: 'kills', limit: 10 });
    const again = await ask(page, { type: 'leaderboard', board: 'kills', limit: 10 });
    expect(first.ok).toBe(true);
    expect(again).toEqual(first);
    const alex = await ask(page, { type: 'player', identifier: 'Alex' });
    const { uuid } = alex.data as { uuid: string };
    expect(await ask(page, { type: 'player', identifier: uuid.toUpperCase() })).toEqual(alex);
    // The badge's count younger than 30 s is the popup's (no request); older, it is asked.
    await ask(page, { type: 'players-count' });
    expect(requestsTo(demo.log(), 'count')).toHaveLength(0);
    await ageBadgeCount(page);
    await ask(page, { type: 'players-count' });
    await ageBadgeCount(page);
    await ask(page, { type: 'players-count' });
    const log = demo.log();
    expect(requestsTo(log, 'leaderboard')).toHaveLength(1);
    expect(requestsTo(log, 'player')).toHaveLength(1);
    expect(requestsTo(log, 'count')).toHaveLength(2);
  });

  test('after a 429 no caller reaches the API until Retry-After has passed', async ({ context, demo }) => {
    const page = await installOptionsPage(context);
    await configureAndSettle(page, demo);
    demo.faults.rateLimited = { retryAfter: '3' };
    expect(await ask(page, { type: 'player', identifier: 'Steve' })).toEqual({
      ok: false,
      error: { kind: 'rate-limited', retryAfterSeconds: 3 },
    });
    demo.faults.rateLimited = null;
    demo.clearLog();
    // The count the save fetched is not the popup's answer here: the pause is.
    await ageBadgeCount(page);

    const everyCaller = [
      { type: 'player', identifier: 'Alex' },
      { type: 'auction-search', item: '', sort: 'recent', limit: 10 },
      { type: 'leaderboard', board: 'balance', limit: 10 },
      { type: 'players-count' },
      { type: 'check-connection' },
    ];
    for (const message of everyCaller) {
      const reply = await ask(page, message);
      expect(reply.error?.kind).toBe('rate-limited');
      expect(reply.error?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(reply.error?.retryAfterSeconds).toBeLessThanOrEqual(3);
    }
    expect(demo.log()).toEqual([]);

    // Asked again and again during the pause: still nothing reaches the API until it ends.
    await expect
      .poll(async () => (await ask(page, everyCaller[0] ?? {})).ok, { intervals: [250] })
      .toBe(true);
    expect(requestsTo(demo.log(), 'player')).toHaveLength(1);
  });

  test('the pause and the cache survive the service worker being stopped', async ({ context, demo }) => {
    const page = await installOptionsPage(context);
    await configureAndSettle(page, demo);
    const cached = await ask(page, { type: 'leaderboard', board: 'kills', limit: 5 });
    expect(cached.ok).toBe(true);
    demo.faults.rateLimited = { retryAfter: '120' };
    expect((await ask(page, { type: 'player', identifier: 'Steve' })).error?.kind).toBe('rate-limited');
    demo.faults.rateLimited = null;
    demo.clearLog();

    await stopServiceWorker(context);

    const paused = await ask(page, { type: 'player', identifier: 'Steve' });
    expect(paused.error?.kind).toBe('rate-limited');
    expect(paused.error?.retryAfterSeconds).toBeGreaterThan(100);
    expect(await ask(page, { type: 'leaderboard', board: 'kills', limit: 5 })).toEqual(cached);
    expect(demo.log()).toEqual([]);
  });

  test('connection-status tells the views whether a key is saved, never the key', async ({
    context,
    demo,
  }) => {
    const page = await installOptionsPage(context);
    await configureAndSettle(page, demo);
    const status = await ask(page, { type: 'connection-status' });
    expect(status).toEqual({ baseUrl: demo.url, hasKey: true });
    expect(JSON.stringify(status)).not.toContain(demo.apiKey);
  });
});

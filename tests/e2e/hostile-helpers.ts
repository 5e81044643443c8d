import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, expect, type Page, type Worker } from '@playwright/test';
import { launchChromiumWith } from '../chromium';
import { EXTENSION_DIR } from './fixtures';
import { fireSchedulerAlarm, SCHEDULER_ALARM } from './scheduler-helpers';

/**
 * Shared by the security specs (tests/e2e/hostile-*.spec.ts), which keep one browser per
 * describe block (serial tests) instead of one per test, to stay fast: launching with more
 * than one extension, finding our own worker among several, stopping it, and the few
 * messages they send as an extension page would.
 */

export type Reply = {
  ok?: boolean;
  data?: unknown;
  fetchedAt?: number;
  error?: { kind: string; retryAfterSeconds?: number; message?: string; detail?: string };
};

/** Chromium with our e2e build loaded, plus any other unpacked extensions given. */
export function launchWith(otherExtensions: readonly string[] = []): Promise<BrowserContext> {
  return launchChromiumWith([EXTENSION_DIR, ...otherExtensions]);
}

/** Our extension's service worker (its script is background.js), waiting for it when needed. */
export async function ourWorker(context: BrowserContext): Promise<Worker> {
  const ours = (worker: Worker) => worker.url().endsWith('/background.js');
  return (
    context.serviceWorkers().find(ours) ??
    (await context.waitForEvent('serviceworker', { predicate: ours, timeout: 10_000 }))
  );
}

export const idOf = (worker: Worker) => new URL(worker.url()).host;

/**
 * The options page the background opens by itself on install (no key yet): the extension
 * page these specs talk to the background from (another options tab could be taken over by it).
 */
export async function installOptionsPage(context: BrowserContext): Promise<Page> {
  const find = () => context.pages().find((page) => page.url().endsWith('/options.html'));
  await expect.poll(() => find() !== undefined, { timeout: 10_000 }).toBe(true);
  const page = find() as Page;
  await page.waitForLoadState();
  return page;
}

export function ask(page: Page, message: Record<string, unknown>): Promise<Reply> {
  return page.evaluate((message) => chrome.runtime.sendMessage(message), message) as Promise<Reply>;
}

/** Point the extension at `baseUrl` with `apiKey`, as the options page does (this also ends any pause). */
export async function saveConnection(page: Page, baseUrl: string, apiKey: string): Promise<Reply> {
  return ask(page, { type: 'save-connection', baseUrl, apiKey });
}

/** `local:settings` is version 2 (utils/settings.ts): written with its version so no migration runs. */
export async function saveSettings(page: Page, patch: Record<string, unknown>): Promise<void> {
  await page.evaluate(async (patch) => {
    const stored = await chrome.storage.local.get(['settings']);
    await chrome.storage.local.set({
      settings: { ...((stored.settings as object | undefined) ?? {}), ...patch },
      settings$: { v: 2 },
    });
  }, patch);
}

/** Add `origin` as a forum site and wait until the background has registered the content script there. */
export async function addForumSite(page: Page, worker: Worker, origin: string): Promise<void> {
  await saveSettings(page, { forumSites: [{ origin, customSelector: '' }] });
  const url = new URL(origin);
  const pattern = `${url.protocol}//${url.hostname}/*`;
  await expect
    .poll(async () =>
      worker.evaluate(async () =>
        (await chrome.scripting.getRegisteredContentScripts()).flatMap((script) => script.matches ?? []),
      ),
    )
    .toContain(pattern);
}

/**
 * Stop our service worker as the browser does when it is idle (chrome://serviceworker-internals),
 * and wait until it has. The Worker handle for it is dead afterwards: use ourWorker() again.
 */
export async function stopServiceWorker(context: BrowserContext, extensionId: string): Promise<void> {
  const internals = await context.newPage();
  await internals.goto('chrome://serviceworker-internals/');
  const ours = internals
    .locator('.serviceworker-registration')
    .filter({ hasText: `chrome-extension://${extensionId}/` });
  await ours.getByRole('button', { name: 'Stop' }).click();
  await expect(ours.locator('.serviceworker-running-status .value')).toHaveText('STOPPED');
  await internals.close();
}

/** The badge asks through the background scheduler: its one alarm. */
export const BADGE_ALARM = SCHEDULER_ALARM;

export async function badge(page: Page): Promise<{ text: string; title: string }> {
  // From an extension page: reading the badge does not wake the service worker.
  return page.evaluate(async () => ({
    text: await chrome.action.getBadgeText({}),
    title: await chrome.action.getTitle({}),
  }));
}

/** The scheduler's alarm, read from an extension page (without waking the service worker). */
export function badgeAlarm(page: Page) {
  return page.evaluate((name) => chrome.alarms.get(name), BADGE_ALARM);
}

/** Let time pass for the badge: the scheduler's next slot now, through the browser's own alarm event. */
export async function fireBadgeAlarm(page: Page): Promise<void> {
  await fireSchedulerAlarm(page);
}

/**
 * A second, unrelated extension, written to a temp dir at test time: its service worker
 * exposes `tryExtension(id, message)` (sendMessage to another extension, returning the reply or
 * the error) and `tryConnect(id)` (a long-lived port, returning how it ended).
 */
export function writeOtherExtension(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'other-extension-'));
  writeFileSync(
    path.join(dir, 'manifest.json'),
    JSON.stringify({
      manifest_version: 3,
      name: 'Some other extension',
      version: '1.0',
      background: { service_worker: 'other-background.js' },
    }),
  );
  writeFileSync(
    path.join(dir, 'other-background.js'),
    `
self.tryExtension = async (id, message) => {
  try {
    return { reply: await chrome.runtime.sendMessage(id, message) };
  } catch (error) {
    return { error: String(error && error.message) };
  }
};
self.tryConnect = (id) =>
  new Promise((resolve) => {
    try {
      const port = chrome.runtime.connect(id);
      port.onMessage.addListener((message) => resolve({ message }));
      port.onDisconnect.addListener(() =>
        resolve({ disconnected: String(chrome.runtime.lastError && chrome.runtime.lastError.message) }),
      );
      port.postMessage({ type: 'connection-status' });
    } catch (error) {
      resolve({ error: String(error && error.message) });
    }
  });
`,
  );
  return dir;
}

export async function otherWorker(context: BrowserContext): Promise<Worker> {
  const theirs = (worker: Worker) => worker.url().endsWith('/other-background.js');
  return (
    context.serviceWorkers().find(theirs) ??
    (await context.waitForEvent('serviceworker', { predicate: theirs, timeout: 10_000 }))
  );
}

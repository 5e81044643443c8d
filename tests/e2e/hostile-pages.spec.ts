import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { type DemoServer, type RequestLogEntry, startDemoServer } from '../../demo/server';
import { DEFAULT_HOVER_DELAY_MS } from '../../utils/limits';
import { EXTENSION_DIR, expect, test } from './fixtures';
import {
  addForumSite,
  ask,
  idOf,
  installOptionsPage,
  launchWith,
  otherWorker,
  ourWorker,
  saveConnection,
  writeOtherExtension,
} from './hostile-helpers';

/**
 * Hostile pages and hostile neighbours, in Chromium: a forum page (demo /forum/hostile) whose
 * own script messages the extension, fetches its files, posts window messages, dispatches
 * synthetic events on usernames, defines look-alike globals, replaces built-ins and mutates the
 * card's host; and a second extension that messages ours. None of them can read the key, make
 * the background fetch anything but a player card, or break the card; other extensions are
 * refused.
 */

type PageLog = string[];

/** The hostile page's record of what it tried and saw (window.hostile.log). */
function pageLog(page: Page): Promise<PageLog> {
  return page.evaluate(() => (window as unknown as { hostile: { log: string[] } }).hostile.log.slice());
}

const API_PLAYER_PATH = /^\/api\/player\/[A-Za-z0-9_]{3,16}$/;
const playerRequests = (log: RequestLogEntry[]) => log.filter((entry) => entry.endpoint === 'player');

test.describe('hostile pages and other extensions', () => {
  test.describe.configure({ mode: 'serial', timeout: 60_000 });

  let demo: DemoServer;
  let context: BrowserContext;
  let worker: Worker;
  let extensionId: string;
  let options: Page;

  test.beforeAll(async () => {
    demo = await startDemoServer({ port: 0 });
    context = await launchWith([writeOtherExtension()]);
    worker = await ourWorker(context);
    extensionId = idOf(worker);
    options = await installOptionsPage(context);
    expect((await saveConnection(options, demo.url, demo.apiKey)).ok).toBe(true);
    await addForumSite(options, worker, demo.url);
    // The badge poll that saving the connection starts: out of the way before tests count requests.
    await expect.poll(() => demo.log().some((entry) => entry.endpoint === 'count')).toBe(true);
  });

  test.afterAll(async () => {
    await context?.close();
    await demo?.close();
  });

  async function openHostilePage(): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${demo.url}/forum/hostile?id=${extensionId}`);
    await page.evaluate(
      () => (window as unknown as { hostile: { settled: Promise<unknown> } }).hostile.settled,
    );
    return page;
  }

  async function hoverName(page: Page, name: string) {
    await page.mouse.move(2, 2);
    await page.locator('#thread-posts').getByText(name, { exact: true }).first().hover();
  }

  const card = (page: Page, name: string) => page.getByRole('dialog', { name });

  /** The key and the connection as the background has them (asked from an extension page). */
  async function expectConnectionUntouched() {
    expect(await ask(options, { type: 'connection-status' })).toEqual({ baseUrl: demo.url, hasKey: true });
    const stored = await options.evaluate(() => chrome.storage.local.get('apiKey'));
    expect(stored.apiKey).toBe(demo.apiKey);
  }

  test('the manifest asks for the least: no web-accessible files, no external messaging, no fixed hosts', () => {
    const manifest = JSON.parse(readFileSync(path.join(EXTENSION_DIR, 'manifest.json'), 'utf8'));
    // `notifications` is optional in the store build (asked with the first alert); granted here.
    expect([...manifest.permissions].sort()).toEqual([
      'alarms',
      'contextMenus',
      'idle',
      // Optional in the store builds; this e2e build has it from install, as it has loopback hosts.
      'notifications',
      'scripting',
      'sidePanel',
      'storage',
    ]);
    expect(manifest.externally_connectable).toBeUndefined();
    expect(manifest.web_accessible_resources).toBeUndefined();
    expect(manifest.content_scripts).toBeUndefined();
    // The e2e build's loopback hosts only; every other origin is optional, asked one at a time.
    expect(manifest.host_permissions).toEqual(['http://127.0.0.1/*', 'http://localhost/*']);
    expect(manifest.optional_host_permissions).toEqual(['https://*/*', 'http://*/*']);
    // The browser's default policy for extension pages (no eval, no remote script).
    expect(manifest.content_security_policy).toBeUndefined();
  });

  test('a web page cannot message the extension, connect to it, or fetch its files', async () => {
    demo.clearLog();
    const page = await openHostilePage();
    const log = await pageLog(page);
    expect(log).toContain('hostile page ready');
    // Without externally_connectable, Chromium gives web pages no chrome.runtime at all.
    expect(log).toContain('chrome.runtime: undefined');
    expect(log.filter((line) => line.startsWith('sendMessage') && line.includes('reply'))).toEqual([]);
    // No file is web-accessible: the page cannot load the card's script, the popup or the manifest.
    for (const file of ['manifest.json', 'hover-card.js', 'popup.html', 'content-scripts/forum.js']) {
      expect(log).toContain(`fetch ${file}: failed TypeError`);
    }
    expect(demo.log()).toEqual([]);
    await expectConnectionUntouched();
    await page.close();
  });

  test('look-alike globals and replaced built-ins do not reach the content script', async () => {
    demo.clearLog();
    const page = await openHostilePage();
    await hoverName(page, 'Steve');
    await expect(card(page, 'Steve')).toContainText('ADMIN');
    await expect(card(page, 'Steve')).toContainText('Online');
    const log = await pageLog(page);
    // The content script and the card UI live in their own world: none of the page's
    // browser/chrome objects, its card-UI global, its JSON.parse, fetch or attachShadow were used.
    expect(log.filter((line) => line.startsWith('page'))).toEqual([]);
    expect(playerRequests(demo.log()).map((entry) => entry.path)).toEqual(['/api/player/Steve']);
    // Nothing of the key in the page, the card included.
    const html = await page.evaluate(() => {
      const host = document.querySelector('network-companion-card');
      return document.documentElement.outerHTML + (host?.shadowRoot?.innerHTML ?? '');
    });
    expect(html).not.toContain(demo.apiKey);
    await page.close();
  });

  test('window messages and custom events shaped like requests are ignored', async () => {
    demo.clearLog();
    const page = await openHostilePage();
    const pagesBefore = context.pages().length;
    await page.evaluate(() =>
      (window as unknown as { hostile: { postMessages(): void } }).hostile.postMessages(),
    );
    // A card by hover still works afterwards, and is the only request.
    await hoverName(page, 'Alex');
    await expect(card(page, 'Alex')).toContainText('Offline');
    expect(demo.log().map((entry) => entry.path)).toEqual(['/api/player/Alex']);
    expect(context.pages()).toHaveLength(pagesBefore);
    await expectConnectionUntouched();
    await page.close();
  });

  test('synthetic hover storms: player cards only, by game name, at most one per hover delay', async () => {
    demo.clearLog();
    const page = await openHostilePage();
    /** `hovers` hovers `everyMs` apart; resolves with the milliseconds they took on the page. */
    const storm = (hovers: number, everyMs: number) =>
      page.evaluate(
        ({ hovers, everyMs }) =>
          (
            window as unknown as { hostile: { hoverStorm(h: number, e: number): Promise<number> } }
          ).hostile.hoverStorm(hovers, everyMs),
        { hovers, everyMs },
      );
    // A count of hovers, not a time window: a busy machine stretches the storm, never shortens it.
    // Flicking over the page's 12 names every 20 ms: each hover cancels the last before its delay is over.
    const flicking = await storm(12, 20);
    // Resting on a new name just longer than the delay (300 ms): the fastest a page can go.
    const resting = await storm(6, DEFAULT_HOVER_DELAY_MS + 50);
    await expect.poll(() => playerRequests(demo.log()).length).toBeGreaterThan(0);
    const log = demo.log();
    for (const entry of log) expect(entry.path).toMatch(API_PLAYER_PATH);
    // At most one card per hover delay of the time the storms took, and one request per name
    // (the page repeats 12 names).
    expect(log.length).toBeLessThanOrEqual(1 + Math.floor((flicking + resting) / DEFAULT_HOVER_DELAY_MS));
    expect(new Set(log.map((entry) => entry.path.toLowerCase())).size).toBe(log.length);
    await page.close();
  });

  /** Shows Steve's card, lets the page do `kind` to its host, then checks Notch's card works. */
  async function mutateThenHoverNext(kind: string) {
    const page = await openHostilePage();
    await hoverName(page, 'Steve');
    await expect(card(page, 'Steve')).toBeVisible();
    const result = await page.evaluate(
      (kind) =>
        (window as unknown as { hostile: { mutateHost(k: string): string } }).hostile.mutateHost(kind),
      kind,
    );
    expect(result, kind).toBe('done');
    await hoverName(page, 'Notch');
    const next = card(page, 'Notch');
    await expect(next, `after "${kind}"`).toBeVisible();
    await expect(next.getByRole('heading', { name: 'Notch' }), `after "${kind}"`).toBeVisible();
    await expect(next.getByRole('button', { name: 'Open in popup' }), `after "${kind}"`).toBeInViewport();
    const look = await next.evaluate((element) => {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      return { opacity: style.opacity, visibility: style.visibility, area: box.width * box.height };
    });
    expect(look, `after "${kind}"`).toMatchObject({ opacity: '1', visibility: 'visible' });
    expect(look.area, `after "${kind}"`).toBeGreaterThan(1000);
    await page.close();
  }

  test('restyling, rewriting, moving or removing the card host does not break the next card', async () => {
    // Inline !important styles and page CSS lose to the host's own `:host { … !important }`;
    // the host is taken off the page when a card closes and put back at the end of <body>.
    for (const kind of ['styles', 'page-css', 'rewrite-shadow', 'remove', 'move'])
      await mutateThenHoverNext(kind);
  });

  test('emptying the card’s shadow root does not break the next card', async () => {
    await mutateThenHoverNext('empty-shadow');
  });

  test('a page that defines the card host’s custom element first cannot stop the card', async () => {
    const page = await openHostilePage();
    await page.evaluate(() =>
      (window as unknown as { hostile: { defineCardElement(): void } }).hostile.defineCardElement(),
    );
    await hoverName(page, 'Steve');
    await expect(card(page, 'Steve')).toBeVisible();
    await page.close();
  });

  test('other extensions: messages and connections are refused, nothing reaches the API', async () => {
    demo.clearLog();
    const other = await otherWorker(context);
    type Attempt = { reply?: unknown; error?: string };
    const attempts: Attempt[] = [];
    for (const message of [
      { type: 'player', identifier: 'Steve' },
      { type: 'player-card', name: 'Steve' },
      { type: 'connection-status' },
      { type: 'save-connection', baseUrl: 'https://evil.example', apiKey: 'stolen' },
    ]) {
      attempts.push(
        await other.evaluate(
          ({ id, message }) =>
            (self as unknown as { tryExtension(id: string, m: unknown): Promise<Attempt> }).tryExtension(
              id,
              message,
            ),
          { id: extensionId, message },
        ),
      );
    }
    // Ours listens to no external messages: the sender gets "no receiving end", never a reply.
    for (const attempt of attempts) {
      expect(attempt.reply).toBeUndefined();
      expect(attempt.error).toMatch(/Receiving end does not exist|Could not establish connection/);
    }
    const connected = await other.evaluate(
      (id) => (self as unknown as { tryConnect(id: string): Promise<unknown> }).tryConnect(id),
      extensionId,
    );
    expect(connected).toMatchObject({
      disconnected: expect.stringMatching(/Receiving end does not exist|Could not establish connection/),
    });
    expect(demo.log()).toEqual([]);
    await expectConnectionUntouched();
  });
});

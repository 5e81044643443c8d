/**
 * The Firefox ESR smoke suite: the e2e build installed in Debian's firefox-esr, against the
 * demo server, reached only by routes a user has (see firefox.ts).
 *
 * One Firefox and one demo server for the whole suite; the tests build on each other in
 * order (install → connect → poll → hover card → player view), so a test whose step before it
 * failed is skipped instead of failing twice.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { DEMO_FIXTURE_UUIDS } from '../../demo/fixtures';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { BADGE_STATES } from '../../entrypoints/background/badge/badge-states';
import { forumSiteLabel } from '../../entrypoints/options/forum-site-input';
import { originPermissionPattern } from '../../utils/api/base-url';
import { BACKUP_FORMAT, BACKUP_VERSION } from '../../utils/backup/backup-version';
import { t } from '../../utils/i18n/translate';
import {
  button,
  buttonMatching,
  byRole,
  control,
  fill,
  statusTexts,
  textOf,
  visibleText,
  waitForStatus,
  waitForText,
} from './dom';
import type { ExtensionPageGlobals } from './extension-api';
import {
  extensionDir,
  type FirefoxSession,
  launchFirefoxWithExtension,
  pageHref,
  readManifest,
  waitForTab,
} from './firefox';
import { type SmokeTest, type Suite, waitFor } from './harness';
import { hoverProgressTest } from './hover-progress';
import { remindMeTest } from './reminders';

/** The online count the demo server reports, so the badge text is known. */
const ONLINE = 1234;
/** Screenshots of failed tests (`.reports/` is git-ignored and cleared by each `npm test`). */
const ARTIFACTS = path.resolve('.reports', 'firefox');

export interface SmokeContext {
  firefox: FirefoxSession;
  demo: DemoServer;
  /** A second demo server on another loopback host, which the e2e build is not granted. */
  other?: DemoServer;
  /** The tabs the tests have found, for screenshots when a test fails. */
  tabs: { options?: Page; forum?: Page; popup?: Page; sidebar?: Page };
}

export interface SmokeOptions {
  dir: string;
  verbose?: boolean;
}

/** Texts the tests look for, by the user-visible rule they check. */
const CONNECTED = /connected/i;

function tab(context: SmokeContext, name: keyof SmokeContext['tabs']): Page {
  const page = context.tabs[name];
  if (!page) throw new Error(`The ${name} tab was not found by an earlier test`);
  return page;
}

async function badgeText(page: Page): Promise<string> {
  return page.evaluate(() =>
    (globalThis as unknown as ExtensionPageGlobals).browser.browserAction.getBadgeText({}),
  );
}

async function waitForBadge(page: Page, expected: string, timeoutMs = 10_000): Promise<void> {
  let last = '';
  await waitFor(
    async () => {
      last = await badgeText(page);
      return last === expected;
    },
    () => `The badge shows "${last}", expected "${expected}"`,
    { timeoutMs },
  );
}

const INSTALL = 'installs and opens its options page in a tab on first install';
const LANGUAGE = "options: the page speaks the browser's language (html lang, title from the catalogue)";
const CONNECT = 'options: the demo API address and key connect ("Connected")';
const POLL = 'the background polls the online count with the key and shows it on the badge';
const HOVER = 'hover card: after adding the demo forum, hovering Steve shows his card';
const OPEN_POPUP = 'popup: "Open in popup" on the card opens the player view in a tab';
const LOOKUP = 'popup: the player view looks up another player from the keyboard';
const WATCH = 'watchlist: Watch on a player card, then the Watchlist tab lists the player';
const COMPARE =
  'popup: Compare with… on a card puts two players side by side, the better values marked in words';
const HISTORY = 'popup: the header count opens the online history the background recorded';
const SAVE_SEARCH = 'popup: an auction search is saved (storage.sync) and listed under Saved searches';
const MENUS =
  'context menu: the Look up items exist (a persistent background page creates them as it starts)';
const SHORTCUT = 'keyboard: the suggested shortcut opens the popup (_execute_browser_action)';
const SIDEBAR = 'sidebar: the side panel page renders the tabs full width and looks up a player';
const BACKUP = 'options: Export saves a file; Import previews a backup file and merges it into storage.sync';
const ACCESS = 'options: an API origin that is not allowed yet is shown, and its button asks for access';

export const tests: SmokeTest<SmokeContext>[] = [
  {
    name: INSTALL,
    async run(context) {
      const { browser, base } = context.firefox;
      // No key yet, so the background opens the options page itself (a user's first sight).
      const options = await waitForTab(browser, `${base}options.html`, { timeoutMs: 15_000 });
      context.tabs.options = options;
      await control(options, 'Server address');
      await control(options, 'API key');
      await waitForBadge(options, BADGE_STATES['not-configured'].text({ kind: 'not-configured' }));
    },
  },
  {
    name: LANGUAGE,
    needs: [INSTALL],
    async run(context) {
      const options = tab(context, 'options');
      const page = await options.evaluate(() => ({
        lang: document.documentElement.lang,
        title: document.title,
      }));
      // Firefox ESR here is en-US; the manifest's __MSG_ names resolved, or it would not install.
      assert.match(page.lang, /^en\b/);
      assert.equal(page.title, t('extension.optionsTitle'));
    },
  },
  {
    name: CONNECT,
    needs: [INSTALL],
    async run(context) {
      const options = tab(context, 'options');
      await fill(options, 'Server address', context.demo.url);
      await fill(options, 'API key', context.demo.apiKey);
      await (await button(options, 'Save')).click();
      await waitForStatus(options, CONNECTED, 15_000);
    },
  },
  {
    name: POLL,
    needs: [CONNECT],
    async run(context) {
      const { demo } = context;
      const countRequests = () => demo.log().filter((entry) => entry.endpoint === 'count');
      const polled = await waitFor(
        () => countRequests().find((entry) => entry.hadKey && entry.keyValid && entry.status === 200),
        () =>
          `No count request with the key in the demo server's log; count requests: ${JSON.stringify(countRequests())}`,
        { timeoutMs: 15_000 },
      );
      assert.equal(polled.method, 'GET');
      const expected = BADGE_STATES.count.text({ kind: 'count', count: { online: ONLINE, fetchedAt: 0 } });
      await waitForBadge(tab(context, 'options'), expected);
    },
  },
  {
    name: HOVER,
    needs: [CONNECT],
    timeoutMs: 40_000,
    async run(context) {
      const { demo } = context;
      const { browser } = context.firefox;
      const options = tab(context, 'options');
      await fill(options, 'Forum site', demo.url);
      await (await button(options, 'Add site')).click();
      const label = forumSiteLabel(new URL(demo.url).origin);
      let listed = '';
      await waitFor(
        async () => {
          listed = await options.evaluate(
            () => document.querySelector('[aria-label="Forum sites"]')?.textContent ?? '',
          );
          return listed.includes(label);
        },
        () => `The forum list does not show ${label}; it shows "${listed.trim()}"`,
      );
      // The background registers the content script for the new site.
      const pattern = originPermissionPattern(demo.url);
      let registered: { id: string; matches?: string[] }[] = [];
      await waitFor(
        async () => {
          registered = await options.evaluate(() =>
            (globalThis as unknown as ExtensionPageGlobals).browser.scripting.getRegisteredContentScripts(),
          );
          return registered.some((script) => script.matches?.includes(pattern));
        },
        () => `No content script registered for ${pattern}; registered: ${JSON.stringify(registered)}`,
      );

      const forum = await browser.newPage();
      context.tabs.forum = forum;
      demo.clearLog();
      await forum.goto(`${demo.url}/forum/xenforo`);
      const name = await forum.waitForSelector(
        '::-p-xpath(//*[contains(@class,"message-name")]//a[normalize-space(.)="Steve"])',
        { timeout: 10_000 },
      );
      assert.ok(name, 'Steve is on the demo XenForo page');
      await name.hover();
      let cards: string[] = [];
      const dialog = await waitFor(
        async () => {
          cards = [];
          for (const candidate of await forum.$$('>>> [role="dialog"]')) {
            const text = await textOf(candidate);
            cards.push(text);
            if (text.includes('Steve') && !/loading/i.test(text)) return candidate;
          }
          return undefined;
        },
        () => `No player card for Steve appeared on hover; dialogs: ${JSON.stringify(cards)}`,
      );
      const text = await textOf(dialog);
      assert.match(text, /ADMIN/, `the card shows Steve's rank: "${text}"`);
      assert.doesNotMatch(text, /&[0-9a-fk-or]/i, `the rank's colour codes are not shown raw: "${text}"`);
      const lookup = demo.log().find((entry) => entry.endpoint === 'player');
      assert.ok(lookup, 'the card came from a player request to the demo server');
      assert.ok(lookup.hadKey && lookup.keyValid, 'the player request carried the key');
    },
  },
  hoverProgressTest([HOVER]),
  {
    name: OPEN_POPUP,
    needs: [HOVER],
    async run(context) {
      const { browser, base } = context.firefox;
      const forum = tab(context, 'forum');
      let dialog: ElementHandle<Element> | undefined;
      for (const candidate of await forum.$$('>>> [role="dialog"]')) {
        if ((await textOf(candidate)).includes('Steve')) dialog = candidate;
      }
      assert.ok(dialog, "Steve's card is still open");
      await (await buttonMatching(dialog, /open in popup/i)).click();
      const popup = await waitForTab(browser, `${base}popup.html`).catch((error: unknown) => {
        // The likely cause, spelled out: Firefox (and Chrome) refuse a web page's
        // window.open of a moz-extension:// page; the background must open the tab.
        throw new Error(
          `${error instanceof Error ? error.message : error}\n(A content script's window.open of an extension page is denied in Firefox: "Access to 'moz-extension://…' from script denied". The background has to open the tab, e.g. tabs.create.)`,
        );
      });
      context.tabs.popup = popup;
      const href = await pageHref(popup);
      assert.equal(
        new URL(href).searchParams.get('player'),
        'Steve',
        `the player view opens on Steve: ${href}`,
      );
      await byRole(popup, 'heading', 'Steve');
      const text = await visibleText(popup);
      assert.match(text, /ADMIN/, `the player view shows Steve's rank: "${text.slice(0, 300)}"`);
    },
  },
  {
    name: LOOKUP,
    needs: [OPEN_POPUP],
    async run(context) {
      const popup = tab(context, 'popup');
      const field = await control(popup, 'Player name or UUID');
      await field.asLocator().fill('Alex');
      await popup.keyboard.press('Enter');
      await byRole(popup, 'heading', 'Alex');
      const asked = context.demo
        .log()
        .some((entry) => entry.endpoint === 'player' && entry.path.includes('Alex'));
      assert.ok(asked, 'the lookup went to the demo server');
    },
  },
  {
    name: COMPARE,
    needs: [LOOKUP],
    async run(context) {
      const popup = tab(context, 'popup');
      await (await buttonMatching(popup, /^Compare with…$/)).click();
      const field = await control(popup, 'Player to compare with');
      await field.asLocator().fill('Steve');
      await popup.keyboard.press('Enter');
      const table = await popup.waitForSelector(
        '::-p-aria([role="table"][name="Alex and Steve side by side"])',
        {
          timeout: 10_000,
        },
      );
      const text = (await table?.evaluate((element) => element.textContent)) ?? '';
      assert.match(text, /▲ better/, 'a better value is marked in words');
      await (await buttonMatching(popup, /^Close$/)).click();
    },
  },
  {
    name: WATCH,
    needs: [LOOKUP],
    async run(context) {
      const popup = tab(context, 'popup');
      const watch = await buttonMatching(popup, /^[☆★]?Watch$/);
      await watch.click();
      await waitFor(
        async () => (await watch.evaluate((element) => element.getAttribute('aria-pressed'))) === 'true',
        () => 'the Watch button is not pressed after the click',
      );
      await (await buttonMatching(popup, /^Watchlist$/)).click();
      await byRole(popup, 'list', 'Watched players');
      let text = '';
      await waitFor(
        async () => {
          text = await visibleText(popup);
          return /[01] of 1 online/.test(text) && /Alex/.test(text);
        },
        () => `the Watchlist tab does not list Alex: "${text.slice(0, 300)}"`,
      );
      // Back to the Player tab: the popup and the side panel reopen on the last tab.
      await (await buttonMatching(popup, /^Player$/)).click();
    },
  },
  {
    name: HISTORY,
    needs: [OPEN_POPUP, POLL],
    async run(context) {
      const popup = tab(context, 'popup');
      // The background page wrote the counts; the popup reads the same IndexedDB (same origin).
      await (await buttonMatching(popup, /^[\d,]+ online$/)).click();
      // Counts recorded for less than an hour: the view says it is collecting, with their figures.
      const history = await popup.waitForSelector('#online-history', { timeout: 10_000 });
      let text = '';
      await waitFor(
        async () => {
          text = (await history?.evaluate((element) => element.textContent ?? '')) ?? '';
          return /Min 1,234, max 1,234, now 1,234/.test(text);
        },
        () => `The online history shows no figures of the recorded counts: "${text}"`,
      );
      assert.match(text, /Collecting data/, `it says it is collecting data: "${text}"`);
    },
  },
  {
    name: SAVE_SEARCH,
    needs: [OPEN_POPUP],
    async run(context) {
      const popup = tab(context, 'popup');
      await (await buttonMatching(popup, /^Auctions$/)).click();
      const field = await control(popup, 'Search auctions');
      await field.asLocator().fill('diamond');
      // Offered once the answer for "diamond" is on screen.
      await (await buttonMatching(popup, /^Save search$/)).click();
      await waitForStatus(popup, /^Saved: it is listed under Saved searches\.$/);
      await buttonMatching(popup, /^diamond \(Recent\)$/);
      const stored = await popup.evaluate(() =>
        (globalThis as unknown as ExtensionPageGlobals).browser.storage.sync.get(null),
      );
      // One item per search (utils/saved-searches/storage.ts).
      assert.deepEqual(
        Object.entries(stored)
          .filter(([key]) => key.startsWith('search:'))
          .map(([, value]) => {
            const { text, sort } = value as { text: string; sort: string };
            return { text, sort };
          }),
        [{ text: 'diamond', sort: 'recent' }],
        'the search is in storage.sync',
      );
      // The popup remembers its tab: back to Player for the tests after this one.
      await (await buttonMatching(popup, /^Player$/)).click();
    },
  },
  remindMeTest([OPEN_POPUP]),
  {
    name: MENUS,
    needs: [INSTALL],
    async run(context) {
      const options = tab(context, 'options');
      for (const id of ['lookup-selection', 'lookup-forum-link']) {
        // Updating an item that does not exist fails: an empty update is a check that it does.
        const error = await options.evaluate(
          (item) =>
            (globalThis as unknown as ExtensionPageGlobals).browser.contextMenus.update(item, {}).then(
              () => '',
              (failure: unknown) => String(failure),
            ),
          id,
        );
        assert.equal(error, '', `the ${id} menu item exists`);
      }
    },
  },
  {
    name: SHORTCUT,
    needs: [INSTALL],
    async run(context) {
      const suggested = readManifest(extensionDir()).commands?._execute_browser_action?.suggested_key
        ?.default;
      assert.match(suggested ?? '', /^Alt\+Shift\+[A-Z]$/, 'the manifest suggests a shortcut');
      const commands = await tab(context, 'options').evaluate(() =>
        (globalThis as unknown as ExtensionPageGlobals).browser.commands.getAll(),
      );
      const open = commands.find((command) => command.name === '_execute_browser_action');
      assert.equal(open?.shortcut, suggested, `the popup's shortcut: ${JSON.stringify(commands)}`);
    },
  },
  {
    name: SIDEBAR,
    needs: [CONNECT],
    async run(context) {
      const { browser, base } = context.firefox;
      const options = tab(context, 'options');
      const panel = await options.evaluate(() =>
        (globalThis as unknown as ExtensionPageGlobals).browser.sidebarAction.getPanel({}),
      );
      assert.equal(panel, `${base}sidepanel.html`, 'the manifest declares the sidebar page');
      // BiDi cannot navigate a tab to moz-extension://, so an extension page opens it (firefox.ts).
      await options.evaluate(
        (url) => (globalThis as unknown as ExtensionPageGlobals).browser.tabs.create({ url }),
        `${base}sidepanel.html`,
      );
      const sidebar = await waitForTab(browser, `${base}sidepanel.html`);
      context.tabs.sidebar = sidebar;
      await sidebar.setViewport({ width: 520, height: 800 });
      await byRole(sidebar, 'tab', 'Player');
      // The panel reopens on the popup's last tab (an earlier test may have left another one).
      await (await buttonMatching(sidebar, /^Player$/)).click();
      const width = await sidebar.evaluate(() => document.body.getBoundingClientRect().width);
      assert.equal(width, 520, 'the side panel uses the whole width, not the popup’s 380 px');
      const field = await control(sidebar, 'Player name or UUID');
      await field.asLocator().fill('Notch');
      await sidebar.keyboard.press('Enter');
      await byRole(sidebar, 'heading', 'Notch');
    },
  },
  {
    name: BACKUP,
    needs: [CONNECT],
    timeoutMs: 30_000,
    async run(context) {
      const options = tab(context, 'options');
      await (await button(options, t('options.backup.exportButton'))).click();
      await waitForStatus(options, /Saved as network-companion-\d{4}-\d\d-\d\d\.json\.$/, 15_000);
      // A backup another browser made: one watched player and a note with markup (kept as text).
      const file = path.join(ARTIFACTS, 'backup.json');
      mkdirSync(ARTIFACTS, { recursive: true });
      const uuid = DEMO_FIXTURE_UUIDS.alex;
      writeFileSync(
        file,
        JSON.stringify({
          format: BACKUP_FORMAT,
          version: BACKUP_VERSION,
          extension: '0.2.0',
          exportedAt: Date.now(),
          values: {
            watchedPlayers: { items: { [`watch:${uuid}`]: { name: 'Alex', addedAt: 1, v: 1 } } },
            playerNotes: { items: { [`note:${uuid}`]: { note: '<b>builder</b>', updatedAt: 1, v: 1 } } },
          },
        }),
      );
      const input = (await control(
        options,
        t('options.backup.importLabel'),
      )) as ElementHandle<HTMLInputElement>;
      await input.uploadFile(file);
      await waitForText(options, 'This file holds 1 watched player and 1 note.', 15_000);
      await (await button(options, t('options.backup.importButton'))).click();
      await waitForStatus(options, /Imported\./, 15_000);
      const sync = await options.evaluate(() =>
        (globalThis as unknown as ExtensionPageGlobals).browser.storage.sync.get(null),
      );
      assert.deepEqual(sync[`note:${uuid}`], { note: '<b>builder</b>', updatedAt: 1, v: 1 });
      assert.equal((sync[`watch:${uuid}`] as { name?: string } | undefined)?.name, 'Alex');
      await buttonMatching(options, /^Restore the copy from /);
    },
  },
  {
    // Firefox may not grant host permissions at install, and a user can take them back in
    // about:addons (Permissions). The options page must notice and offer to ask again.
    name: ACCESS,
    needs: [CONNECT],
    timeoutMs: 40_000,
    async run(context) {
      const options = tab(context, 'options');
      // In front again: after the export's download this tab got no animation frames, which a
      // locator's fill waits for (Firefox ESR: the fill below timed out at 30 s).
      await options.bringToFront();
      const other = await startDemoServer({ port: 0, host: '127.0.0.2' });
      context.other = other;
      const pattern = originPermissionPattern(other.url);
      // A new API address: Save asks for access to it (granted here without the prompt, see main.ts).
      await fill(options, 'Server address', other.url);
      await (await button(options, 'Save')).click();
      await waitForStatus(options, CONNECTED, 15_000);
      const removed = await options.evaluate(
        (origin) =>
          (globalThis as unknown as ExtensionPageGlobals).browser.permissions.remove({ origins: [origin] }),
        pattern,
      );
      assert.equal(removed, true, `access to ${pattern} was taken back`);

      await options.evaluate(() => location.reload());
      const allow = await buttonMatching(
        options,
        new RegExp(`allow.*${escapeRegExp(other.url)}`, 'i'),
        15_000,
      );
      other.clearLog();
      await allow.click();
      await waitForStatus(options, CONNECTED, 15_000);
      const granted = await options.evaluate(
        (origin) =>
          (globalThis as unknown as ExtensionPageGlobals).browser.permissions.contains({ origins: [origin] }),
        pattern,
      );
      assert.equal(granted, true, `access to ${pattern} is granted again`);
      assert.ok(
        other.log().some((entry) => entry.hadKey && entry.keyValid),
        'the check after allowing reached the new API with the key',
      );
    },
  },
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

export function smokeSuite(options: SmokeOptions): Suite<SmokeContext> {
  return {
    title: `Firefox ESR smoke suite (${options.dir})`,
    setupTimeoutMs: 60_000,
    defaultTimeoutMs: 30_000,
    async setup() {
      const demo = await startDemoServer({ port: 0 });
      demo.setOnlineCount(ONLINE);
      try {
        const firefox = await launchFirefoxWithExtension({
          dir: options.dir,
          verbose: options.verbose === true,
          prefs: {
            // Grant optional permissions without the doorhanger nobody can click headless.
            // Only the ACCESS test meets one (loopback is granted at install in the e2e build).
            'extensions.webextOptionalPermissionPrompts': false,
          },
        });
        return { firefox, demo, tabs: {} };
      } catch (error) {
        await demo.close();
        throw error;
      }
    },
    async teardown(context) {
      await context.firefox.close();
      await context.demo.close();
      await context.other?.close();
    },
    tests,
    async onFailure(context, test) {
      mkdirSync(ARTIFACTS, { recursive: true });
      for (const [name, page] of Object.entries(context.tabs)) {
        if (!page || page.isClosed()) continue;
        const file = path.join(ARTIFACTS, `${slug(test.name)}--${name}.png`);
        await page.screenshot({ path: file as `${string}.png` }).catch(() => undefined);
        const href = await pageHref(page);
        const statuses = await statusTexts(page).catch(() => []);
        console.log(`      ${name} tab: ${href || page.url()} (screenshot ${path.relative('.', file)})`);
        if (statuses.length > 0) console.log(`      ${name} status: ${statuses.join(' | ')}`);
      }
    },
  };
}

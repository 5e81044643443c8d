/**
 * The Firefox update suite: the previous release's build (scripts/previous-release.mjs) installed
 * as a temporary add-on makes data as a player would; this build is then installed over it in
 * place (same add-on id: Firefox upgrades it and keeps its storage), and finds the data. The
 * upgrade closes the old build's tabs and BiDi cannot open an extension page, so the new build is
 * reached as a player reaches it: a hover card on the forum added before the update opens the
 * player view.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { button, buttonMatching, fill, textOf, visibleText } from './dom';
import { extensionDir, type FirefoxSession, launchFirefoxWithExtension, waitForTab } from './firefox';
import { type SmokeTest, type Suite, waitFor } from './harness';

interface UpdateContext {
  firefox: FirefoxSession;
  demo: DemoServer;
  options?: Page;
}

export function previousFirefoxBuild(): string {
  const { commit } = JSON.parse(readFileSync(path.resolve('tests/e2e/previous-release.json'), 'utf8')) as {
    commit: string;
  };
  const dir = path.resolve('.previous-release', commit, 'firefox-mv2-e2e');
  if (!existsSync(path.join(dir, 'manifest.json'))) {
    throw new Error(`No build of the previous release at ${dir}: run \`node scripts/previous-release.mjs\`.`);
  }
  return dir;
}

/** What a page of either build may call: runtime messages only (both builds' protocol). */
function ask<T>(page: Page, message: Record<string, unknown>): Promise<T> {
  return page.evaluate(
    (message) =>
      (
        globalThis as unknown as { browser: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }
      ).browser.runtime.sendMessage(message),
    message,
  ) as Promise<T>;
}

const MAKE_DATA =
  'update: the previous release saves a key, a forum, a watched player and a saved search with an alert';
const UPDATED = 'update: installed in place over it, this build finds them all';
/** Hovers (half a second apart) without a card before the forum page is loaded again. */
const HOVERS_BEFORE_RELOAD = 10;

const tests: SmokeTest<UpdateContext>[] = [
  {
    name: MAKE_DATA,
    timeoutMs: 40_000,
    async run(context) {
      const { browser, base } = context.firefox;
      const { demo } = context;
      const options = await waitForTab(browser, `${base}options.html`, { timeoutMs: 15_000 });
      context.options = options;
      await ask(options, { type: 'save-connection', baseUrl: demo.url, apiKey: demo.apiKey });
      await fill(options, 'Forum site', demo.url);
      await (await button(options, 'Add site')).click();
      const notch = demo.data.players.find((player) => player.name === 'Notch');
      assert.ok(notch, 'the demo has Notch');
      assert.deepEqual(await ask(options, { type: 'watch', uuid: notch.uuid, name: notch.name }), {
        watched: true,
        full: false,
      });
      const saved = await ask<{ ok: boolean; search: { id: string } }>(options, {
        type: 'save-search',
        text: 'diamond',
        sort: 'recent',
      });
      assert.equal(saved.ok, true, 'the search is saved');
      const alert = await ask<{ ok: boolean }>(options, {
        type: 'set-saved-search-alert',
        id: saved.search.id,
        alertBelow: 0.5,
      });
      assert.equal(alert.ok, true, 'the alert is set');
      await waitFor(
        async () =>
          JSON.stringify(await options.evaluate(() => document.body.textContent)).includes('127.0.0.1'),
        () => 'The forum site is not listed in the previous release’s Options page',
      );
    },
  },
  {
    name: UPDATED,
    needs: [MAKE_DATA],
    timeoutMs: 60_000,
    async run(context) {
      const { browser, base } = context.firefox;
      const { demo } = context;
      // A regular tab keeps a window open while the upgrade closes the old build's pages.
      const forum = await browser.newPage();
      const installed = await browser.installExtension(extensionDir()).catch((error: unknown) => {
        // BiDi reports "Target closed" when the upgrade closes the old options tab it was
        // attached to; the install itself went through (checked below through the new build).
        if (error instanceof Error && /Target closed/.test(error.message)) return context.firefox.geckoId;
        throw error;
      });
      assert.equal(installed, context.firefox.geckoId, 'the same add-on id: an upgrade, not a second add-on');

      // The update re-registers the forum's content script as the new build starts: a page loaded
      // before that has none, as a player's open tab would not, so a page without a card after
      // HOVERS_BEFORE_RELOAD hovers is loaded again (a player's reload); each load must find Steve.
      const steve = async () => {
        await forum.goto(`${demo.url}/forum/xenforo`);
        const found = await forum.waitForSelector(
          '::-p-xpath(//*[contains(@class,"message-name")]//a[normalize-space(.)="Steve"])',
          { timeout: 10_000 },
        );
        assert.ok(found, 'Steve is on the demo XenForo page');
        return found;
      };
      let name = await steve();
      let hovers = 0;
      let opening = false;
      // The content script registered for the forum before the update is there again after it.
      let dialog: ElementHandle<Element> | undefined;
      await waitFor(
        async () => {
          hovers += 1;
          if (hovers % HOVERS_BEFORE_RELOAD === 0) name = await steve();
          // A script that arrived after the pointer did saw no pointerover: leave and come back.
          else if (!opening) await forum.mouse.move(0, 0);
          await name.hover();
          opening = false;
          for (const candidate of await forum.$$('>>> [role="dialog"]')) {
            const text = await textOf(candidate);
            if (!text.includes('Steve')) continue;
            opening = true;
            if (!/loading/i.test(text)) dialog = candidate;
          }
          return dialog;
        },
        () => `No player card for Steve on the forum added before the update (${hovers} hovers)`,
        { timeoutMs: 30_000, intervalMs: 500 },
      );
      assert.ok(dialog);
      await (await buttonMatching(dialog, /open in popup/i)).click();
      const popup = await waitForTab(browser, `${base}popup.html`);
      const version = await popup.evaluate(
        () =>
          (
            globalThis as unknown as { browser: { runtime: { getManifest(): { version: string } } } }
          ).browser.runtime.getManifest().version,
      );
      const newVersion = (
        JSON.parse(readFileSync(path.join(extensionDir(), 'manifest.json'), 'utf8')) as {
          version: string;
        }
      ).version;
      assert.equal(version, newVersion, 'the popup is the new build’s');

      assert.deepEqual(await ask(popup, { type: 'connection-status' }), { baseUrl: demo.url, hasKey: true });
      const searches = await ask<unknown[]>(popup, { type: 'saved-searches' });
      assert.equal(searches.length, 1, `one saved search: ${JSON.stringify(searches)}`);
      assert.match(JSON.stringify(searches[0]), /"diamond"/);
      assert.match(JSON.stringify(searches[0]), /0\.5/);
      const watchlist = await ask<unknown>(popup, { type: 'watchlist' });
      assert.match(
        JSON.stringify(watchlist),
        /Notch/,
        `Notch is still watched: ${JSON.stringify(watchlist)}`,
      );
      const text = await visibleText(popup);
      assert.match(text, /Steve/);
    },
  },
];

export function updateSuite(options: { verbose?: boolean } = {}): Suite<UpdateContext> {
  return {
    title: 'Firefox ESR update suite (previous release → this build)',
    setupTimeoutMs: 60_000,
    defaultTimeoutMs: 30_000,
    async setup() {
      const demo = await startDemoServer({ port: 0 });
      try {
        const firefox = await launchFirefoxWithExtension({
          dir: previousFirefoxBuild(),
          verbose: options.verbose === true,
        });
        return { firefox, demo };
      } catch (error) {
        await demo.close();
        throw error;
      }
    },
    async teardown(context) {
      await context.firefox.close();
      await context.demo.close();
    },
    tests,
  };
}

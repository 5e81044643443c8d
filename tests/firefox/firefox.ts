/**
 * Firefox ESR driven by puppeteer-core over WebDriver BiDi, with the extension's e2e build
 * installed as a temporary add-on.
 *
 * Two facts shape these helpers (checked on Firefox ESR 153 with puppeteer-core 24):
 * - BiDi cannot navigate a tab to a `moz-extension://` URL, so tests reach extension pages the
 *   way a user does: the options tab the extension opens on first install, the player view the
 *   hover card opens. The extension's UUID is fixed with `extensions.webextensions.uuids` so
 *   tests know its base URL.
 * - When a tab moves to a `moz-extension://` page, puppeteer's `page.url()` keeps the old URL
 *   (no navigation event reaches it), while scripts evaluated in the tab see the right one; so
 *   pages are found by asking each tab for its `location.href`.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { sleep, withTimeout } from './harness';

export const FIREFOX_PATH = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

export function extensionDir(): string {
  return path.resolve(process.env.OUT_DIR || '.output', 'firefox-mv2-e2e');
}

interface Manifest {
  version?: string;
  commands?: Record<string, { suggested_key?: { default?: string } }>;
  browser_specific_settings?: { gecko?: { id?: string } };
}

export function readManifest(dir: string): Manifest {
  const file = path.join(dir, 'manifest.json');
  if (!existsSync(file)) {
    throw new Error(`No Firefox e2e build at ${dir}: run \`npm run build:e2e\` first.`);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

export interface FirefoxSession {
  browser: Browser;
  /** `moz-extension://<uuid>/` */
  base: string;
  geckoId: string;
  close(): Promise<void>;
}

export interface LaunchOptions {
  dir: string;
  /** Firefox preferences on top of the ones this helper sets. */
  prefs?: Record<string, unknown>;
  /** Print Firefox's output, extension console messages included. */
  verbose?: boolean;
}

export async function launchFirefoxWithExtension(options: LaunchOptions): Promise<FirefoxSession> {
  if (!existsSync(FIREFOX_PATH)) {
    throw new Error(
      `Firefox ESR not found at ${FIREFOX_PATH}: install Debian's firefox-esr (\`apt-get install firefox-esr\`) or set FIREFOX_PATH.`,
    );
  }
  const geckoId = readManifest(options.dir).browser_specific_settings?.gecko?.id;
  if (!geckoId) throw new Error(`The manifest in ${options.dir} has no browser_specific_settings.gecko.id`);
  const uuid = randomUUID();
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    // A hang guard, not a speed limit: two test runs and scripts/busy.mjs on 2 cores took
    // Firefox past puppeteer's default 30 s to print its endpoint.
    timeout: 120_000,
    dumpio: options.verbose === true,
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [geckoId]: uuid }),
      // Extension console output on stdout (seen with --verbose).
      'devtools.console.stdout.chrome': options.verbose === true,
      'devtools.console.stdout.content': options.verbose === true,
      ...options.prefs,
    },
  });
  try {
    const installed = await withTimeout(
      browser.installExtension(options.dir),
      30_000,
      'installing the add-on',
    );
    if (installed !== geckoId) throw new Error(`Installed add-on id ${installed}, expected ${geckoId}`);
  } catch (error) {
    await browser.close().catch(() => undefined);
    throw error;
  }
  return {
    browser,
    base: `moz-extension://${uuid}/`,
    geckoId,
    close: () => browser.close(),
  };
}

/** The tab's real address (see the note at the top), or '' while it cannot answer. */
export async function pageHref(page: Page): Promise<string> {
  if (page.isClosed()) return '';
  try {
    return await withTimeout(
      page.evaluate(() => location.href),
      2_000,
      'reading location.href',
    );
  } catch {
    return '';
  }
}

/** Every open tab with its real address. */
export async function tabs(browser: Browser): Promise<{ page: Page; href: string }[]> {
  const pages = await browser.pages();
  return Promise.all(pages.map(async (page) => ({ page, href: await pageHref(page) })));
}

/**
 * Waits for a tab whose address starts with `prefix` (not one of `except`) and returns it.
 * On timeout the error lists the tabs that were open.
 */
export async function waitForTab(
  browser: Browser,
  prefix: string,
  { timeoutMs = 10_000, except = [] as Page[] } = {},
): Promise<Page> {
  const deadline = Date.now() + timeoutMs;
  let seen: string[] = [];
  for (;;) {
    const open = await tabs(browser);
    const found = open.find(({ page, href }) => href.startsWith(prefix) && !except.includes(page));
    if (found) return found.page;
    seen = open.map(({ href, page }) => href || `(not answering; last known ${page.url()})`);
    if (Date.now() >= deadline) {
      throw new Error(
        `No tab at ${prefix}… after ${timeoutMs / 1000} s; open tabs: ${seen.join(', ') || 'none'}`,
      );
    }
    await sleep(150);
  }
}

/**
 * The extension under measurement: building it, the bench's copy of it (with a blank page
 * beside the real ones), launching Chromium with it, and setting it up as a player would
 * (the demo server and its key saved, the demo's forum added as a site).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page, Worker } from '@playwright/test';
import { launchChromiumWith } from '../../tests/chromium';
import { blankPageHtml, writePopupTwin } from './popup-twin';

/** The e2e build inside an OUT_DIR (`wxt build --mode e2e`). */
export function extensionDir(outDir: string): string {
  return path.resolve(outDir, 'chrome-mv3-e2e');
}

/**
 * Builds the Chrome e2e variant into `outDir`: the production build plus the loopback
 * host permissions (`http://127.0.0.1/*`, `http://localhost/*`) granted at install, so the
 * demo server on 127.0.0.1 needs no permission prompt (wxt.config.ts).
 */
export function buildExtension(outDir: string, env: Record<string, string> = {}): void {
  const result = spawnSync('npx', ['wxt', 'build', '--mode', 'e2e'], {
    env: { ...process.env, ...env, OUT_DIR: outDir },
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`The build failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

/** A page with a paragraph of text and nothing else: the baseline for the popup's first paint. */
export const BLANK_PAGE = 'bench-blank.html';
const BLANK_HTML = blankPageHtml();

/**
 * Copies the build to a temporary folder and adds the blank page and the popup's twin
 * (popup-twin.ts) there, so the built folder
 * (and anything packaged from it) stays exactly as shipped. Returns the copy and how to remove it.
 */
export function copyWithBlankPage(builtDir: string): { dir: string; remove: () => void } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'nc-bench-'));
  const dir = path.join(root, 'chrome-mv3-e2e');
  cpSync(builtDir, dir, { recursive: true });
  writeFileSync(path.join(dir, BLANK_PAGE), BLANK_HTML);
  writePopupTwin(dir);
  return { dir, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** Headless Chromium with only this extension loaded, in a fresh profile. */
export function launchWithExtension(dir: string): Promise<BrowserContext> {
  return launchChromiumWith([dir]);
}

export interface Extension {
  id: string;
  worker: Worker;
  /** The options tab the background opens on install (no key yet), loaded. */
  optionsPage: Page;
}

/**
 * Waits for the service worker and the options tab the background opens on first install
 * (no key yet); opening another tab before it would race with that navigation.
 */
export async function installedExtension(context: BrowserContext): Promise<Extension> {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const id = new URL(worker.url()).host;
  const deadline = Date.now() + 15_000;
  for (;;) {
    const optionsPage = context.pages().find((page) => page.url().endsWith('/options.html'));
    if (optionsPage) {
      await optionsPage.waitForLoadState();
      return { id, worker, optionsPage };
    }
    if (Date.now() > deadline) throw new Error('The background did not open the options page on install');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `local:settings` is stored at version 2 (utils/settings.ts). */
const SETTINGS_META = { v: 2 };

/**
 * From an extension page: saves the demo server and its key (the message the options page
 * sends), and adds `forumOrigin` as a forum site when given (as the options page stores it).
 */
export async function configureExtension(
  page: Page,
  demo: { url: string; apiKey: string },
  forumOrigin?: string,
): Promise<void> {
  await page.evaluate((message) => chrome.runtime.sendMessage(message), {
    type: 'save-connection',
    baseUrl: demo.url,
    apiKey: demo.apiKey,
  });
  if (forumOrigin === undefined) return;
  await page.evaluate(
    async ({ origin, meta }) => {
      const stored = await chrome.storage.local.get(['settings', 'settings$']);
      const settings = (stored.settings ?? {}) as Record<string, unknown>;
      await chrome.storage.local.set({
        settings: { ...settings, forumSites: [{ origin, customSelector: '' }] },
        settings$: stored.settings$ ?? meta,
      });
    },
    { origin: forumOrigin, meta: SETTINGS_META },
  );
}

/** Waits until the background has registered the forum content script for `match` (e.g. `http://127.0.0.1/*`). */
export async function waitForForumScript(worker: Worker, match: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const matches = await worker.evaluate(async () =>
      (await chrome.scripting.getRegisteredContentScripts()).flatMap((script) => script.matches ?? []),
    );
    if (matches.includes(match)) return;
    if (Date.now() > deadline) throw new Error('The background did not register the forum content script');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The browser's version string, e.g. `Chrome/156.0.8078.79`. */
export async function browserVersion(context: BrowserContext, page: Page): Promise<string> {
  const cdp = await context.newCDPSession(page);
  try {
    return (await cdp.send('Browser.getVersion')).product;
  } finally {
    await cdp.detach();
  }
}

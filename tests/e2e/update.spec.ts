import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, test as base, expect, type Page, type Worker } from '@playwright/test';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { launchChromiumWith } from '../chromium';
import { EXTENSION_DIR } from './fixtures';
import { fireSchedulerAlarmUntil } from './scheduler-helpers';

/**
 * An update keeps everything: the previous release's build (tests/e2e/previous-release.json,
 * built by scripts/previous-release.mjs) is loaded from a folder in a profile that outlives the
 * browser, makes data as a player would (key, an option, watched players, a saved search with an
 * alert, recorded history), the browser closes, the folder gets this build (a newer version, as
 * the store delivers an update), the browser starts again on the same profile, and this build
 * finds all of it.
 */

const PINNED = JSON.parse(readFileSync(path.resolve('tests/e2e/previous-release.json'), 'utf8')) as {
  commit: string;
};
const PREVIOUS_BUILD = path.resolve('.previous-release', PINNED.commit, 'chrome-mv3-e2e');
if (!existsSync(path.join(PREVIOUS_BUILD, 'manifest.json'))) {
  throw new Error(
    `No build of the previous release at ${PREVIOUS_BUILD}: run \`node scripts/previous-release.mjs\`.`,
  );
}

/** The option the test sets in the previous release's Options page and reads in this one's. */
const OWN_NAME = 'Your player name (optional)';

/** What the background keeps in storage.local, unmarked in the previous release, v2 in this one. */
const LOCAL_STATE = ['watchlistStatus', 'savedSearchState', 'scheduler:state'] as const;
/** Their version marks (utils/storage-item.ts). */
const MARKS = LOCAL_STATE.map((key) => `${key}$`);

function localState(page: Page, keys: readonly string[]): Promise<Record<string, unknown>> {
  return page.evaluate((keys) => chrome.storage.local.get([...keys]), keys) as Promise<
    Record<string, unknown>
  >;
}

const manifestVersion = (dir: string) =>
  (JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { version: string }).version;

interface Profile {
  /** The unpacked extension's folder: Chromium keys the extension's id and data to it. */
  extensionDir: string;
  userDataDir: string;
}

async function startBrowser(
  profile: Profile,
  { firstRun = false } = {},
): Promise<{ context: BrowserContext; worker: Worker; id: string }> {
  const context = await launchChromiumWith([profile.extensionDir], { userDataDir: profile.userDataDir });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  // On a first install with no key the background opens the options page in the blank first tab:
  // let that navigation land, so a page the test opens is not interrupted by it (fixtures.ts).
  const deadline = Date.now() + 5_000;
  while (firstRun && !context.pages().some((page) => page.url().endsWith('/options.html'))) {
    if (Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { context, worker, id: new URL(worker.url()).host };
}

/**
 * The folder's build replaced by another, as an update replaces the installed files. Its service
 * worker too: Chromium keeps the registered worker's script in the profile and, for a folder
 * replaced while the browser was closed, would run the previous release's background with this
 * build's pages (seen: statuses written after the update without this build's fields, no
 * version marks). A store update registers the new worker; dropping the cache does the same.
 */
function installBuild(profile: Profile, build: string): void {
  rmSync(profile.extensionDir, { recursive: true, force: true });
  rmSync(path.join(profile.userDataDir, 'Default', 'Service Worker'), { recursive: true, force: true });
  cpSync(build, profile.extensionDir, { recursive: true });
}

async function extensionPage(context: BrowserContext, id: string, file: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${id}/${file}`);
  return page;
}

function ask<T>(page: Page, message: Record<string, unknown>): Promise<T> {
  return page.evaluate((message) => chrome.runtime.sendMessage(message), message) as Promise<T>;
}

const test = base.extend<{ demo: DemoServer; profile: Profile }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
  demo: async ({}, use) => {
    const server = await startDemoServer({ port: 0 });
    await use(server);
    await server.close();
  },
  // biome-ignore lint/correctness/noEmptyPattern: as above.
  profile: async ({}, use) => {
    const root = mkdtempSync(path.join(tmpdir(), 'nc-update-'));
    await use({ extensionDir: path.join(root, 'extension'), userDataDir: path.join(root, 'profile') });
    rmSync(root, { recursive: true, force: true });
  },
});

test.describe('an update from the previous release', () => {
  test.describe.configure({ timeout: 120_000 });

  test('keeps the key, the options, the watchlist, a saved search with its alert and the history', async ({
    demo,
    profile,
  }) => {
    const notch = demo.data.players.find((player) => player.name === 'Notch');
    const jeb = demo.data.players.find((player) => player.name === 'jeb_');
    if (!notch || !jeb) throw new Error('The demo has no Notch or jeb_');

    // The previous release, as players have it today.
    installBuild(profile, PREVIOUS_BUILD);
    const before = await startBrowser(profile, { firstRun: true });
    const options = await extensionPage(before.context, before.id, 'options.html');
    await ask(options, { type: 'save-connection', baseUrl: demo.url, apiKey: demo.apiKey });
    await options.reload();
    // An option set in its own Options page.
    const ownName = options.getByLabel(OWN_NAME);
    await ownName.fill('Notch');
    await ownName.press('Enter');
    await expect
      .poll(() => options.evaluate(async () => JSON.stringify(await chrome.storage.local.get('settings'))))
      .toContain('"ownName":"Notch"');
    for (const player of [notch, jeb]) {
      expect(await ask(options, { type: 'watch', uuid: player.uuid, name: player.name })).toEqual({
        watched: true,
        full: false,
      });
    }
    const saved = await ask<{ ok: boolean; search: { id: string } }>(options, {
      type: 'save-search',
      text: 'diamond',
      sort: 'recent',
    });
    expect(saved.ok).toBe(true);
    const alert = await ask<{ ok: boolean }>(options, {
      type: 'set-saved-search-alert',
      id: saved.search.id,
      alertBelow: 0.5,
    });
    expect(alert.ok).toBe(true);
    // History: the badge's count recorded by a background slot, and the watched players' snapshots.
    const counted = demo.log().length;
    await fireSchedulerAlarmUntil(options, () =>
      demo
        .log()
        .slice(counted)
        .some((e) => e.path.endsWith('/players/count')),
    );
    await ask(options, { type: 'check-watchlist-now' });
    const written = await localState(options, LOCAL_STATE);
    expect(Object.keys(written).sort()).toEqual([...LOCAL_STATE].sort());
    expect(await localState(options, MARKS)).toEqual({});
    await before.context.close();

    // The update: this build in the same folder, the same profile.
    installBuild(profile, EXTENSION_DIR);
    const after = await startBrowser(profile);
    expect(after.id).toBe(before.id);
    // A newer version, as the store delivers it: Chromium then fires onInstalled with "update".
    expect(manifestVersion(EXTENSION_DIR)).not.toBe(manifestVersion(PREVIOUS_BUILD));

    const page = await extensionPage(after.context, after.id, 'options.html');
    expect(await ask(page, { type: 'connection-status' })).toEqual({ baseUrl: demo.url, hasKey: true });
    await expect(page.getByLabel(OWN_NAME)).toHaveValue('Notch');

    const popup = await extensionPage(after.context, after.id, 'popup.html');
    await popup.setViewportSize({ width: 380, height: 600 });
    await popup.getByRole('tab', { name: 'Watchlist' }).click();
    const watched = popup.getByRole('list', { name: 'Watched players' }).getByRole('listitem');
    await expect(watched).toHaveCount(2);
    await expect(watched.filter({ hasText: 'Notch' })).toHaveCount(1);
    await expect(watched.filter({ hasText: 'jeb_' })).toHaveCount(1);

    // The local state it wrote without a version mark: migrated to v2 and kept, not reset.
    await expect
      .poll(() => localState(page, MARKS))
      .toEqual(Object.fromEntries(MARKS.map((mark) => [mark, { v: 2 }])));
    const kept = await localState(page, LOCAL_STATE);
    const keys = (value: unknown) => Object.keys(value as object).sort();
    expect(keys(kept.watchlistStatus)).toEqual(keys(written.watchlistStatus));
    expect(keys(kept.savedSearchState)).toEqual(keys(written.savedSearchState));
    expect(kept['scheduler:state']).toMatchObject({
      phase: (written['scheduler:state'] as { phase: number }).phase,
    });

    const searches = await ask<unknown[]>(page, { type: 'saved-searches' });
    expect(searches).toHaveLength(1);
    expect(JSON.stringify(searches[0])).toContain('"diamond"');
    expect(JSON.stringify(searches[0])).toContain('0.5');

    // The recorded counts are still there: the header's count opens their figures, not "no data yet".
    await popup.getByRole('button', { name: /online/ }).click();
    await expect(
      popup.getByRole('region', { name: 'Online history' }).getByText(/^Min [\d,]+, max [\d,]+, now [\d,]+/),
    ).toBeVisible();
    await after.context.close();
  });
});

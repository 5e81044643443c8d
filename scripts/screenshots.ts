// Screenshots for the README, one per view in the light and the dark theme: the popup's tabs
// (a watched player's card and its history charts, Auctions, a saved search with its price
// chart, Leaderboard, Watchlist, the online history), the options page (first run and
// connected), a hover card on a demo forum page, the side panel, and one German example.
// The data comes from the demo server and from history records written as if earlier checks
// had happened (an hour of checks cannot pass here; tests/e2e/history-helpers.ts says why).
//
//   npm run screenshots                          # builds the e2e build first if it is missing
//   npm run screenshots -- --extension-dir <dir> --out docs/screenshots/before
//   npm run screenshots -- --store-only          # only the store's pictures, from docs/screenshots
//
// Then the store's pictures (store/screenshots: 1280×800 light and dark, the 440×280 promo tile)
// are composed from the shots just written (scripts/store/store-images.ts).
//
// --extension-dir shoots another build (the previous release's, for a before/after); a view
// that build does not have is skipped with a line saying so. Without it the e2e build in
// $OUT_DIR (default .output) is used.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { type DemoServer, startDemoServer } from '../demo/server';
import { launchChromiumWith } from '../tests/chromium';
import { EXTENSION_DIR } from '../tests/e2e/fixtures';
import { HOUR_MS, historyRecords, putHistoryRecords } from '../tests/e2e/history-helpers';
import { writeStoreImages } from './store/store-images';

const { values: args } = parseArgs({
  options: {
    'extension-dir': { type: 'string' },
    out: { type: 'string', default: 'docs/screenshots' },
    'store-only': { type: 'boolean', default: false },
  },
});
/** Where the store's pictures go (the README's shots are their material). */
const STORE_OUT = path.resolve('store/screenshots');
const extensionDir = path.resolve(args['extension-dir'] ?? EXTENSION_DIR);
const OUT = path.resolve(args.out ?? 'docs/screenshots');
const SCHEMES = ['light', 'dark'] as const;
type Scheme = (typeof SCHEMES)[number];
const POPUP = { width: 380, height: 600 };
/** The side panel as tests/e2e/lookup-sidepanel.spec.ts opens it. */
const PANEL = { width: 520, height: 900 };
const OPTIONS = { width: 760, height: 900 };
/** How long a view may take to appear before it counts as missing from this build. */
const VIEW_TIMEOUT_MS = 10_000;

if (args['store-only']) {
  await writeStoreImages({ shotsDir: OUT, outDir: STORE_OUT });
  process.exit(0);
}

if (!existsSync(path.join(extensionDir, 'manifest.json'))) {
  if (args['extension-dir'] !== undefined) {
    console.error(`No extension in ${extensionDir}.`);
    process.exit(1);
  }
  console.log(`No e2e build in ${extensionDir}: building it.`);
  execFileSync('npx', ['wxt', 'build', '--mode', 'e2e'], { stdio: 'inherit' });
}
mkdirSync(OUT, { recursive: true });

const skipped: string[] = [];

async function extensionId(context: BrowserContext): Promise<string> {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  // On install with no key the background opens the options page in the blank first tab: wait
  // for it, or it interrupts the script's own first navigation (as tests/e2e/fixtures.ts does).
  const deadline = Date.now() + 5_000;
  while (!context.pages().some((page) => page.url().endsWith('/options.html')) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return new URL(worker.url()).host;
}

async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
  // Let the fonts, the charts' canvases and the last layout paint.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.waitForTimeout(200);
}

/** Writes `name.png` from `target` (a page region or the body), or notes why it could not. */
async function shoot(page: Page, name: string, target: Locator): Promise<void> {
  await settled(page);
  // No focus ring left on the control the script last pressed.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const file = path.join(OUT, `${name}.png`);
  await target.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

/** Runs one view; a view this build lacks (or that fails) is reported and skipped. */
async function view(name: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    const reason = String(error instanceof Error ? error.message : error).split('\n')[0];
    skipped.push(`${name}: ${reason}`);
    console.log(`skipped ${name}: ${reason}`);
  }
}

async function openPage(
  context: BrowserContext,
  url: string,
  scheme: Scheme,
  size: { width: number; height: number },
): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(VIEW_TIMEOUT_MS);
  await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
  await page.goto(url);
  return page;
}

/** Ask the background as a view would. */
function ask<T>(page: Page, message: Record<string, unknown>): Promise<T> {
  return page.evaluate((message) => chrome.runtime.sendMessage(message), message) as Promise<T>;
}

/** Watched: the demo's fixed players (demo/fixtures.ts) and two from the leaderboard; some online. */
const WATCHED = ['Steve', 'Notch', 'jeb_', 'Alex'];
const ONLINE = new Set(['Steve', 'Notch']);

/** A smooth, plausible curve: value at step `i` of `n`, between `low` and `high`. */
function wave(i: number, n: number, low: number, high: number, phase = 0): number {
  return low + ((high - low) * (1 + Math.sin((i / n) * Math.PI * 3 + phase))) / 2;
}

/** Watched players, their snapshots over the week, price points for a saved search, online counts over the day. */
async function seed(page: Page, demo: DemoServer): Promise<void> {
  await ask(page, { type: 'save-connection', baseUrl: demo.url, apiKey: demo.apiKey });
  // Only what the script asks: the background's own checks would move the figures between shots.
  await page.evaluate(async () => {
    const { settings } = await chrome.storage.local.get('settings');
    await chrome.storage.local.set({
      settings: { ...(settings as object), badgeEnabled: false, notifyWatchedOnline: false },
    });
  });
  const now = Date.now();

  // The watchlist: some online, some not; each seen by a Check now below.
  const board = await ask<{ data?: { entries: { name: string }[] } }>(page, {
    type: 'leaderboard',
    board: 'balance',
    limit: 10,
  });
  const leaders = (board.data?.entries ?? []).map((entry) => entry.name).slice(0, 2);
  if (leaders[0]) ONLINE.add(leaders[0]);
  for (const name of [...WATCHED, ...leaders]) {
    const player = demo.setPlayer(name, { online: ONLINE.has(name) });
    await ask(page, { type: 'watch', uuid: player.uuid, name: player.name });
  }

  // Steve over the last six days: a snapshot every 12 hours, the stats climbing.
  const steve = demo.setPlayer('Steve', {});
  const snapshots = Array.from({ length: 13 }, (_, i) => {
    const back = 12 - i;
    return {
      uuid: steve.uuid,
      time: now - back * 12 * HOUR_MS,
      name: steve.name,
      rankDisplay: steve.rank.display,
      balance: Math.round(steve.balance * (1 - back * 0.03) + wave(i, 12, 0, 5_000)),
      shards: Math.max(0, Math.round(steve.shards - back * 40)),
      kills: Math.max(0, steve.stats.kills - back * 9 - (i % 3)),
      deaths: Math.max(0, steve.stats.deaths - back * 4),
      playtimeHours: Math.max(0, steve.stats.playtime_hours - back * 3),
      statsMayLag: false,
    };
  });
  await putHistoryRecords(page, 'playerSnapshots', snapshots);

  // Online counts over the last day as the history keeps them (utils/history/online-history.ts):
  // one downsampled row per past hour, and this hour's counts a minute apart.
  const thisHour = Math.floor(now / HOUR_MS) * HOUR_MS;
  const hours = Array.from({ length: 24 }, (_, i) => {
    const start = thisHour - (24 - i) * HOUR_MS;
    // The phase ends the day falling towards the demo's live count (1,234).
    const count = Math.round(wave(i, 24, 700, 1_450, -0.1));
    return {
      start,
      rows: [{ time: start + HOUR_MS / 2, count, min: count - 60, max: count + 45, samples: 60 }],
    };
  });
  const minutes = Math.floor((now - thisHour) / 60_000);
  const lastHour = hours.at(-1)?.rows[0]?.count ?? 1_234;
  hours.push({
    start: thisHour,
    rows: Array.from({ length: minutes }, (_, i) => ({
      time: thisHour + i * 60_000,
      // From the last hour's mean towards the demo's live count (1,234), as a day ends.
      count: Math.round(lastHour + ((1_234 - lastHour) * i) / Math.max(1, minutes) + wave(i, 20, -8, 8)),
    })) as (typeof hours)[number]['rows'],
  });
  await putHistoryRecords(page, 'onlineHours', hours);
}

/** A saved search for "diamond", checked once, then its price points over the week before. */
async function seedPrices(page: Page): Promise<void> {
  const points = await historyRecords<{ time: number; lowest: number | null; median: number | null }>(
    page,
    'pricePoints',
  );
  const latest = points.reduce((a, b) => (a.time > b.time ? a : b));
  const scaled = (value: number | null, factor: number) =>
    value === null ? null : Math.round(value * factor * 100) / 100;
  const earlier = Array.from({ length: 14 }, (_, i) => {
    const factor = wave(i, 14, 0.8, 1.3, 1);
    const record = latest as typeof latest & { items?: { lowest: number | null; median: number | null }[] };
    return {
      ...record,
      time: latest.time - (14 - i) * 12 * HOUR_MS,
      lowest: scaled(record.lowest, factor),
      median: scaled(record.median, factor * 1.05),
      ...(record.items
        ? {
            items: record.items.map((item) => ({
              ...item,
              lowest: scaled(item.lowest, factor),
              median: scaled(item.median, factor * 1.05),
            })),
          }
        : {}),
    };
  });
  await putHistoryRecords(page, 'pricePoints', earlier);
}

/** Polished Diamonds seen over the last week, a few every 6 hours (the listings a week of searches records). */
async function seedListings(page: Page): Promise<void> {
  const now = Date.now();
  const listings = Array.from({ length: 28 * 3 }, (_, i) => ({
    id: 800_000_000 + i,
    time: now - (28 - Math.floor(i / 3)) * 6 * HOUR_MS,
    material: 'DIAMOND',
    name: 'Polished Diamond',
    perItem: Math.round(wave(Math.floor(i / 3), 28, 11, 15, i % 3) * 10) / 10,
  }));
  await putHistoryRecords(page, 'listings', listings);
}

/** Scrolls the popup's tab area so `target` starts at its top (the header and tabs stay). */
async function scrollToTop(target: Locator): Promise<void> {
  await target.evaluate((element) => element.scrollIntoView({ block: 'start' }));
}

/** A tab, opened at its top: the tabs share one scrolling area, which keeps the last tab's scroll. */
function tab(page: Page, name: string | RegExp) {
  return {
    click: async () => {
      await page.getByRole('tab', { name }).click();
      await page.evaluate(() => {
        for (const element of document.querySelectorAll('*')) element.scrollTop = 0;
      });
    },
  };
}

async function lookUp(page: Page, name: string): Promise<void> {
  await tab(page, /^(Player|Spieler)$/).click();
  const field = page.getByLabel(/^(Player name or UUID|Spielername oder UUID)$/);
  await field.fill(name);
  await field.press('Enter');
  await page.getByRole('heading', { name, exact: true }).first().waitFor();
}

async function popupViews(context: BrowserContext, popupUrl: string, scheme: Scheme): Promise<void> {
  const page = await openPage(context, popupUrl, scheme, POPUP);
  await page
    .getByText(/[\d,]+ online/)
    .first()
    .waitFor();
  const body = page.locator('body');

  await view(`popup-player-${scheme}`, async () => {
    await lookUp(page, 'Steve');
    await shoot(page, `popup-player-${scheme}`, body);
  });
  await view(`popup-player-history-${scheme}`, async () => {
    const history = page.getByRole('region', { name: /^History/ });
    await history.getByRole('img').first().waitFor();
    await scrollToTop(history);
    await shoot(page, `popup-player-history-${scheme}`, body);
  });

  await view(`popup-auctions-${scheme}`, async () => {
    await tab(page, 'Auctions').click();
    await page.getByRole('region', { name: 'Auction listings' }).getByRole('listitem').first().waitFor();
    await shoot(page, `popup-auctions-${scheme}`, body);
  });
  await view(`popup-item-history-${scheme}`, async () => {
    const results = page.getByRole('region', { name: 'Auction listings' });
    await results.getByText('Deal', { exact: true }).first().waitFor();
    await results
      .getByRole('button', { name: 'Price history of Polished Diamond (Diamond)' })
      .first()
      .click();
    await page.getByRole('radio', { name: 'last 7 days' }).check();
    await page.getByRole('img', { name: /^Polished Diamond \(Diamond\), last 7 days/ }).waitFor();
    await shoot(page, `popup-item-history-${scheme}`, body);
    await page.getByRole('button', { name: /Back to the results/ }).click();
  });
  await view(`popup-saved-search-${scheme}`, async () => {
    // The saved searches are folded under their heading in this build's Auctions tab.
    const show = page.getByRole('button', { name: 'Show', exact: true });
    if (await show.isVisible()) await show.click();
    const saved = page.getByRole('listitem', { name: /^diamond/ }).first();
    await saved.waitFor();
    const history = saved.getByText('Price history');
    await history.scrollIntoViewIfNeeded();
    if ((await saved.locator('canvas').count()) === 0) await history.click();
    await saved.getByRole('radio', { name: 'last 7 days' }).check();
    await saved.locator('canvas').first().waitFor();
    await scrollToTop(saved);
    await shoot(page, `popup-saved-search-${scheme}`, body);
  });

  await view(`popup-leaderboard-${scheme}`, async () => {
    await tab(page, 'Leaderboard').click();
    await page.getByRole('region', { name: 'Balance leaderboard' }).getByRole('listitem').first().waitFor();
    await shoot(page, `popup-leaderboard-${scheme}`, body);
  });

  await view(`popup-watchlist-${scheme}`, async () => {
    await tab(page, 'Watchlist').click();
    await page.getByRole('list', { name: 'Watched players' }).getByRole('listitem').first().waitFor();
    await shoot(page, `popup-watchlist-${scheme}`, body);
  });

  await view(`popup-online-history-${scheme}`, async () => {
    await tab(page, 'Player').click();
    await page
      .locator('header')
      .getByRole('button', { name: /online/ })
      .first()
      .click();
    const history = page.getByRole('region', { name: 'Online history' });
    await history.getByRole('img').first().waitFor();
    await history.locator('canvas').first().waitFor();
    await shoot(page, `popup-online-history-${scheme}`, body);
  });
  await page.close();
}

/** The address field's label, and before issue 27 its older name. */
const ADDRESS_LABEL = /^(Server address|API base URL)/;

/** The options page as it opens, top of the page: its first screen is what a player reads. */
async function optionsPage(context: BrowserContext, optionsUrl: string, scheme: Scheme): Promise<Page> {
  const page = await openPage(context, optionsUrl, scheme, OPTIONS);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByLabel(ADDRESS_LABEL).first().waitFor();
  return page;
}

async function shootViewport(page: Page, name: string): Promise<void> {
  await settled(page);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const file = path.join(OUT, `${name}.png`);
  // The first screen, or less when the page is shorter (no empty band below the first run).
  const height = Math.min(OPTIONS.height, await page.evaluate(() => document.documentElement.scrollHeight));
  await page.screenshot({
    path: file,
    animations: 'disabled',
    caret: 'hide',
    clip: { x: 0, y: 0, width: OPTIONS.width, height },
  });
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

/** The first run, then the same page after the address and key are typed and saved. */
async function optionsViews(
  context: BrowserContext,
  optionsUrl: string,
  demo: DemoServer,
  scheme: Scheme,
): Promise<void> {
  let page: Page | undefined;
  await view(`options-first-run-${scheme}`, async () => {
    page = await optionsPage(context, optionsUrl, scheme);
    await shootViewport(page, `options-first-run-${scheme}`);
  });
  const opened = page as Page | undefined;
  if (!opened) return;
  await view(`options-connected-${scheme}`, async () => {
    const page = opened;
    const section = page.getByRole('region', { name: /^(Server connection|API connection)$/ });
    await section.getByLabel(ADDRESS_LABEL).fill(demo.url);
    await section.getByLabel('API key', { exact: true }).fill(demo.apiKey);
    await section.getByRole('button', { name: 'Save', exact: true }).click();
    await section.getByRole('status').getByText('Connected').first().waitFor();
    await shootViewport(page, `options-connected-${scheme}`);
  });
  await opened.close();
}

async function hoverCardView(context: BrowserContext, demo: DemoServer, scheme: Scheme): Promise<void> {
  await view(`hover-card-${scheme}`, async () => {
    const page = await openPage(context, `${demo.url}/forum/xenforo`, scheme, { width: 900, height: 700 });
    const name = page.locator('#thread-posts').getByText('Steve', { exact: true }).first();
    await name.hover();
    const card = page.getByRole('dialog', { name: 'Steve' });
    await card.getByRole('heading', { name: 'Steve' }).waitFor();
    await settled(page);
    const nameBox = await name.boundingBox();
    const cardBox = await card.boundingBox();
    if (!nameBox || !cardBox) throw new Error('the card has no box');
    // The hovered name and its card with a margin of the page around them.
    const margin = 16;
    const x = Math.max(0, Math.min(nameBox.x, cardBox.x) - margin);
    const y = Math.max(0, Math.min(nameBox.y, cardBox.y) - margin);
    const right = Math.max(nameBox.x + nameBox.width, cardBox.x + cardBox.width) + margin;
    const bottom = Math.max(nameBox.y + nameBox.height, cardBox.y + cardBox.height) + margin;
    const file = path.join(OUT, `hover-card-${scheme}.png`);
    await page.screenshot({
      path: file,
      animations: 'disabled',
      clip: { x, y, width: right - x, height: bottom - y },
    });
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
    await page.close();
  });
}

async function sidePanelView(context: BrowserContext, panelUrl: string, scheme: Scheme): Promise<void> {
  await view(`sidepanel-${scheme}`, async () => {
    const page = await openPage(context, panelUrl, scheme, PANEL);
    await lookUp(page, 'Steve');
    await shoot(page, `sidepanel-${scheme}`, page.locator('body'));
    await page.close();
  });
}

async function addForum(page: Page, origin: string): Promise<void> {
  await page.evaluate(
    async (site) => {
      const { settings } = await chrome.storage.local.get('settings');
      await chrome.storage.local.set({ settings: { ...(settings as object), forumSites: [site] } });
    },
    { origin, customSelector: '' },
  );
  const pattern = `${new URL(origin).protocol}//${new URL(origin).hostname}/*`;
  const deadline = Date.now() + VIEW_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const matches = await page.evaluate(async () =>
      (await chrome.scripting.getRegisteredContentScripts()).flatMap((script) => script.matches ?? []),
    );
    if (matches.includes(pattern)) return;
    await page.waitForTimeout(100);
  }
}

/** The English views, light and dark. */
async function english(demo: DemoServer): Promise<void> {
  const context = await launchChromiumWith([extensionDir]);
  try {
    const id = await extensionId(context);
    const base = `chrome-extension://${id}`;

    // The first run: nothing configured yet, then connected by hand as a player would.
    for (const scheme of SCHEMES) {
      await context.newPage().then(async (page) => {
        // Back to "nothing configured" for the second theme's first run.
        await page.goto(`${base}/popup.html`);
        await page.evaluate(() => (chrome.storage.local as unknown as { clear(): Promise<void> }).clear());
        await page.close();
      });
      await optionsViews(context, `${base}/options.html`, demo, scheme);
    }

    const setup = await context.newPage();
    setup.setDefaultTimeout(VIEW_TIMEOUT_MS);
    await setup.goto(`${base}/popup.html`);
    await seed(setup, demo);
    await view('data for the watchlist', async () => {
      await setup.getByRole('tab', { name: 'Watchlist' }).click();
      await setup.getByRole('button', { name: 'Check now' }).click();
      await setup.getByText(/^Checked \d+ players/).waitFor();
    });
    await view('data for the deals', async () => {
      // A renamed Diamond seen over the week and a cheap one on sale now, before the "diamond"
      // search below (answers are cached): the Auctions tab marks it Deal, and its price history
      // has a week of points.
      demo.seedMarket({
        seller: 'Notch',
        material: 'DIAMOND',
        display_name: 'Polished Diamond',
        prices: [12, 13, 8],
      });
      await seedListings(setup);
    });
    await view('data for the saved search', async () => {
      await setup.getByRole('tab', { name: 'Auctions' }).click();
      await setup.getByRole('searchbox', { name: 'Search auctions' }).fill('diamond');
      await setup.getByRole('region', { name: 'Auction listings' }).getByRole('listitem').first().waitFor();
      await setup.getByRole('button', { name: 'Save search' }).click();
      const saved = setup.getByRole('listitem', { name: /^diamond/ }).first();
      await saved.getByRole('button', { name: 'Check now' }).click();
      await saved.getByText(/checked just now/).waitFor();
      await seedPrices(setup);
    });
    // Highlight one leaderboard name as the user's own, as the options page would store it.
    await setup.evaluate(async () => {
      const reply = (await chrome.runtime.sendMessage({
        type: 'leaderboard',
        board: 'balance',
        limit: 10,
      })) as {
        data?: { entries: { name: string }[] };
      };
      const ownName = reply.data?.entries[3]?.name ?? '';
      const { settings } = await chrome.storage.local.get('settings');
      await chrome.storage.local.set({ settings: { ...(settings as object), ownName } });
    });
    await addForum(setup, demo.url);
    await setup.close();

    for (const scheme of SCHEMES) {
      await popupViews(context, `${base}/popup.html`, scheme);
      await hoverCardView(context, demo, scheme);
      await sidePanelView(context, `${base}/sidepanel.html`, scheme);
    }
  } finally {
    await context.close();
  }
}

/** The German example: the player card and the Auctions tab in a German browser. */
async function german(demo: DemoServer): Promise<void> {
  const context = await launchChromiumWith([extensionDir], { language: 'de' });
  try {
    const id = await extensionId(context);
    const setup = await context.newPage();
    await setup.goto(`chrome-extension://${id}/popup.html`);
    await ask(setup, { type: 'save-connection', baseUrl: demo.url, apiKey: demo.apiKey });
    await setup.close();
    const page = await openPage(context, `chrome-extension://${id}/popup.html`, 'light', POPUP);
    await view('popup-player-de-light', async () => {
      await lookUp(page, 'Steve');
      await shoot(page, 'popup-player-de-light', page.locator('body'));
    });
    await view('popup-auctions-de-light', async () => {
      await tab(page, 'Auktionen').click();
      await page.getByRole('region', { name: 'Auktionsangebote' }).getByRole('listitem').first().waitFor();
      await shoot(page, 'popup-auctions-de-light', page.locator('body'));
    });
    await page.close();
  } finally {
    await context.close();
  }
}

const demo = await startDemoServer({ port: 0 });
demo.setOnlineCount(1234);
try {
  await english(demo);
  await german(demo);
} finally {
  await demo.close();
}
// The store's pictures show this build, never the previous release's (--extension-dir).
if (args['extension-dir'] === undefined) await writeStoreImages({ shotsDir: OUT, outDir: STORE_OUT });
if (skipped.length > 0) console.log(`\n${skipped.length} view(s) skipped:\n  ${skipped.join('\n  ')}`);

/**
 * Cost as the work grows (issue 26): the extension with the most a player can have, 200 watched
 * players and 50 saved searches with alerts (storage.sync items written in the formats the
 * extension writes, in one write: 250 watches through the `watch` message would exceed sync's
 * 120 writes a minute) and 90 days of history (written in the stored format from one of the
 * extension's pages, older rows downsampled by the store's own functions, then the background's
 * retention pass: bench/pages/full-profile-page.ts).
 * A second browser, the light profile (key saved, nothing watched or saved), is the baseline the
 * view times are compared with, the loads interleaved.
 *
 * - `full-sync-bytes`, `full-sync-items`: `chrome.storage.sync.getBytesInUse` and the item count;
 *   at most half of the quota.
 * - `full-history-db`: the history database on disk (`navigator.storage.estimate()`'s
 *   IndexedDB usage for the extension's origin); ≤ HISTORY_DB_BUDGET_MB.
 * - `full-sync-writes-hour`: storage.sync changes seen while the background runs a simulated
 *   hour of its slots (the scheduler's alarm fired once per slot of the default budget, its time
 *   moved on each time, tests/e2e/scheduler-helpers.ts); = 0.
 * - `full-popup-ready`: popup ready with the full profile, against the popup's twin with its
 *   modules run (the budget the light profile has: POPUP_READY_RATIO).
 * - `full-watchlist`, `full-saved-searches`: from the click on the Watchlist tab (on the
 *   Saved searches' Show) to the list shown, against the same click in the light profile.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from '@playwright/test';
import { build } from 'esbuild';
import type { DemoServer } from '../../demo/server';
import {
  betweenSlotsAgain,
  fireSchedulerAlarm,
  readSchedulerSnapshot,
} from '../../tests/e2e/scheduler-helpers';
import { HOUR_MS } from '../../utils/limits';
import { DEFAULT_BUDGET_PER_HOUR } from '../../utils/scheduler/scheduler-limits';
import { gapMs } from '../../utils/scheduler/slots';
import { type BenchEnv, extensionUrl, POPUP_VIEWPORT, sleep } from '../lib/env';
import {
  BLANK_PAGE,
  configureExtension,
  copyWithBlankPage,
  installedExtension,
  launchWithExtension,
} from '../lib/extension';
import type { Measured } from '../lib/figures';
import {
  FULL_SEARCHES,
  FULL_WATCHED,
  fullProfileHistoryPlan,
  fullProfileSyncItems,
  HISTORY_DB_BUDGET_MB,
  type HistoryPlan,
  type ProfilePlayer,
  SYNC_BYTES_BUDGET,
  SYNC_ITEMS_BUDGET,
  SYNC_MAX_ITEMS,
  SYNC_QUOTA_BYTES,
  searchId,
  searchText,
} from '../lib/full-profile';
import { median, round } from '../lib/stats';
import { type BlankPageIdentity, blankPageFigure } from './popup-fcp';
import { againstTwin, POPUP_READY_RATIO, TWIN_READY_LABEL } from './popup-ready';

/** The parts of chrome.storage.sync used here (tests/e2e/page-globals.d.ts declares only local and session). */
interface SyncStorage {
  sync: {
    get(keys: null): Promise<Record<string, unknown>>;
    set(items: Record<string, unknown>): Promise<void>;
    remove(key: string): Promise<void>;
    getBytesInUse(keys: null): Promise<number>;
  };
  onChanged: { addListener(listener: (changes: Record<string, unknown>, area: string) => void): void };
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SEED_PAGE = 'bench-seed.html';
const SEED_SCRIPT = 'bench-seed.js';
const VIEW_TIMEOUT_MS = 15_000;
/** How long to wait for what follows a view (absent in the light profile). */
const AFTER_TIMEOUT_MS = 3_000;
/** How long a fired slot may take to end: a bound for a hang, not a wait (slotEnded). */
const SLOT_WAIT_MS = 15_000;
/** The next slot is a gap (a minute at the default budget) away once a slot has ended. */
const NEXT_SLOT_AHEAD_MS = 5_000;

/**
 * Until the slot just fired has ended as the scheduler stores it (betweenSlots in
 * tests/e2e/scheduler-helpers.ts: its request answered, its writes done, the next slot armed),
 * or `deadline`: what it wrote is then what the figure counts.
 */
async function slotEnded(page: Page, deadline: number): Promise<void> {
  const ended = betweenSlotsAgain(NEXT_SLOT_AHEAD_MS);
  while (Date.now() < deadline) {
    if (ended(await readSchedulerSnapshot(page))) return;
    await sleep(50);
  }
}
/** A key the extension never uses: the bench's own write that proves the change counter works. */
const PROBE_KEY = 'bench:probe';
/**
 * The two views with 200 players and 50 searches at most this many times their time with none.
 * Set from the first measurements (bench/README.md): the lists render all their rows at once.
 */
export const FULL_VIEW_RATIO = 3;

export interface Profiles {
  light: BenchEnv;
  full: BenchEnv;
  seeded: { syncItems: number; historyMs: number; recorded: number; folded: number; plan: HistoryPlan };
  close(): Promise<void>;
}

async function bundleSeedPage(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(HERE, '../pages/full-profile-page.ts')],
    bundle: true,
    format: 'iife',
    write: false,
    minify: true,
    target: 'chrome120',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild wrote nothing');
  return output.text;
}

async function openBrowser(dir: string, demo: DemoServer, runs: number): Promise<BenchEnv> {
  const context = await launchWithExtension(dir);
  const extension = await installedExtension(context);
  const controlPage = await context.newPage();
  await controlPage.goto(`chrome-extension://${extension.id}/${BLANK_PAGE}`);
  await configureExtension(controlPage, demo);
  await extension.optionsPage.close();
  return { context, extensionId: extension.id, worker: extension.worker, demo, controlPage, runs };
}

/** The light and the full profile, each in its own browser on the same build; the full one seeded. */
export async function openProfiles(builtDir: string, demo: DemoServer, runs: number): Promise<Profiles> {
  const copy = copyWithBlankPage(builtDir);
  writeFileSync(path.join(copy.dir, SEED_SCRIPT), await bundleSeedPage());
  writeFileSync(
    path.join(copy.dir, SEED_PAGE),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>seed</title><script src="${SEED_SCRIPT}"></script></head><body></body></html>\n`,
  );
  const opened: BenchEnv[] = [];
  try {
    const light = await openBrowser(copy.dir, demo, runs);
    opened.push(light);
    const full = await openBrowser(copy.dir, demo, runs);
    opened.push(full);

    const now = Date.now();
    const players: ProfilePlayer[] = demo.data.players
      .slice(0, FULL_WATCHED)
      .map(({ uuid, name }) => ({ uuid, name }));
    const itemNames = [...new Set(demo.data.auctions.map((listing) => listing.display_name))].filter((name) =>
      /^[\w ]{3,30}$/.test(name),
    );
    const texts = Array.from({ length: FULL_SEARCHES }, (_, index) =>
      searchText(
        itemNames[index % itemNames.length] ?? 'Diamond',
        Math.floor(index / itemNames.length) + index,
      ),
    );
    const items = fullProfileSyncItems(players, [...new Set(texts)].slice(0, FULL_SEARCHES), now);
    if (Object.keys(items).length !== FULL_WATCHED + FULL_SEARCHES)
      throw new Error(
        `The profile has ${Object.keys(items).length} items, not ${FULL_WATCHED + FULL_SEARCHES}`,
      );
    await full.controlPage.evaluate((all) => (chrome.storage as unknown as SyncStorage).sync.set(all), items);

    const plan = fullProfileHistoryPlan();
    const seedPage = await full.context.newPage();
    await seedPage.goto(extensionUrl(full, SEED_PAGE));
    const history = await seedPage.evaluate(
      (input) =>
        (
          window as unknown as {
            fullProfile: {
              seedHistory(i: typeof input): Promise<{ ms: number; recorded: number; folded: number }>;
            };
          }
        ).fullProfile.seedHistory(input),
      {
        plan,
        players,
        searchIds: Array.from({ length: FULL_SEARCHES }, (_, index) => searchId(index)),
        now,
      },
    );
    await seedPage.close();
    return {
      light,
      full,
      seeded: {
        syncItems: Object.keys(items).length,
        historyMs: history.ms,
        recorded: history.recorded,
        folded: history.folded,
        plan,
      },
      async close() {
        for (const env of opened) await env.context.close();
        copy.remove();
      },
    };
  } catch (error) {
    for (const env of opened) await env.context.close();
    copy.remove();
    throw error;
  }
}

const MB = 1024 * 1024;

/** The sync figures and the history database's size. */
export async function measureFullProfileStorage({ full, seeded }: Profiles): Promise<Measured[]> {
  const sync = await full.controlPage.evaluate(async () => {
    const { sync } = chrome.storage as unknown as SyncStorage;
    return { bytes: await sync.getBytesInUse(null), items: Object.keys(await sync.get(null)).length };
  });
  const seedPage = await full.context.newPage();
  try {
    await seedPage.goto(extensionUrl(full, SEED_PAGE));
    const disk = await seedPage.evaluate(async () => {
      const estimate = (await navigator.storage.estimate()) as StorageEstimate & {
        usageDetails?: Record<string, number>;
      };
      return { indexedDB: estimate.usageDetails?.indexedDB ?? null, usage: estimate.usage ?? null };
    });
    const rows = await seedPage.evaluate(() =>
      (
        window as unknown as {
          fullProfile: { size(): Promise<{ rows: Record<string, number>; approxBytes: number }> };
        }
      ).fullProfile.size(),
    );
    if (disk.indexedDB === null) throw new Error('navigator.storage.estimate() gave no IndexedDB usage');
    const { plan } = seeded;
    const every = (ms: number) => (ms >= HOUR_MS ? `${round(ms / HOUR_MS)} h` : `${round(ms / 60_000)} min`);
    return [
      {
        id: 'full-sync-bytes',
        label: `storage.sync bytes, ${FULL_WATCHED} watched players and ${FULL_SEARCHES} saved searches with alerts`,
        value: sync.bytes,
        unit: 'bytes',
        budget: { op: '<=', limit: SYNC_BYTES_BUDGET },
        note: `chrome.storage.sync.getBytesInUse(null); the quota is ${SYNC_QUOTA_BYTES.toLocaleString('en-US')} bytes, the budget half of it`,
      },
      {
        id: 'full-sync-items',
        label: 'storage.sync items, the same profile',
        value: sync.items,
        unit: 'items',
        budget: { op: '<=', limit: SYNC_ITEMS_BUDGET },
        note: `keys in chrome.storage.sync; the quota is ${SYNC_MAX_ITEMS} items, the budget half of it; ${seeded.syncItems} written by the bench`,
      },
      {
        id: 'full-history-db',
        label: `History database on disk, ${plan.days} days`,
        value: round(disk.indexedDB / MB, 2),
        unit: 'MB',
        budget: { op: '<=', limit: HISTORY_DB_BUDGET_MB },
        note: `navigator.storage.estimate() IndexedDB usage of the extension's origin; ${seeded.recorded.toLocaleString('en-US')} records of 90 days written in the stored format in ${round(seeded.historyMs / 1000)} s, older ones downsampled by the store's own functions (the retention pass then folded ${seeded.folded} more) (online count every ${every(plan.onlineEveryMs)}, each player every ${every(plan.playerEveryMs)}, each search every ${every(plan.searchEveryMs)} with ${plan.itemsPerPoint} items); rows kept: ${Object.entries(
          rows.rows,
        )
          .map(([store, count]) => `${store} ${count.toLocaleString('en-US')}`)
          .join(', ')}; the Options page's estimate ${round(rows.approxBytes / MB, 2)} MB`,
      },
    ];
  } finally {
    await seedPage.close();
  }
}

/** storage.sync changes while the background runs a simulated hour of slots with nothing changing. */
export async function measureIdleSyncWrites({ full }: Profiles): Promise<Measured> {
  const page = full.controlPage;
  // Let the background settle after the seeding (its first slots, the alerts' baselines).
  await slotEnded(page, Date.now() + SLOT_WAIT_MS);
  await page.evaluate(() => {
    const counter = window as unknown as { syncChanges: string[] };
    counter.syncChanges = [];
    (chrome.storage as unknown as SyncStorage).onChanged.addListener((changes, area) => {
      if (area === 'sync') counter.syncChanges.push(...Object.keys(changes));
    });
  });
  const requestsBefore = full.demo.log().length;
  const slots = DEFAULT_BUDGET_PER_HOUR;
  const gap = gapMs(DEFAULT_BUDGET_PER_HOUR);
  let unused = 0;
  for (let slot = 0; slot < slots; slot += 1) {
    const before = full.demo.log().length;
    await fireSchedulerAlarm(page, gap);
    // The slot's request (a count, a player, a search) and what it writes, to its end.
    await slotEnded(page, Date.now() + SLOT_WAIT_MS);
    if (full.demo.log().length === before) unused += 1;
  }
  // No wait for late events: storage.onChanged keeps order, so the probe below, once seen,
  // comes after every change of the hour.
  const changed = await page.evaluate(() => [
    ...(window as unknown as { syncChanges: string[] }).syncChanges,
  ]);
  // The counter itself, proved: a write of ours must be seen (then removed), or zero means nothing.
  const probeSeen = await page.evaluate(async (key) => {
    const { sync } = chrome.storage as unknown as SyncStorage;
    const counter = window as unknown as { syncChanges: string[] };
    await sync.set({ [key]: 1 });
    for (let waited = 0; waited < 2_000 && !counter.syncChanges.includes(key); waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await sync.remove(key);
    return counter.syncChanges.includes(key);
  }, PROBE_KEY);
  if (!probeSeen)
    throw new Error('A storage.sync write of the bench was not seen: the counter does not work');
  const requests = full.demo.log().length - requestsBefore;
  if (requests < slots * 0.9)
    throw new Error(`The background sent ${requests} requests in ${slots} slots: the hour was not simulated`);
  return {
    id: 'full-sync-writes-hour',
    label: 'storage.sync writes in an hour when nothing changes, full profile',
    value: changed.length,
    unit: 'writes',
    budget: { op: '=', limit: 0 },
    note: `storage.sync onChanged keys seen from an extension page while the scheduler's alarm was fired ${slots} times, its clock moved on ${round(gap / 1000)} s each time (a simulated hour at the default budget); the background sent ${requests} requests to the demo server meanwhile (${unused} slots went unused)${changed.length > 0 ? `; changed: ${[...new Set(changed)].slice(0, 5).join(', ')}` : ''}`,
  };
}

/** A view opened by a click: `shown` is the figure; `after`, when given, what follows it (for the note). */
interface View {
  before?: string;
  click: string;
  shown: string;
  after?: string;
  /** The rows of the list shown, counted once it shows: the full profile must show all of them. */
  rows: string;
}

/**
 * Opens the popup, clicks `before` (a tab) when given, then `click`; the ms from that click to
 * `shown` shown (and to `after`, when given and it shows within AFTER_TIMEOUT_MS).
 */
async function timeView(
  context: BrowserContext,
  url: string,
  open: View,
): Promise<{ shown: number; after: number | null; rows: number }> {
  const page = await context.newPage();
  try {
    await page.setViewportSize(POPUP_VIEWPORT);
    await page.goto(url);
    if (open.before !== undefined) {
      await page.locator(open.before).click();
    }
    await page.locator(open.click).waitFor({ timeout: VIEW_TIMEOUT_MS });
    // No named functions inside: tsx would wrap them in a helper the page does not have.
    const times = await page.evaluate(
      ({ click, shown, after, timeoutMs }) =>
        new Promise<{ shown: number; after: number | null }>((resolve, reject) => {
          const button = document.querySelector<HTMLElement>(click);
          if (!button) throw new Error(`No ${click}`);
          if (document.querySelector(shown)?.closest('[hidden]') === null)
            throw new Error(`${shown} shows before the click`);
          let start = 0;
          let shownAt: number | null = null;
          const timer = setTimeout(() => {
            observer.disconnect();
            if (shownAt === null) reject(new Error(`${shown} did not show`));
            else resolve({ shown: shownAt, after: null });
          }, timeoutMs);
          const observer = new MutationObserver(() => {
            if (shownAt === null) {
              const found = document.querySelector(shown);
              if (found === null || found.closest('[hidden]') !== null) return;
              shownAt = performance.now() - start;
            }
            if (after !== null && document.querySelector(after) === null) return;
            clearTimeout(timer);
            observer.disconnect();
            resolve({ shown: shownAt, after: after === null ? null : performance.now() - start });
          });
          observer.observe(document.body, {
            childList: true,
            subtree: true,
            attributes: true,
            attributeFilter: ['hidden'],
          });
          start = performance.now();
          button.click();
        }),
      {
        click: open.click,
        shown: open.shown,
        after: open.after ?? null,
        timeoutMs: open.after ? AFTER_TIMEOUT_MS : VIEW_TIMEOUT_MS,
      },
    );
    const rows = await page.locator(open.rows).count();
    // The popup reopens on the tab it was left on (popup-state.ts): leave it on the first one.
    await page.locator(FIRST_TAB).click();
    await page.waitForFunction(
      (shown) => document.querySelector(shown) === null || document.querySelector(shown)?.closest('[hidden]'),
      open.shown,
    );
    await sleep(200);
    return { ...times, rows };
  } finally {
    await page.close();
  }
}

const FIRST_TAB = '[role=tab][aria-controls="panel-player"]';

const VIEWS: Record<'watchlist' | 'saved', View> = {
  watchlist: {
    click: '[role=tab][aria-controls="panel-watchlist"]',
    shown: '.watchlist-tab ul.watchlist, .watchlist-tab p.empty',
    // Each player's changes this week, read from the history after the list shows.
    after: '.watchlist__deltas',
    rows: 'ul.watchlist > li',
  },
  saved: {
    before: '[role=tab][aria-controls="panel-auctions"]',
    click: '[aria-controls="saved-search-list"]',
    shown: '#saved-search-list',
    rows: 'ul#saved-search-list > li',
  },
};

/** One view in both profiles, `runs` times each, interleaved after one warm-up each. */
async function againstLight(
  { light, full }: Profiles,
  view: View,
  expectedRows: number,
  figure: BlankPageIdentity,
): Promise<Measured> {
  const url = (env: BenchEnv) => extensionUrl(env, 'popup.html');
  // The light profile has nothing to follow the list: only the full one waits for `after`.
  const { after: _, ...lightView } = view;
  await timeView(light.context, url(light), lightView);
  const { rows } = await timeView(full.context, url(full), view);
  if (rows !== expectedRows)
    throw new Error(`The full profile's list shows ${rows} rows, not ${expectedRows}`);
  const lightRuns: number[] = [];
  const fullRuns: number[] = [];
  const afterRuns: number[] = [];
  /** From the list shown to `after` shown, per run. */
  const delayRuns: number[] = [];
  for (let run = 0; run < full.runs; run += 1) {
    lightRuns.push((await timeView(light.context, url(light), lightView)).shown);
    const times = await timeView(full.context, url(full), view);
    fullRuns.push(times.shown);
    if (times.after !== null) {
      afterRuns.push(times.after);
      delayRuns.push(times.after - times.shown);
    }
  }
  const value = median(fullRuns);
  const baseline = median(lightRuns);
  const after =
    view.after === undefined
      ? ''
      : `; ${view.after} shown after ${afterRuns.length > 0 ? `${round(median(afterRuns))} ms, ${round(median(delayRuns))} ms after the list (medians of ${afterRuns.length}; after the list, ms: ${delayRuns.map((ms) => round(ms)).join(', ')})` : 'more than 3 s or never'}`;
  return {
    ...figure,
    value: round(value),
    unit: 'ms',
    baseline: round(baseline),
    baselineLabel: 'the same view, light profile (nothing watched or saved)',
    ratio: round(value / baseline, 2),
    samples: fullRuns.map((ms) => round(ms)),
    note: `from the click to the list shown, in the popup (${POPUP_VIEWPORT.width}×${POPUP_VIEWPORT.height}); ${fullRuns.length} runs each side, interleaved, after one warm-up (all ${expectedRows} rows shown)${after}; light profile runs (ms): ${lightRuns.map((ms) => round(ms)).join(', ')}`,
  };
}

export interface FullViewStubs {
  ready: BlankPageIdentity;
  watchlist: BlankPageIdentity;
  saved: BlankPageIdentity;
}

/**
 * The three view times with the full profile, those `wanted` (a timed measure: bench/run.ts
 * measures it again when over).
 */
export async function measureFullProfileViews(
  profiles: Profiles,
  stubs: FullViewStubs,
  wanted: (id: string) => boolean = () => true,
): Promise<Measured[]> {
  const figures: Measured[] = [];
  if (wanted(stubs.ready.id)) {
    const ready = await againstTwin(profiles.full);
    figures.push(
      blankPageFigure(
        ready,
        { ...stubs.ready, baselineLabel: TWIN_READY_LABEL },
        `${FULL_WATCHED} watched players, ${FULL_SEARCHES} saved searches with alerts and 90 days of history; the budget the light profile has (popup-ready, ${POPUP_READY_RATIO}×); `,
      ),
    );
  }
  if (wanted(stubs.watchlist.id))
    figures.push(await againstLight(profiles, VIEWS.watchlist, FULL_WATCHED, stubs.watchlist));
  if (wanted(stubs.saved.id))
    figures.push(await againstLight(profiles, VIEWS.saved, FULL_SEARCHES, stubs.saved));
  return figures;
}

/**
 * `npm run bench`: builds the extension (the Chrome e2e build, into .output-bench), measures
 * every figure of the performance budget in headless Chromium against the demo server, prints
 * the table, writes it to bench/results.json and exits 1 when a budget is blown (or a figure
 * could not be measured). See bench/README.md for what each figure measures.
 *
 * `--markdown` prints the table in Markdown (for the README) instead of plain text.
 *
 * Environment: RUNS (runs per figure, default 7, at least 5), OUT_DIR (default .output-bench),
 * BENCH_SKIP_BUILD=1 (measure the build already in OUT_DIR), BENCH_ONLY=id,id (only those
 * figures; ids as in results.json, prefixes allowed), CHROME_PATH (default /usr/bin/chromium).
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDemoServer } from '../demo/server';
import { DEFAULT_BUDGET_PER_HOUR } from '../utils/scheduler/scheduler-limits';
import { AUCTION_DEALS_RATIO, measureAuctionDeals } from './figures/auction-deals';
import { AUCTION_TICK_RATIO, measureAuctionTicks } from './figures/auction-ticks';
import { measureBadgeIdle } from './figures/badge-idle';
import { measureCountPace } from './figures/count-pace';
import { measureFailingEntries } from './figures/failing-entries';
import { measureForumScriptTime } from './figures/forum-script-time';
import {
  FULL_VIEW_RATIO,
  measureFullProfileStorage,
  measureFullProfileViews,
  measureIdleSyncWrites,
  openProfiles,
} from './figures/full-profile';
import { GOAL_PROJECTION_RATIO, measureGoalProjection } from './figures/goal-projection';
import { CHART_RATIO, measureHistory } from './figures/history';
import { measureHoverCard } from './figures/hover-card';
import { measureHoverRequests } from './figures/hover-requests';
import { MARKET_DB_BUDGET_MB, MEDIAN_RATIO, measureMarket, RECORD_RATIO } from './figures/market';
import { measurePlayerCard } from './figures/player-card';
import { measurePopupFcp, POPUP_FCP_RATIO } from './figures/popup-fcp';
import { measurePopupLookups } from './figures/popup-lookup';
import { measurePopupReady, POPUP_READY_RATIO } from './figures/popup-ready';
import { measureSchedulerFleet, SPREAD_LIMIT } from './figures/scheduler-fleet';
import { measureSchedulerHabits } from './figures/scheduler-habits';
import { measureSchedulerLatency } from './figures/scheduler-latency';
import { measureSchedulerRequests } from './figures/scheduler-requests';
import { measureServiceWorkerWake } from './figures/service-worker-wake';
import { measureSizes } from './figures/sizes';
import type { BenchEnv } from './lib/env';
import {
  BLANK_PAGE,
  browserVersion,
  buildExtension,
  configureExtension,
  copyWithBlankPage,
  extensionDir,
  installedExtension,
  launchWithExtension,
  waitForForumScript,
} from './lib/extension';
import {
  type Budget,
  type Figure,
  failedFigure,
  formatMarkdownTable,
  formatTable,
  judge,
  type Measured,
  settleAttempts,
  TIMED_ATTEMPTS,
} from './lib/figures';
import { HISTORY_DB_BUDGET_MB, SYNC_BYTES_BUDGET, SYNC_ITEMS_BUDGET } from './lib/full-profile';

const OUT_DIR = process.env.OUT_DIR || '.output-bench';
const RUNS = Math.max(5, Number(process.env.RUNS) || 7);
const SKIP_BUILD = process.env.BENCH_SKIP_BUILD === '1';
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((id) => id.trim())
  .filter((id) => id !== '');
const RESULTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results.json');

/** Each figure's identity, so one that throws is still listed (as failed, with the error). */
type Stub = Pick<Figure, 'id' | 'label' | 'unit' | 'budget' | 'baselineLabel'>;
/** A figure's identity and budget, one line each in STUBS. */
function stub(id: string, label: string, unit: string, op?: Budget['op'], limit?: number): Stub {
  return op === undefined || limit === undefined
    ? { id, label, unit }
    : { id, label, unit, budget: { op, limit } };
}

/** A figure budgeted as a ratio to a baseline measured in the same run. */
function ratioStub(id: string, label: string, unit: string, op: Budget['op'], limit: number): Stub {
  return { id, label, unit, budget: { op, limit, on: 'ratio' } };
}

// biome-ignore format: one figure to a line reads as the table it is.
const STUBS = {
  popupFcp: ratioStub('popup-fcp', 'Popup first contentful paint', 'ms', '<=', POPUP_FCP_RATIO),
  popupReady: ratioStub('popup-ready', 'Popup ready: look-up field usable and online count shown', 'ms', '<=', POPUP_READY_RATIO),
  lookups: stub('popup-lookup', 'Popup look-up to result (cached / demo server)', 'ms', '<=', 50),
  forum: stub('forum-script-time', 'Forum page script time, 10,000 usernames, extra', 'ms', '<', 20),
  hoverCard: stub('hover-card-cached', 'Hover to card shown, cached name, beyond the hover delay', 'ms', '<=', 17),
  hoverRequests: stub('requests-hover', 'Player requests, 20 names hovered 3 times each', 'requests', '=', 20),
  auction: ratioStub('auction-frame', 'Auction tab, 200 listings: frame time per countdown tick', 'ms', '<=', AUCTION_TICK_RATIO),
  auctionDeals: ratioStub('auction-deals-200', 'Auctions tab, 200 results with deals marked, against no history', 'ms', '<=', AUCTION_DEALS_RATIO),
  playerCard: stub('player-card-progress', 'Player card with session, goals and board places: main-thread work from the answer', 'ms'),
  swWake: stub('sw-wake', 'Service worker: wake, poll, update badge', 'ms'),
  badgeIdle: stub('requests-badge-idle', 'Count requests, badge idle 10 min at a 1 min interval', 'requests', '<=', 11),
  schedulerRequests: stub('scheduler-requests', 'Background requests per hour, one install (idle / badge only / 20 / 200 watched)', 'requests', '<=', DEFAULT_BUDGET_PER_HOUR),
  schedulerFleet: stub('scheduler-fleet', 'Fleet: background requests at the API, and their spread over a minute', '×', '<=', SPREAD_LIMIT),
  history: ratioStub('history', 'History store (insert, read 30 days) and chart render, 43,200 points', 'ms', '<=', CHART_RATIO),
  schedulerLatency: stub('scheduler-latency', 'Watched player online to seen (median / 95th percentile)', 'min'),
  schedulerHabits: stub('scheduler-habits', 'Round-robin against learned habits: online to seen, never seen, requests (20 / 200 watched)', 'min'),
  countPace: stub('count-pace', "The badge's own pace and news per request: today against Automatic (20 / 200 watched, one alert)", 'min'),
  fullSyncBytes: stub('full-sync-bytes', 'storage.sync bytes, 200 watched players and 50 saved searches with alerts', 'bytes', '<=', SYNC_BYTES_BUDGET),
  fullSyncItems: stub('full-sync-items', 'storage.sync items, the same profile', 'items', '<=', SYNC_ITEMS_BUDGET),
  fullHistoryDb: stub('full-history-db', 'History database on disk, 90 days', 'MB', '<=', HISTORY_DB_BUDGET_MB),
  fullSyncWrites: stub('full-sync-writes-hour', 'storage.sync writes in an hour when nothing changes, full profile', 'writes', '=', 0),
  fullPopupReady: ratioStub('full-popup-ready', 'Popup ready, full profile', 'ms', '<=', POPUP_READY_RATIO),
  fullWatchlist: ratioStub('full-watchlist', 'Watchlist tab, 200 watched players: click to list shown', 'ms', '<=', FULL_VIEW_RATIO),
  fullSaved: ratioStub('full-saved-searches', 'Saved searches, 50 with alerts: click to list shown', 'ms', '<=', FULL_VIEW_RATIO),
  marketRecord: ratioStub('market-record-200', 'Deals: record one auction answer of 200 listings', 'ms', '<=', RECORD_RATIO),
  marketMedian: ratioStub('market-median-100k', 'Deals: 7-day median of one item at 100,000 listings', 'ms', '<=', MEDIAN_RATIO),
  marketDb: stub('market-db-100k', 'Deals: 100,000 listings on disk', 'MB', '<=', MARKET_DB_BUDGET_MB),
  fullFailing: stub('full-failing', 'Full profile, one player and one search failing: every other checked within the floor, requests within the budget', 'checks'),
  goalProjection: ratioStub('goal-projection', 'Goal projection, 90 days of snapshots', 'ms', '<=', GOAL_PROJECTION_RATIO),
} satisfies Record<string, Stub>;

const wanted = (id: string) => ONLY.length === 0 || ONLY.some((prefix) => id.startsWith(prefix));

function log(message: string): void {
  console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

async function main(): Promise<number> {
  const started = Date.now();
  const figures: Figure[] = [];
  const judged = (measured: Measured | Measured[]) =>
    (Array.isArray(measured) ? measured : [measured]).map(judge);
  const record = (measured: Measured | Measured[]) => {
    figures.push(...judged(measured));
  };
  /** Measures a figure; a timed one over budget is measured again, up to TIMED_ATTEMPTS in all. */
  const attempt = async (
    stub: Stub,
    measure: () => Promise<Measured | Measured[]> | Measured | Measured[],
    timing: 'timed' | 'exact' = 'exact',
  ) => {
    if (!wanted(stub.id)) return;
    log(`${stub.label}…`);
    try {
      const attempts: Figure[][] = [judged(await measure())];
      while (
        timing === 'timed' &&
        attempts.length < TIMED_ATTEMPTS &&
        attempts[attempts.length - 1]?.some((figure) => !figure.pass)
      ) {
        log(
          `${stub.label}: over budget, measuring again (attempt ${attempts.length + 1} of ${TIMED_ATTEMPTS})…`,
        );
        attempts.push(judged(await measure()));
      }
      const ids = attempts[0]?.map((figure) => figure.id) ?? [];
      for (const id of ids) {
        figures.push(settleAttempts(attempts.flatMap((run) => run.filter((figure) => figure.id === id))));
      }
    } catch (error) {
      log(`${stub.label} could not be measured: ${error instanceof Error ? error.message : String(error)}`);
      figures.push(failedFigure(stub, error));
    }
  };

  if (!SKIP_BUILD) {
    log(`Building the extension (wxt build --mode e2e) into ${OUT_DIR}…`);
    buildExtension(OUT_DIR);
  }
  const builtDir = extensionDir(OUT_DIR);
  for (const figure of measureSizes(builtDir)) if (wanted(figure.id)) record(figure);

  let chromiumVersion = 'not launched';
  const demo = await startDemoServer({ port: 0 });
  try {
    const browserIds = [
      STUBS.popupFcp,
      STUBS.popupReady,
      STUBS.lookups,
      STUBS.forum,
      STUBS.hoverCard,
      STUBS.hoverRequests,
      STUBS.auction,
      STUBS.auctionDeals,
      STUBS.playerCard,
      STUBS.swWake,
    ].map((stub) => stub.id);
    if (browserIds.some(wanted)) {
      const copy = copyWithBlankPage(builtDir);
      const context = await launchWithExtension(copy.dir);
      try {
        const extension = await installedExtension(context);
        const controlPage = await context.newPage();
        await controlPage.goto(`chrome-extension://${extension.id}/${BLANK_PAGE}`);
        chromiumVersion = await browserVersion(context, controlPage);
        await configureExtension(controlPage, demo, new URL(demo.url).origin);
        await waitForForumScript(extension.worker, 'http://127.0.0.1/*');
        await extension.optionsPage.close();
        const env: BenchEnv = {
          context,
          extensionId: extension.id,
          worker: extension.worker,
          demo,
          controlPage,
          runs: RUNS,
        };
        await attempt(STUBS.popupFcp, () => measurePopupFcp(env, STUBS.popupFcp), 'timed');
        await attempt(STUBS.popupReady, () => measurePopupReady(env, STUBS.popupReady), 'timed');
        await attempt(STUBS.lookups, () => measurePopupLookups(env), 'timed');
        await attempt(STUBS.forum, () => measureForumScriptTime(env), 'timed');
        await attempt(STUBS.hoverCard, () => measureHoverCard(env), 'timed');
        await attempt(STUBS.hoverRequests, () => measureHoverRequests(env));
        await attempt(STUBS.auction, () => measureAuctionTicks(env), 'timed');
        await attempt(STUBS.auctionDeals, () => measureAuctionDeals(env), 'timed');
        await attempt(STUBS.playerCard, () => measurePlayerCard(env), 'timed');
        // Last: it stops the service worker.
        await attempt(STUBS.swWake, () => measureServiceWorkerWake(env));
      } finally {
        await context.close();
        copy.remove();
      }
    }
    const fullIds = [
      STUBS.fullSyncBytes,
      STUBS.fullSyncItems,
      STUBS.fullHistoryDb,
      STUBS.fullSyncWrites,
      STUBS.fullPopupReady,
      STUBS.fullWatchlist,
      STUBS.fullSaved,
    ];
    if (fullIds.some((stub) => wanted(stub.id))) {
      // The full profile (issue 26): its own two browsers, light and full (bench/figures/full-profile.ts).
      log('Full profile: seeding 200 watched players, 50 saved searches and 90 days of history…');
      let profiles: Awaited<ReturnType<typeof openProfiles>> | undefined;
      try {
        profiles = await openProfiles(builtDir, demo, RUNS);
      } catch (error) {
        log(
          `The full profile could not be set up: ${error instanceof Error ? error.message : String(error)}`,
        );
        for (const stub of fullIds) if (wanted(stub.id)) figures.push(failedFigure(stub, error));
      }
      if (profiles) {
        const open = profiles;
        try {
          // One attempt per group, under its first wanted figure (attempt skips a stub not wanted).
          const storageStub = [STUBS.fullSyncBytes, STUBS.fullSyncItems, STUBS.fullHistoryDb].find((stub) =>
            wanted(stub.id),
          );
          if (storageStub)
            await attempt(storageStub, async () =>
              (await measureFullProfileStorage(open)).filter((figure) => wanted(figure.id)),
            );
          const viewStub = [STUBS.fullPopupReady, STUBS.fullWatchlist, STUBS.fullSaved].find((stub) =>
            wanted(stub.id),
          );
          if (viewStub)
            await attempt(
              viewStub,
              () =>
                measureFullProfileViews(
                  open,
                  { ready: STUBS.fullPopupReady, watchlist: STUBS.fullWatchlist, saved: STUBS.fullSaved },
                  wanted,
                ),
              'timed',
            );
          // Last: it moves the scheduler's clock on by an hour.
          await attempt(STUBS.fullSyncWrites, () => measureIdleSyncWrites(open));
        } finally {
          await open.close();
        }
      }
    }
    await attempt(STUBS.badgeIdle, () => measureBadgeIdle(demo));
    await attempt(STUBS.history, () => measureHistory(demo, RUNS), 'timed');
    const marketStub = [STUBS.marketRecord, STUBS.marketMedian, STUBS.marketDb].find((stub) =>
      wanted(stub.id),
    );
    if (marketStub)
      await attempt(
        marketStub,
        async () => (await measureMarket(demo, RUNS)).filter((figure) => wanted(figure.id)),
        'timed',
      );
  } finally {
    await demo.close();
  }
  // Simulated in Node: no browser, no demo server.
  await attempt(STUBS.schedulerRequests, measureSchedulerRequests);
  await attempt(STUBS.schedulerFleet, measureSchedulerFleet);
  await attempt(STUBS.schedulerLatency, measureSchedulerLatency);
  await attempt(STUBS.schedulerHabits, measureSchedulerHabits);
  await attempt(STUBS.countPace, measureCountPace);
  await attempt(STUBS.fullFailing, measureFailingEntries);
  await attempt(STUBS.goalProjection, () => measureGoalProjection(RUNS), 'timed');

  const seconds = Math.round((Date.now() - started) / 1000);
  const cpus = os.cpus();
  const results = {
    figures,
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model ?? 'unknown',
      loadAverage: os.loadavg().map((load) => Math.round(load * 100) / 100),
      node: process.version,
      chromium: chromiumVersion,
      platform: `${os.platform()} ${os.release()}`,
    },
    build: `Chrome e2e build (wxt build --mode e2e) in ${OUT_DIR}: the production build plus loopback host permissions`,
    runs: RUNS,
    durationSeconds: seconds,
    date: new Date().toISOString(),
  };
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);

  console.log(process.argv.includes('--markdown') ? formatMarkdownTable(figures) : formatTable(figures));
  const failed = figures.filter((figure) => !figure.pass);
  console.log(
    `\n${figures.length} figures, ${failed.length} over budget or not measured; ${RUNS} runs per figure; ${seconds} s; ${chromiumVersion}, ${cpus.length} CPUs, Node ${process.version}. Written to ${path.relative(process.cwd(), RESULTS)}.`,
  );
  for (const figure of failed) {
    console.log(`FAIL ${figure.label}: ${figure.error ?? figure.note ?? ''}`);
  }
  return failed.length === 0 ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);

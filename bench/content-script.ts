/**
 * The forum content script's budgets (issue 5), measured on the e2e build in OUT_DIR
 * (`OUT_DIR=.output-x npx wxt build --mode e2e` first; this builds nothing):
 *
 * 1. Size: `content-scripts/forum.js` gzipped, at most 15 kB.
 * 2. Page cost: the script time the content script adds while a 10,000-post XenForo thread
 *    loads, from Chrome's performance metrics (CDP `Performance.getMetrics`, ScriptDuration),
 *    median of RUNS page loads on the added site (127.0.0.1) minus the median on the same
 *    page on a site that was not added (localhost): under 20 ms.
 * 3. Requests: hovering N distinct names, each 3 times, within the cache lifetime makes
 *    exactly N player requests to the API.
 *
 * Prints the three figures and exits 1 when one is over budget. `npm run bench` (bench/run.ts)
 * measures these and the other figures of issue 7; this script stays for the quick check.
 * Run: `OUT_DIR=.output-x npx tsx bench/content-script.ts` (RUNS=9 by default). The medians
 * decide; the minimums are printed too, as the figure least disturbed by a busy machine.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startDemoServer } from '../demo/server';
import {
  configureExtension,
  extensionDir,
  installedExtension,
  launchWithExtension,
  waitForForumScript,
} from './lib/extension';
import { hoverUntilCard, scriptDuration } from './lib/forum';
import { gzipSize } from './lib/sizes';
import { median } from './lib/stats';

const OUT_DIR = process.env.OUT_DIR || '.output';
const EXTENSION_DIR = extensionDir(OUT_DIR);
const RUNS = Math.max(5, Number(process.env.RUNS) || 9);
const POSTS = 10_000;
const NAMES = ['Steve', 'Alex', 'Notch', 'jeb_', 'Hostile_Rank'];
const HOVERS_PER_NAME = 3;

const BUDGET = { gzipBytes: 15_000, pageCostMs: 20 } as const;

/** The card UI script the background injects on first hover, when the build has one. */
const LAZY_CARD_SCRIPT = 'hover-card.js';

function gzippedSize(file: string): number | null {
  return existsSync(file) ? gzipSize(readFileSync(file)) : null;
}

async function hoverRequests(
  page: Page,
  demo: { url: string; clearLog(): void; log(): { endpoint: string }[] },
) {
  await page.goto(`${demo.url}/forum/xenforo`);
  demo.clearLog();
  for (let round = 0; round < HOVERS_PER_NAME; round += 1) {
    for (const name of NAMES) await hoverUntilCard(page, name);
  }
  return demo.log().filter((entry) => entry.endpoint === 'player').length;
}

async function main(): Promise<void> {
  const gzipBytes = gzippedSize(path.join(EXTENSION_DIR, 'content-scripts', 'forum.js')) ?? 0;
  // The card's UI, when built as its own script injected on the first hover (not loaded before).
  const lazyBytes = gzippedSize(path.join(EXTENSION_DIR, LAZY_CARD_SCRIPT));

  const demo = await startDemoServer({ port: 0 });
  const context = await launchWithExtension(EXTENSION_DIR);
  let added: number[] = [];
  let notAdded: number[] = [];
  let requests = -1;
  try {
    const extension = await installedExtension(context);
    await configureExtension(extension.optionsPage, demo, new URL(demo.url).origin);
    await waitForForumScript(extension.worker, 'http://127.0.0.1/*');
    const port = new URL(demo.url).port;
    const path = `/forum/xenforo?count=${POSTS}`;
    // Warm-up (HTTP cache, compilation caches) on both sides, not counted.
    await scriptDuration(context, `http://127.0.0.1:${port}${path}`, true);
    await scriptDuration(context, `http://localhost:${port}${path}`, false);
    for (let run = 0; run < RUNS; run += 1) {
      added.push(await scriptDuration(context, `http://127.0.0.1:${port}${path}`, true));
      notAdded.push(await scriptDuration(context, `http://localhost:${port}${path}`, false));
    }
    try {
      requests = await hoverRequests(await context.newPage(), demo);
    } catch (error) {
      console.error('The hover run failed:', error instanceof Error ? error.message : error);
    }
  } finally {
    await context.close();
    await demo.close();
  }
  added = added.map((ms) => Math.round(ms * 10) / 10);
  notAdded = notAdded.map((ms) => Math.round(ms * 10) / 10);
  const pageCostMs = median(added) - median(notAdded);

  const rows: [string, string, string, boolean][] = [
    [
      'Content script size (gzip -9)',
      `${(gzipBytes / 1000).toFixed(2)} kB (${gzipBytes} B)`,
      `≤ ${BUDGET.gzipBytes / 1000} kB`,
      gzipBytes <= BUDGET.gzipBytes,
    ],
    [
      `Page cost, ${POSTS.toLocaleString('en')}-post thread`,
      `${pageCostMs.toFixed(1)} ms (median ScriptDuration ${median(added).toFixed(1)} ms added vs ${median(notAdded).toFixed(1)} ms not, ${RUNS} runs each; minimums ${Math.min(...added).toFixed(1)} vs ${Math.min(...notAdded).toFixed(1)} ms)`,
      `< ${BUDGET.pageCostMs} ms`,
      pageCostMs < BUDGET.pageCostMs,
    ],
    [
      `Player requests, ${NAMES.length} names × ${HOVERS_PER_NAME} hovers`,
      String(requests),
      `= ${NAMES.length}`,
      requests === NAMES.length,
    ],
  ];
  for (const [label, value, budget, ok] of rows) {
    console.log(`${ok ? 'PASS' : 'FAIL'}  ${label}: ${value}  (budget ${budget})`);
  }
  console.log(
    lazyBytes === null
      ? '      The card UI is bundled into forum.js (no separate card script in this build).'
      : `      Card UI loaded on the first hover (${LAZY_CARD_SCRIPT}): ${(lazyBytes / 1000).toFixed(2)} kB gzipped.`,
  );
  console.log(
    `      ScriptDuration runs (ms), added: ${added.join(', ')}; not added: ${notAdded.join(', ')}`,
  );
  if (rows.some((row) => !row[3])) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});

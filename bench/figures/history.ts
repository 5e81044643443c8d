/**
 * The history store and its chart, in headless Chromium (a plain page of the demo server's
 * origin, so IndexedDB is the browser's own): bench/pages/history-page.ts, bundled here with
 * esbuild, runs the real code.
 *
 * - `history-insert`: one online count recorded and committed (its own transaction, as a poll
 *   does), on a store already holding 30 days. Median of the runs; reported.
 * - `history-read-30d`: the chart's read of 30 days at one count a minute (43,200 rows, each
 *   checked against its schema). Median; reported.
 * - `history-chart-43k`: from those rows in memory to the chart drawn (chart data with its
 *   gaps and figures, then uPlot on a canvas): the median of the runs. Budget a ratio to the same
 *   points drawn as a plain canvas line, interleaved in the same run (the note says whether it
 *   fits one 16 ms frame); a timed figure, so bench/run.ts measures it again when over
 *   (TIMED_ATTEMPTS, lib/figures.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import type { DemoServer } from '../../demo/server';
import { CHROME_PATH } from '../../tests/chromium';
import { FRAME_MS, type Measured } from '../lib/figures';
import { median, round } from '../lib/stats';

const POINTS = 30 * 24 * 60;
/** One frame at 60 Hz: reported in the note; the gate is the ratio below. */
/**
 * The gate: the chart (its data, then uPlot) costs at most twice a plain canvas line through the
 * same points (history-page.ts `drawRaw`), measured in the same run. It came to 1.1–1.3× here.
 */
export const CHART_RATIO = 2;
const HERE = path.dirname(fileURLToPath(import.meta.url));

interface HistoryBench {
  seed(points: number): Promise<number>;
  insertOne(): Promise<number>;
  read30Days(): Promise<{ ms: number; rows: number }>;
  render(): Promise<{ ms: number; dataMs: number; points: number }>;
  drawRaw(): number;
}
type BenchWindow = { historyBench: HistoryBench };

export async function bundleHistoryPage(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(HERE, '../pages/history-page.ts')],
    bundle: true,
    format: 'iife',
    write: false,
    minify: true,
    target: 'chrome120',
    plugins: [
      {
        // Vite's `?inline` CSS import (draw-chart.ts): the file's text.
        name: 'inline-css',
        setup(builder) {
          builder.onResolve({ filter: /\?inline$/ }, async (args) => {
            const resolved = await builder.resolve(args.path.replace(/\?inline$/, ''), {
              kind: args.kind,
              resolveDir: args.resolveDir,
            });
            return { path: resolved.path, namespace: 'inline-css' };
          });
          builder.onLoad({ filter: /.*/, namespace: 'inline-css' }, async (args) => ({
            contents: await readFile(args.path, 'utf8'),
            loader: 'text',
          }));
        },
      },
    ],
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild wrote nothing');
  return output.text;
}

export async function measureHistory(demo: Pick<DemoServer, 'url'>, runs: number): Promise<Measured[]> {
  const code = await bundleHistoryPage();
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    headless: true,
    // No extension: a plain page of the demo server's origin is all the store needs.
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 380, height: 580 } });
    await page.goto(new URL('/__demo/online', demo.url).href);
    await page.evaluate(code);
    const seeded = await page.evaluate(
      (n) => (window as unknown as BenchWindow).historyBench.seed(n),
      POINTS,
    );
    if (seeded !== POINTS) throw new Error(`Seeded ${seeded} rows, not ${POINTS}`);

    const sample = async <T>(count: number, run: () => Promise<T>): Promise<T[]> => {
      const out: T[] = [];
      // One warm-up, not counted.
      await run();
      for (let i = 0; i < count; i++) out.push(await run());
      return out;
    };
    const inserts = await sample(runs, () =>
      page.evaluate(() => (window as unknown as BenchWindow).historyBench.insertOne()),
    );
    const reads = await sample(runs, () =>
      page.evaluate(() => (window as unknown as BenchWindow).historyBench.read30Days()),
    );
    // The chart and its baseline interleaved, so a moment of load falls on both.
    const pairs = await sample(runs, async () => ({
      render: await page.evaluate(() => (window as unknown as BenchWindow).historyBench.render()),
      raw: await page.evaluate(() => (window as unknown as BenchWindow).historyBench.drawRaw()),
    }));
    const renders = pairs.map((pair) => pair.render);
    const renderMedian = median(renders.map((r) => r.ms));
    const rawMedian = median(pairs.map((pair) => pair.raw));
    const rowsRead = reads[0]?.rows ?? 0;
    const drawn = renders[0]?.points ?? 0;
    return [
      {
        id: 'history-insert',
        label: 'History store: insert one online count (committed)',
        value: round(median(inserts), 2),
        unit: 'ms',
        samples: inserts.map((ms) => round(ms, 2)),
        note: `one readwrite transaction per count, on a store holding ${seeded.toLocaleString('en-US')} rows; real IndexedDB in Chromium`,
      },
      {
        id: 'history-read-30d',
        label: 'History store: read 30 days for a chart',
        value: round(median(reads.map((r) => r.ms))),
        unit: 'ms',
        samples: reads.map((r) => round(r.ms)),
        note: `${rowsRead.toLocaleString('en-US')} rows (one a minute), each checked against its schema`,
      },
      {
        id: 'history-chart-43k',
        label: `Chart render, ${drawn.toLocaleString('en-US')} points, after the data is loaded`,
        value: round(renderMedian),
        unit: 'ms',
        baseline: round(rawMedian),
        baselineLabel: 'the same points as one plain canvas line',
        ratio: round(renderMedian / rawMedian, 2),
        budget: { op: '<=', limit: CHART_RATIO, on: 'ratio' },
        samples: renders.map((r) => round(r.ms)),
        note: `${renderMedian <= FRAME_MS ? 'within' : 'over'} one frame (${FRAME_MS} ms); chart data (gaps, figures; median ${round(median(renders.map((r) => r.dataMs)))} ms) then uPlot drawing a 352×140 canvas; median of ${renders.length} runs after a warm-up, each followed by its baseline`,
      },
    ];
  } finally {
    await browser.close();
  }
}

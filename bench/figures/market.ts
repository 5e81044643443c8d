/**
 * The deals' history (issue 34) in headless Chromium, on a plain page of the demo server's
 * origin (IndexedDB is the browser's own): bench/pages/market-page.ts, bundled here with esbuild,
 * runs the real recorder, writer and read.
 *
 * - `market-record-200`: one auction answer of 200 new listings through the history recorder
 *   (the gateway's `onAnswer`), written once by id and committed. Budget a ratio to the same 200
 *   rows put in one plain readwrite transaction, interleaved in the same run.
 * - `market-median-100k`: the 7-day median of one item (a tenth of the listings) at 100,000
 *   recorded listings over 30 days: its window read through the item index, each row checked,
 *   then medianed (market.ts). Budget a ratio to IndexedDB's own read of the same key range.
 * - `market-db-100k`: what those 100,000 listings take on disk (the origin's usage from
 *   `navigator.storage.estimate()`, Chromium's IndexedDB with its key and both indexes), and
 *   the records as JSON in the note (history-size.ts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import type { DemoServer } from '../../demo/server';
import { CHROME_PATH } from '../../tests/chromium';
import type { Measured } from '../lib/figures';
import { median, round } from '../lib/stats';

const LISTINGS = 100_000;
const ANSWER = 200;
/**
 * The recorder (its write queue, a read of each id so a listing seen again keeps its first row,
 * then the put) costs at most this many times the bare puts: 1.8× idle on 2 cores since the
 * reads are asked at once (write-batch.ts); 5.5–7× when each read was awaited in turn.
 */
export const RECORD_RATIO = 5;
/** The figure (schema check of each row, median) costs at most this many times the bare read: 0.9–1.2× here. */
export const MEDIAN_RATIO = 3;
/**
 * 100,000 listings on disk (30 days of a heavy trader's searches): 40.4 MB measured, the records
 * 8.4 MB as JSON, the rest Chromium's keys, two indexes and LevelDB's uncompacted log.
 */
export const MARKET_DB_BUDGET_MB = 50;
const HERE = path.dirname(fileURLToPath(import.meta.url));

interface MarketBench {
  seed(listings: number): Promise<number>;
  usage(): Promise<number>;
  recordBytes(): Promise<number>;
  recordAnswer(count: number): Promise<number>;
  rawPuts(count: number): Promise<number>;
  median(): Promise<{ ms: number; listings: number }>;
  rawWindow(): Promise<number>;
}
type BenchWindow = { marketBench: MarketBench };

async function bundleMarketPage(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(HERE, '../pages/market-page.ts')],
    bundle: true,
    format: 'iife',
    write: false,
    minify: true,
    target: 'chrome120',
    alias: { '@': path.join(HERE, '../..') },
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild wrote nothing');
  return output.text;
}

export async function measureMarket(demo: Pick<DemoServer, 'url'>, runs: number): Promise<Measured[]> {
  const code = await bundleMarketPage();
  const browser = await chromium.launch({
    executablePath: CHROME_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(new URL('/__demo/online', demo.url).href);
    await page.evaluate(code);
    const bench = (name: keyof MarketBench, arg?: number) =>
      page.evaluate(
        ([method, value]) =>
          (window as unknown as BenchWindow).marketBench[method as 'seed'](
            value as number,
          ) as Promise<unknown>,
        [name, arg] as const,
      );

    const before = (await bench('usage')) as number;
    const seeded = (await bench('seed', LISTINGS)) as number;
    if (seeded !== LISTINGS) throw new Error(`Seeded ${seeded} listings, not ${LISTINGS}`);
    const after = (await bench('usage')) as number;
    const jsonBytes = (await bench('recordBytes')) as number;

    const sample = async <T>(count: number, run: () => Promise<T>): Promise<T[]> => {
      const out: T[] = [];
      await run(); // One warm-up, not counted (the recorder's first write also prunes).
      for (let i = 0; i < count; i++) out.push(await run());
      return out;
    };
    const medians = await sample(runs, async () => ({
      figure: (await bench('median')) as { ms: number; listings: number },
      raw: (await bench('rawWindow')) as number,
    }));
    const records = await sample(runs, async () => ({
      recorder: (await bench('recordAnswer', ANSWER)) as number,
      raw: (await bench('rawPuts', ANSWER)) as number,
    }));
    const recordMs = median(records.map((r) => r.recorder));
    const putMs = median(records.map((r) => r.raw));
    const medianMs = median(medians.map((m) => m.figure.ms));
    const readMs = median(medians.map((m) => m.raw));
    const windowRows = medians[0]?.figure.listings ?? 0;
    const mb = (bytes: number) => round(bytes / 1e6, 1);
    return [
      {
        id: 'market-record-200',
        label: `Deals: record one auction answer of ${ANSWER} listings (committed)`,
        value: round(recordMs, 1),
        unit: 'ms',
        baseline: round(putMs, 1),
        baselineLabel: `the same ${ANSWER} rows put in one plain transaction`,
        ratio: round(recordMs / putMs, 2),
        budget: { op: '<=', limit: RECORD_RATIO, on: 'ratio' },
        samples: records.map((r) => round(r.recorder, 1)),
        note: `through the history recorder (onAnswer), once by id, on a store holding ${LISTINGS.toLocaleString('en-US')} listings; real IndexedDB in Chromium; median of ${records.length} runs, each followed by its baseline`,
      },
      {
        id: 'market-median-100k',
        label: `Deals: 7-day median of one item at ${LISTINGS.toLocaleString('en-US')} listings`,
        value: round(medianMs, 1),
        unit: 'ms',
        baseline: round(readMs, 1),
        baselineLabel: 'IndexedDB alone reading the same key range of the item index',
        ratio: round(medianMs / readMs, 2),
        budget: { op: '<=', limit: MEDIAN_RATIO, on: 'ratio' },
        samples: medians.map((m) => round(m.figure.ms, 1)),
        note: `${windowRows.toLocaleString('en-US')} listings of the item in its 7-day window (a tenth of the 100,000 over 30 days), read through the [material, name, time] index, each checked against its schema, then medianed`,
      },
      {
        id: 'market-db-100k',
        label: `Deals: ${LISTINGS.toLocaleString('en-US')} listings on disk`,
        value: mb(after - before),
        unit: 'MB',
        budget: { op: '<=', limit: MARKET_DB_BUDGET_MB },
        note: `the origin's usage (navigator.storage.estimate) after seeding, less before: Chromium's IndexedDB with the id key and the time and item indexes; the records alone as JSON: ${mb(jsonBytes)} MB (history-size.ts)`,
      },
    ];
  } finally {
    await browser.close();
  }
}

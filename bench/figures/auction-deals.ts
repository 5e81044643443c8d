/**
 * The Auctions tab with 200 results and deals marked (issue 34): the popup (in a tab sized as
 * the popup) on the Auctions tab, a search, Load more until 200 listings show. Measured: from
 * the click on the last Load more (150 to 200) to the 200 rows shown with their deal marks
 * judged by the 200-listing answer (the marks of the 150-listing answer stay until the new
 * answer's figures are asked for, then go: they count once they are back). Two items searched in turn, each seeded with 200
 * listings in the demo's market (40 of them 60 % below the rest): BARRIER, whose history holds
 * 10,000 more listings in its 7-day window among 100,000 recorded, and SPONGE, with none but the
 * answer's own. Budget a ratio of the first to the second, runs interleaved.
 */
import type { Page } from '@playwright/test';
import { AUCTION_LIMIT_MAX } from '../../utils/limits';
import { type BenchEnv, extensionUrl, POPUP_VIEWPORT } from '../lib/env';
import type { Measured } from '../lib/figures';
import { median, round } from '../lib/stats';

const HISTORY_DB = 'network-companion-history';
const LISTINGS = 100_000;
/** Listings of the measured item in its 7-day window, among LISTINGS. */
const ITEM_LISTINGS = 10_000;
const PRICES = [...Array.from({ length: 160 }, () => 100), ...Array.from({ length: 40 }, () => 40)];
/**
 * A gate against getting worse, not a target: with 10,000 listings of the item in its week the
 * marks came 5.4–6.1× as late as without (about 1 s against 190 ms: the popup reads and checks
 * every row of the week, market.ts); the rows themselves show at once.
 */
export const AUCTION_DEALS_RATIO = 8;
/** Answers come from the cache after the warm-up; a run still waiting after this lost its click. */
const ROWS_TIMEOUT_MS = 10_000;
const WITH_HISTORY = { query: 'barrier', material: 'BARRIER', name: 'Barrier' } as const;
const WITHOUT = { query: 'sponge', material: 'SPONGE', name: 'Sponge' } as const;

/** 100,000 listings in the extension's history (from its own page: the origin owns it). */
function seedHistory(page: Page): Promise<number> {
  return page.evaluate(
    async ({ name, listings, itemListings, item }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const now = Date.now();
      const week = 7 * 24 * 3_600_000;
      for (let start = 0; start < listings; start += 10_000) {
        const tx = db.transaction('listings', 'readwrite');
        for (let i = start; i < start + 10_000; i++) {
          const ours = i < itemListings;
          tx.objectStore('listings').put({
            id: 500_000_000 + i,
            time: now - 60_000 - ((i * 7919) % (ours ? week : 4 * week)),
            material: ours ? item.material : `MATERIAL_${i % 5}`,
            name: ours ? item.name : `Item ${i % 50}`,
            perItem: ours ? 90 + (i % 20) : 10 + (i % 1000),
          });
        }
        await new Promise((resolve, reject) => {
          tx.oncomplete = resolve;
          tx.onerror = () => reject(tx.error);
        });
      }
      const count = await new Promise<number>((resolve) => {
        const request = db.transaction('listings').objectStore('listings').count();
        request.onsuccess = () => resolve(request.result);
      });
      db.close();
      return count;
    },
    { name: HISTORY_DB, listings: LISTINGS, itemListings: ITEM_LISTINGS, item: WITH_HISTORY },
  );
}

/** Searches `query` in a fresh popup, Load more up to 150, then times the last Load more to 200 judged rows. */
async function timeDealsOnce(env: BenchEnv, query: string): Promise<number> {
  const page = await env.context.newPage();
  try {
    await page.setViewportSize(POPUP_VIEWPORT);
    // Opened on the query (linked-search.ts), as an alert's click does: a popup last left on the
    // Auctions tab (the bench's tick figure) would first show the empty query's rows, and Load
    // more clicked on those was lost when the query's own answer replaced them.
    await page.goto(extensionUrl(env, `popup.html?auctions=${encodeURIComponent(query)}`));
    const rows = page.locator('.auction-results .listing');
    for (let shown = 50; shown < AUCTION_LIMIT_MAX - 50; shown += 50) {
      await page.waitForFunction(
        (n) => document.querySelectorAll('.auction-results .listing').length >= n,
        shown,
        { timeout: ROWS_TIMEOUT_MS },
      );
      await page.getByRole('button', { name: 'Load more' }).click();
    }
    await page.waitForFunction(
      (n) => document.querySelectorAll('.auction-results .listing').length >= n,
      150,
      { timeout: ROWS_TIMEOUT_MS },
    );
    const more = page.getByRole('button', { name: 'Load more' });
    await more.waitFor();
    // Started and ended in the page: the click, then a MutationObserver on the rows and marks.
    const elapsed = page.evaluate(
      ({ want }) =>
        new Promise<number>((resolve, reject) => {
          const start = performance.now();
          // No named function in here: tsx would wrap it in a helper the page does not have.
          // The 200 rows first show the 150-listing answer's marks (the same item's figure), then
          // none while the new answer's figures are read (use-market-figures.ts), then theirs.
          let judging = false;
          const observer = new MutationObserver(() => {
            const rows = document.querySelectorAll('.auction-results .listing').length;
            const marks = document.querySelectorAll('.listing__deal').length;
            if (rows < want) return;
            if (marks === 0) judging = true;
            else if (judging) {
              observer.disconnect();
              resolve(performance.now() - start);
            }
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
          // Not a wait: a run that never gets there fails with what it saw rather than hang the bench.
          setTimeout(() => {
            observer.disconnect();
            const marks = [...document.querySelectorAll('.listing__deal')].map((mark) => mark.textContent);
            const rows = document.querySelectorAll('.auction-results .listing').length;
            reject(new Error(`${rows} rows, ${marks.length} marks, e.g. ${marks[0] ?? 'none'}`));
          }, 30_000);
          const button = [...document.querySelectorAll('button')].find(
            (each) => each.textContent === 'Load more',
          );
          button?.click();
        }),
      { want: AUCTION_LIMIT_MAX },
    );
    const ms = await elapsed;
    if ((await rows.count()) < AUCTION_LIMIT_MAX) throw new Error(`Fewer than ${AUCTION_LIMIT_MAX} rows`);
    return ms;
  } finally {
    await page.close();
  }
}

/**
 * timeDealsOnce, made again in a fresh popup when a run never got its rows: on a busy machine a
 * Load more click was seen lost (50 of 204 still shown after it; noted in bench/README.md).
 */
async function timeDeals(env: BenchEnv, query: string): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await timeDealsOnce(env, query);
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

export async function measureAuctionDeals(env: BenchEnv): Promise<Measured> {
  for (const item of [WITH_HISTORY, WITHOUT])
    env.demo.seedMarket({
      seller: 'notch',
      material: item.material,
      display_name: item.name,
      prices: PRICES,
    });
  // Warm-up, not counted: both answers fetched, cached and recorded (which creates the database).
  await timeDeals(env, WITHOUT.query);
  const blank = await env.context.newPage();
  await blank.goto(extensionUrl(env, 'popup.html'));
  const seeded = await seedHistory(blank);
  await blank.close();
  await timeDeals(env, WITH_HISTORY.query);
  const pairs: Array<{ history: number; none: number }> = [];
  for (let i = 0; i < env.runs; i++)
    pairs.push({
      history: await timeDeals(env, WITH_HISTORY.query),
      none: await timeDeals(env, WITHOUT.query),
    });
  const value = median(pairs.map((pair) => pair.history));
  const baseline = median(pairs.map((pair) => pair.none));
  return {
    id: 'auction-deals-200',
    label: 'Auctions tab, 200 results: Load more to the rows shown with deal marks',
    value: round(value),
    unit: 'ms',
    baseline: round(baseline),
    baselineLabel: 'the same for an item with no history but its answer',
    ratio: round(value / baseline, 2),
    budget: { op: '<=', limit: AUCTION_DEALS_RATIO, on: 'ratio' },
    samples: pairs.map((pair) => round(pair.history)),
    note: `from the click on Load more (150 to 200) to 200 rows with their deal marks judged again on the 200-listing answer; the item's ${ITEM_LISTINGS.toLocaleString('en-US')} listings of the week among ${seeded.toLocaleString('en-US')} recorded, read by the popup (read-market.ts) in one transaction; median of ${pairs.length} runs, interleaved with the baseline`,
  };
}

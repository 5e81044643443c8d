/**
 * Auction tab rendering 200 listings while the countdowns tick: the popup (in a tab sized as
 * the popup) on the Auctions tab, Load more pressed until 200 listings show, then a Chrome
 * performance trace of the page for a few seconds while the list's one-second timer ticks.
 *
 * Measured per tick, from the trace: the animation frame the tick produces, from the start of
 * the timer's task (the tick's state update and Preact's render of the 200 rows) to the end of
 * that frame's rendering on the main thread (style, layout, paint, commit): Chrome's
 * `AnimationFrame` event. Figure: the median over the ticks; budget: under 16 ms per frame.
 * Recording a trace costs a little itself, so the figure errs on the slow side.
 */
import type { Page } from '@playwright/test';
import { AUCTION_LIMIT_MAX } from '../../utils/limits';
import { type BenchEnv, extensionUrl, POPUP_VIEWPORT, sleep } from '../lib/env';
import type { Measured } from '../lib/figures';
import { median, percentile, round } from '../lib/stats';
import { findPageThread, longestTask, recordTrace, timerFrames } from '../lib/trace';

const LISTINGS = AUCTION_LIMIT_MAX;
/** The countdown ticks once a second: at least 10 ticks (and `runs`), one second each. */
const tickWindowMs = (runs: number) => Math.max(runs, 10) * 1000 + 600;

async function showListings(page: Page): Promise<number> {
  await page.getByRole('tab', { name: /auction/i }).click();
  const listings = page.locator('.auction-results .listing');
  await listings.first().waitFor();
  for (;;) {
    const shown = await listings.count();
    if (shown >= LISTINGS) return shown;
    const more = page.getByRole('button', { name: 'Load more' });
    if ((await more.count()) === 0) return shown;
    await more.click();
    await page.waitForFunction(
      ({ selector, before }) => document.querySelectorAll(selector).length > before,
      { selector: '.auction-results .listing', before: shown },
      { timeout: 15_000 },
    );
  }
}

export async function measureAuctionTicks(env: BenchEnv): Promise<Measured> {
  const page = await env.context.newPage();
  try {
    await page.setViewportSize(POPUP_VIEWPORT);
    await page.goto(extensionUrl(env, 'popup.html'));
    const shown = await showListings(page);
    if (shown < LISTINGS)
      throw new Error(`Only ${shown} listings to show (the demo has fewer than ${LISTINGS})`);
    await sleep(1_000); // let the last answer's follow-up work (recent players) settle
    const events = await recordTrace(env.context, page, () => sleep(tickWindowMs(env.runs)));
    const thread = findPageThread(events, '/popup.html');
    const frames = timerFrames(events, thread);
    if (frames.length === 0) throw new Error('No countdown tick in the trace');
    const durations = frames.map((frame) => frame.durationMs);
    const timers = frames.map((frame) => frame.timerMs);
    return {
      id: 'auction-frame',
      label: `Auction tab, ${LISTINGS} listings: frame time per countdown tick`,
      value: round(median(durations)),
      unit: 'ms',
      budget: { op: '<', limit: 16 },
      samples: durations.map((ms) => round(ms)),
      note: `${frames.length} ticks traced; per tick from the timer's task start to the end of the frame's main-thread rendering (Chrome's AnimationFrame trace event): median ${round(median(durations))} ms, p95 ${round(percentile(durations, 95))} ms, of which script ${round(median(timers))} ms (median: the timer callback, i.e. the tick's state update and Preact re-rendering the rows), the rest style, layout, paint and commit; longest task ${round(longestTask(events, thread))} ms; ${shown} listings on screen`,
    };
  } finally {
    await page.close();
  }
}

/**
 * Popup first contentful paint: `popup.html` opened in a fresh tab sized as the popup, N
 * times, reading the page's `first-contentful-paint` entry; the baseline is the popup's twin
 * (bench/lib/popup-twin.ts): a blank page of the same build loading the popup's own stylesheet
 * and scripts after its text, without the app's mount, opened the same way, the runs
 * interleaved. Budget: median(popup) ≤ POPUP_FCP_RATIO × median(twin), or one frame after it
 * where that is more (fcpRatioLimit).
 */
import type { BrowserContext } from '@playwright/test';
import { type BenchEnv, extensionUrl, POPUP_VIEWPORT } from '../lib/env';
import { BLANK_PAGE } from '../lib/extension';
import { FRAME_MS, type Measured } from '../lib/figures';
import { POPUP_TWIN_PAGE } from '../lib/popup-twin';
import { median, round } from '../lib/stats';

const FCP_TIMEOUT_MS = 10_000;
/** The popup paints its shell from the HTML alone (build/first-paint.ts), nearly as soon as a blank page. */
export const POPUP_FCP_RATIO = 1.2;
/**
 * A first paint lands on a frame boundary, so single loads scatter by a frame or more on a
 * busy machine; a load takes a few hundred ms, so this figure takes three times the runs plus one.
 */
const fcpRuns = (runs: number) => runs * 3 + 1;

/**
 * The ratio allowed against a blank page that painted in `baseline` ms: POPUP_FCP_RATIO, or one
 * frame later where that is more. A first paint lands on a frame, so below a frame the ratio
 * measures the machine (a busy core stretches the popup's script and stylesheet into the next
 * frame), while the regression this gates (tags in <head> holding the paint back) costs more.
 */
export function fcpRatioLimit(baseline: number): number {
  return Math.max(POPUP_FCP_RATIO, Math.floor(((baseline + FRAME_MS) / baseline) * 100) / 100);
}

/** Opens `url` in a new tab and returns its first contentful paint (ms after navigation start). */
export async function firstContentfulPaint(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  try {
    await page.setViewportSize(POPUP_VIEWPORT);
    await page.goto(url);
    return await page.evaluate(
      (timeoutMs) =>
        new Promise<number>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('no first-contentful-paint')), timeoutMs);
          new PerformanceObserver((list) => {
            for (const entry of list.getEntriesByName('first-contentful-paint')) {
              clearTimeout(timer);
              resolve(entry.startTime);
            }
          }).observe({ type: 'paint', buffered: true });
        }),
      FCP_TIMEOUT_MS,
    );
  } finally {
    await page.close();
  }
}

/** A popup figure against the blank page's first paint, the loads interleaved (each median). */
export interface AgainstBlank {
  popup: number[];
  blank: number[];
  value: number;
  baseline: number;
}

/**
 * One warm-up of each (not counted: it fills the code and resource caches), then `runs` loads of
 * each, alternating, so a busy moment of the machine lands on both sides.
 */
export async function againstBlankPage(
  env: BenchEnv,
  runs: number,
  measurePopup: (context: BrowserContext, url: string) => Promise<number>,
  baselinePage = BLANK_PAGE,
  measureBaseline: (context: BrowserContext, url: string) => Promise<number> = firstContentfulPaint,
): Promise<AgainstBlank> {
  const popupUrl = extensionUrl(env, 'popup.html');
  const blankUrl = extensionUrl(env, baselinePage);
  await measurePopup(env.context, popupUrl);
  await measureBaseline(env.context, blankUrl);
  const popup: number[] = [];
  const blank: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    popup.push(await measurePopup(env.context, popupUrl));
    blank.push(await measureBaseline(env.context, blankUrl));
  }
  return { popup, blank, value: median(popup), baseline: median(blank) };
}

/** Which figure a blank-page measure is (bench/run.ts, STUBS). */
export type BlankPageIdentity = Pick<Measured, 'id' | 'label' | 'budget'>;

/** The figure for a popup measure against the blank page: its ratio is what the budget judges. */
export function blankPageFigure(
  { popup, blank, value, baseline }: AgainstBlank,
  figure: BlankPageIdentity & Pick<Measured, 'baselineLabel'>,
  how: string,
): Measured {
  return {
    ...figure,
    value: round(value),
    unit: 'ms',
    baseline: round(baseline),
    ratio: round(value / baseline, 2),
    samples: popup.map((ms) => round(ms)),
    note: `popup.html in a ${POPUP_VIEWPORT.width}×${POPUP_VIEWPORT.height} tab, ${popup.length} fresh loads each side, interleaved, after one warm-up; ${how}blank page runs (ms): ${blank.map((ms) => round(ms)).join(', ')}`,
  };
}

/**
 * Against the popup's twin, not the bare blank page: under load the popup's stylesheet and
 * script, parsed on a contended core, pushed its paint a frame past a page that has neither.
 */
export async function measurePopupFcp(env: BenchEnv, figure: BlankPageIdentity): Promise<Measured> {
  const comparison = await againstBlankPage(env, fcpRuns(env.runs), firstContentfulPaint, POPUP_TWIN_PAGE);
  const budget = { op: '<=' as const, limit: fcpRatioLimit(comparison.baseline), on: 'ratio' as const };
  const baselineLabel = "blank extension page loading the popup's stylesheet and scripts, without the app";
  return blankPageFigure(comparison, { ...figure, budget, baselineLabel }, 'twin ');
}

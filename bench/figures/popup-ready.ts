/**
 * Popup ready: `popup.html` opened in a fresh tab sized as the popup, until both the look-up
 * field is usable and the header shows the online count (from the demo server, through the
 * background), read from the marks the popup sets (utils/ready-marks.ts) on the page's own
 * clock. The baseline is the popup's twin (bench/lib/popup-twin.ts: the popup's own stylesheet and
 * modules, the app not mounted) until every module has run (its entry's mark), measured in the
 * same run, the loads interleaved. Budget: median(ready) ≤ POPUP_READY_RATIO × median(twin).
 */
import type { BrowserContext } from '@playwright/test';
import { READY_MARKS } from '../../utils/ready-marks';
import { type BenchEnv, POPUP_VIEWPORT } from '../lib/env';
import type { Measured } from '../lib/figures';
import { POPUP_TWIN_PAGE, TWIN_MODULES_MARK } from '../lib/popup-twin';
import { againstBlankPage, type BlankPageIdentity, blankPageFigure } from './popup-fcp';

const READY_TIMEOUT_MS = 10_000;
/**
 * Against the twin with its modules run, not the bare blank page's first paint: what the popup's
 * bytes cost to fetch, compile and run on a busy core is on both sides, and what is left is the
 * app (its mount, its first render, the background's answer). Against the blank page busy runs
 * came to 1.54× and 1.96× of a 2× limit. Not the twin's first paint: it may come before its
 * modules run, and came out as noisy as the blank page's.
 */
export const POPUP_READY_RATIO = 2;

/** Opens `url` in a new tab sized as the popup; the ms from navigation start to the last of `names`. */
async function lastMark(context: BrowserContext, url: string, names: readonly string[]): Promise<number> {
  const page = await context.newPage();
  try {
    await page.setViewportSize(POPUP_VIEWPORT);
    await page.goto(url);
    await page.waitForFunction(
      (marks) => marks.every((name) => performance.getEntriesByName(name, 'mark').length > 0),
      names,
      { timeout: READY_TIMEOUT_MS },
    );
    return await page.evaluate(
      (marks) =>
        Math.max(...marks.map((name) => performance.getEntriesByName(name, 'mark')[0]?.startTime ?? 0)),
      names,
    );
  } finally {
    await page.close();
  }
}

/** The popup: the later of its two ready marks. */
export const popupReady = (context: BrowserContext, url: string): Promise<number> =>
  lastMark(context, url, Object.values(READY_MARKS));

/** The popup's twin: every module the popup evaluates has run (its entry's mark). */
export const twinModulesRun = (context: BrowserContext, url: string): Promise<number> =>
  lastMark(context, url, [TWIN_MODULES_MARK]);

/** Against the twin with its modules run, in `env` (the light profile or the full one). */
export const againstTwin = (env: BenchEnv) =>
  againstBlankPage(env, env.runs, popupReady, POPUP_TWIN_PAGE, twinModulesRun);

export const TWIN_READY_LABEL = "the popup's twin (its stylesheet and modules, without the app), modules run";

export async function measurePopupReady(env: BenchEnv, figure: BlankPageIdentity): Promise<Measured> {
  const comparison = await againstTwin(env);
  const how = 'the count comes from the demo server through the background; twin ';
  return blankPageFigure(comparison, { ...figure, baselineLabel: TWIN_READY_LABEL }, how);
}

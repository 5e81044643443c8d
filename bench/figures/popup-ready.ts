/**
 * Popup ready: `popup.html` opened in a fresh tab sized as the popup, until both the look-up
 * field is usable and the header shows the online count (from the demo server, through the
 * background), read from the marks the popup sets (utils/ready-marks.ts) on the page's own
 * clock. The baseline is the blank extension page's first contentful paint, measured in the same
 * run, the loads interleaved. Budget: median(ready) ≤ POPUP_READY_RATIO × median(blank FCP).
 */
import type { BrowserContext } from '@playwright/test';
import { READY_MARKS } from '../../utils/ready-marks';
import { type BenchEnv, POPUP_VIEWPORT } from '../lib/env';
import type { Measured } from '../lib/figures';
import { againstBlankPage, type BlankPageIdentity, blankPageFigure } from './popup-fcp';

const READY_TIMEOUT_MS = 10_000;
export const POPUP_READY_RATIO = 2;

/** Opens the popup in a new tab; the ms from navigation start to the later of the two marks. */
export async function popupReady(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  try {
    await page.setViewportSize(POPUP_VIEWPORT);
    await page.goto(url);
    const names = Object.values(READY_MARKS);
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

export async function measurePopupReady(env: BenchEnv, figure: BlankPageIdentity): Promise<Measured> {
  const comparison = await againstBlankPage(env, env.runs, popupReady);
  const how = 'the count comes from the demo server through the background; ';
  return blankPageFigure(comparison, { ...figure, baselineLabel: 'blank extension page, first paint' }, how);
}

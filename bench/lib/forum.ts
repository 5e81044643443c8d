/**
 * The forum content script under measurement: a page's script time, and hovering names on a
 * demo forum page the way a player does (shared by the figures).
 */
import type { BrowserContext, Locator, Page } from '@playwright/test';

/** The custom element holding the card's shadow root (entrypoints/hover-card/card-host.ts). */
export const CARD_HOST = 'network-companion-card';

/**
 * Loads `url` in a fresh tab and returns the page's ScriptDuration in ms (Chrome's
 * `Performance.getMetrics`, every script that ran in the page's renderer main thread), once
 * the content script has started (WXT announces it with a window message) and settled, or
 * after the same wait when it is not expected.
 */
export async function scriptDuration(
  context: BrowserContext,
  url: string,
  expectScript: boolean,
): Promise<number> {
  const page = await context.newPage();
  try {
    await page.addInitScript(() => {
      window.addEventListener('message', (event) => {
        const type = (event.data as { type?: unknown } | null)?.type;
        if (typeof type === 'string' && type.endsWith(':forum:wxt:content-script-started')) {
          (window as unknown as { __ncStarted: boolean }).__ncStarted = true;
        }
      });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    if (expectScript) {
      await page.waitForFunction(
        () => (window as unknown as { __ncStarted?: boolean }).__ncStarted === true,
        null,
        { timeout: 15_000 },
      );
    }
    // Let the content script's start-up work (the settings read) finish.
    await page.waitForTimeout(300);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const seconds = metrics.find((metric) => metric.name === 'ScriptDuration')?.value ?? 0;
    return seconds * 1000;
  } finally {
    await page.close();
  }
}

/** A name in the thread's posts (XenForo demo page). */
export function nameInThread(page: Page, name: string): Locator {
  return page.locator('#thread-posts').getByText(name, { exact: true }).first();
}

/** Resolves when the card for `name` shows a player (not loading), visible. */
export async function waitForCard(page: Page, name: string, timeout = 15_000): Promise<void> {
  await page.waitForFunction(
    ({ host, name }) => {
      const root = document.querySelector(host)?.shadowRoot;
      const dialog = root?.querySelector(`[role="dialog"]:not([aria-busy])`);
      const position = dialog?.closest<HTMLElement>('.hover-card-position');
      return dialog?.getAttribute('aria-label') === name && position?.style.visibility === 'visible';
    },
    { host: CARD_HOST, name },
    { timeout },
  );
}

/** Resolves when no card is on the page. */
export async function waitForNoCard(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForFunction((host) => document.querySelector(host) === null, CARD_HOST, { timeout });
}

/** Hovers `name` until its card shows, then closes the card with Escape (at once, no grace period). */
export async function hoverUntilCard(page: Page, name: string): Promise<void> {
  await nameInThread(page, name).hover();
  await waitForCard(page, name);
  await page.keyboard.press('Escape');
  await waitForNoCard(page);
}

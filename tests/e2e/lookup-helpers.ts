import type { BrowserContext, Page, Worker } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Shared by the look-up specs (tests/e2e/lookup-*.spec.ts). The address bar and the context
 * menu cannot be driven from a test, so their events are dispatched in the service worker
 * through Chromium's own event objects: the listeners the extension registered run exactly as
 * when the browser fires them (same arguments, same worker), and production code exposes nothing.
 */

/** The player views open in the context, by their `?player=` value. */
export function playerViews(context: BrowserContext, extensionId: string): string[] {
  const prefix = `chrome-extension://${extensionId}/popup.html?`;
  return context
    .pages()
    .filter((page) => page.url().startsWith(prefix))
    .map((page) => new URL(page.url()).searchParams.get('player') ?? '');
}

/** Waits for the player view on `player` to open, and returns it once it shows that player. */
export async function waitForPlayerView(context: BrowserContext, extensionId: string, player: string) {
  const prefix = `chrome-extension://${extensionId}/popup.html?player=${encodeURIComponent(player)}`;
  const find = () => context.pages().find((page) => page.url() === prefix);
  await expect.poll(() => find() !== undefined).toBe(true);
  const page = find() as Page;
  await page.waitForLoadState();
  return page;
}

/** Nothing new opens for a while after `act` (what the extension does, it does within this time). */
export async function expectNothingOpens(
  context: BrowserContext,
  act: () => Promise<unknown>,
): Promise<void> {
  const before = context.pages().length;
  await act();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(context.pages().length).toBe(before);
}

/** The id of the tab showing `url` (as the browser passes the clicked tab to a menu listener). */
export async function tabFor(worker: Worker, url: string): Promise<chrome.Tab> {
  const tab = await worker.evaluate(async (target) => (await chrome.tabs.query({ url: target }))[0], url);
  expect(tab, `a tab at ${url}`).toBeDefined();
  return tab as chrome.Tab;
}

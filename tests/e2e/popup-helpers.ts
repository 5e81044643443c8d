import { type BrowserContext, expect, type Page } from '@playwright/test';
import type { ExtensionFixtures } from './fixtures';

/**
 * On install (no key yet) the background opens the options page. That can land in the tab
 * `configure()` has just created and interrupt its navigation, so wait for it to open first.
 */
export async function waitForInstallOptionsPage(context: BrowserContext): Promise<void> {
  await expect
    .poll(() => context.pages().some((page) => page.url().endsWith('/options.html')), { timeout: 5000 })
    .toBe(true)
    .catch(() => {
      // Not opened (a key was already saved): nothing to wait for.
    });
}

type Needs = Pick<ExtensionFixtures, 'configure' | 'openExtensionPage'> & { context: BrowserContext };

/** Point the extension at the demo server and open the popup in a tab, 380 px wide like the real one. */
export async function openConfiguredPopup(
  { configure, openExtensionPage, context }: Needs,
  options?: { apiKey?: string },
): Promise<Page> {
  await waitForInstallOptionsPage(context);
  await configure(options);
  const popup = await openExtensionPage('popup.html');
  await popup.setViewportSize({ width: 380, height: 600 });
  return popup;
}

export async function lookUp(popup: Page, text: string): Promise<void> {
  const field = popup.getByLabel('Player name or UUID');
  await field.fill(text);
  await field.press('Enter');
}

export async function showTab(popup: Page, name: 'Player' | 'Auctions' | 'Leaderboard'): Promise<void> {
  await popup.getByRole('tab', { name }).click();
  await expect(popup.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

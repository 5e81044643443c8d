import { expect, type Page } from '@playwright/test';
import type { ExtensionFixtures } from './fixtures';
import { ageBadgeCount } from './scheduler-helpers';

type Needs = Pick<ExtensionFixtures, 'configure' | 'openExtensionPage'>;

/** Point the extension at the demo server and open the popup in a tab, 380 px wide like the real one. */
export async function openConfiguredPopup(
  { configure, openExtensionPage }: Needs,
  options?: { apiKey?: string },
): Promise<Page> {
  await configure(options);
  const popup = await openExtensionPage('popup.html');
  await popup.setViewportSize({ width: 380, height: 600 });
  return popup;
}

/**
 * The popup opened as openConfiguredPopup does, with the server down. The count the save fetched
 * would be shown for 30 s: it is made older first, so that the popup's own count meets the fault.
 */
export async function openPopupServerDown(
  fixtures: Needs & Pick<ExtensionFixtures, 'demo' | 'serviceWorker'>,
): Promise<Page> {
  await fixtures.configure();
  fixtures.demo.faults.down = true;
  await ageBadgeCount(fixtures.serviceWorker);
  const popup = await fixtures.openExtensionPage('popup.html');
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

import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { recordNotifications } from './notification-helpers';
import { lookUp, openConfiguredPopup } from './popup-helpers';
import {
  ageWatchlistStatuses,
  checkInBackgroundUntil,
  notificationsShown,
  watchByMessage,
  watchlistSettings,
  watchUntilSeen,
} from './watchlist-helpers';

/**
 * The watchlist in Chromium against the demo server: watching from the popup, the Watchlist
 * tab, Check now, and the notification when a watched player comes online (the demo's control
 * sets players online and offline).
 */

async function showWatchlist(popup: Page): Promise<void> {
  await popup.getByRole('tab', { name: 'Watchlist' }).click();
  await expect(popup.getByRole('tab', { name: 'Watchlist' })).toHaveAttribute('aria-selected', 'true');
}

const watchedList = (popup: Page) => popup.getByRole('list', { name: 'Watched players' });

test.describe('the watchlist', () => {
  test.describe.configure({ timeout: 70_000 });
  test('watch from the popup’s player card; the Watchlist tab lists them; a name opens the Player tab', async ({
    configure,
    openExtensionPage,
    demo,
  }) => {
    demo.setPlayer('Notch', { online: false });
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await lookUp(popup, 'Notch');
    const watch = popup.getByRole('button', { name: /^Watch(ing)?$/ });
    await expect(watch).toHaveAttribute('aria-pressed', 'false');
    await watch.click();
    await expect(watch).toHaveAttribute('aria-pressed', 'true');

    await showWatchlist(popup);
    const item = watchedList(popup).getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Notch');
    await expect(item).toContainText('Offline');
    await expect(item).toContainText('not seen online yet');

    await item.getByRole('button', { name: 'Notch', exact: true }).click();
    await expect(popup.getByRole('tab', { name: 'Player' })).toHaveAttribute('aria-selected', 'true');
    await expect(popup.getByRole('heading', { name: 'Notch' })).toBeVisible();
    // Pressed again: unwatched.
    await popup.getByRole('button', { name: /^Watch(ing)?$/ }).click();
    await expect(popup.getByRole('button', { name: /^Watch(ing)?$/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await showWatchlist(popup);
    await expect(popup.getByText(/not watching anyone yet/)).toBeVisible();
  });

  test('an empty Watchlist says how to watch someone', async ({ configure, openExtensionPage }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await showWatchlist(popup);
    await expect(popup.getByText(/not watching anyone yet.*press Watch/)).toBeVisible();
  });

  test('Check now asks for every watched player at once; online players come first', async ({
    configure,
    openExtensionPage,
    demo,
  }) => {
    const notch = demo.setPlayer('Notch', { online: false });
    const jeb = demo.setPlayer('jeb_', { online: false });
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await watchlistSettings(popup, false);
    await watchByMessage(popup, notch);
    await watchByMessage(popup, jeb);
    await showWatchlist(popup);
    await expect(watchedList(popup).getByRole('listitem')).toHaveCount(2);

    demo.setPlayer('Notch', { online: true });
    demo.clearLog();
    // Watching fetched them seconds ago: Check now would reuse those answers.
    await ageWatchlistStatuses(popup);
    await popup.getByRole('button', { name: 'Check now' }).click();
    await expect(popup.getByText('Checked 2 players just now.')).toBeVisible();
    expect(demo.log().filter((entry) => entry.endpoint === 'player')).toHaveLength(2);
    // A second press within 30 s (here, or in another view) reuses them: no request.
    await expect(popup.getByRole('button', { name: 'Check now' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await popup.getByRole('button', { name: 'Check now' }).click();
    await expect(popup.getByText('Checked 2 players just now.')).toBeVisible();
    expect(demo.log().filter((entry) => entry.endpoint === 'player')).toHaveLength(2);
    const items = watchedList(popup).getByRole('listitem');
    await expect(items.first()).toContainText('Notch');
    await expect(items.first()).toContainText('Online');
    await expect(items.nth(1)).toContainText('jeb_');
    await expect(items.nth(1)).toContainText('Offline');
    await expect(popup.getByText('1 of 2 online')).toBeVisible();
  });

  test('a notification when a watched player comes online, seen by a background check', async ({
    configure,
    openExtensionPage,
    serviceWorker,
    demo,
  }) => {
    const notch = demo.setPlayer('Notch', { online: false });
    await configure();
    const page = await openExtensionPage('options.html');
    await watchlistSettings(page, true);
    await recordNotifications(serviceWorker);
    // A first check: Notch seen offline (a first observation never notifies).
    await watchUntilSeen(page, demo, notch);
    expect(await notificationsShown(serviceWorker)).toEqual([]);

    demo.setPlayer('Notch', { online: true });
    // Checks answered from the gateway's 30 s cache still see Notch offline; then one asks the API.
    await checkInBackgroundUntil(
      page,
      async () => (await notificationsShown(serviceWorker)).length > 0,
      45_000,
    );
    expect(await notificationsShown(serviceWorker)).toEqual(['watched-online']);
  });

  test('no notification when notifications are off', async ({
    configure,
    openExtensionPage,
    serviceWorker,
    demo,
  }) => {
    const notch = demo.setPlayer('Notch', { online: false });
    await configure();
    const page = await openExtensionPage('options.html');
    await watchlistSettings(page, false);
    const checksOfNotch = await watchUntilSeen(page, demo, notch);
    demo.setPlayer('Notch', { online: true });
    const before = checksOfNotch();
    // Past the gateway's 30 s cache, a check asks the API again.
    await checkInBackgroundUntil(page, () => checksOfNotch() > before, 45_000);
    // The check saw Notch online (the list says so), and no notification was shown.
    const popup = await openExtensionPage('popup.html');
    await showWatchlist(popup);
    await expect(watchedList(popup).getByRole('listitem').first()).toContainText('Online');
    expect(await notificationsShown(serviceWorker)).toEqual([]);
  });
});

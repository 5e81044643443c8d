import type { Worker } from '@playwright/test';
import { seriousViolations } from './axe-helpers';
import { expect, test } from './fixtures';
import { recordedNotifications, recordNotifications } from './notification-helpers';
import { openConfiguredPopup, showTab } from './popup-helpers';
import { saveSettingsFrom } from './scheduler-helpers';
import { notificationsShown } from './watchlist-helpers';

/**
 * Ending-soon reminders (issue 34) against the demo: Remind me on a listing that ends sooner than
 * N minutes, so its alarm is due at once; the alarm is also rung by hand through the browser's
 * own alarm event (as the scheduler's tests do), which the background handles once. The
 * notifications' words are read from the service worker, where each one shown is recorded.
 */

/** Rings a reminder's alarm now, through the browser's alarm event. */
function ringReminder(serviceWorker: Worker, id: number): Promise<void> {
  return serviceWorker.evaluate(async (name) => {
    await chrome.alarms.create(name, { when: Date.now() });
  }, `reminder:${id}`);
}

test.describe('ending-soon reminders', () => {
  test.describe.configure({ timeout: 90_000 });

  test('Remind me: one confirming search, then "ends in N min at price"; a listing gone before: "gone"', async ({
    configure,
    openExtensionPage,
    demo,
    serviceWorker,
  }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    // N = 30 min, and listings ending in 10: due as soon as they are set.
    await saveSettingsFrom(popup, { reminderMinutes: 30 });
    const kept = demo.addListing({
      seller: 'Notch',
      material: 'EMERALD',
      display_name: 'Reminder Gem',
      amount: 1,
      price: 777,
      expires_in_seconds: 600,
    });
    const sold = demo.addListing({
      seller: 'Notch',
      material: 'EMERALD',
      display_name: 'Reminder Gem',
      amount: 1,
      price: 888,
      expires_in_seconds: 660,
    });
    await recordNotifications(serviceWorker);
    await showTab(popup, 'Auctions');
    const results = popup.getByRole('region', { name: 'Auction listings' });
    await popup.getByRole('searchbox', { name: 'Search auctions' }).fill('Reminder Gem');
    await expect(results.getByRole('listitem')).toHaveCount(2);
    const remind = results.getByRole('button', { name: 'Remind me before Reminder Gem by Notch ends' });
    await expect(remind).toHaveCount(2);
    expect(await notificationsShown(serviceWorker)).toEqual([]);

    // The first listing (sorted by Recent: the one added last, `sold`, comes first).
    const keptButton = results
      .getByRole('listitem')
      .filter({ hasText: '777' })
      .getByRole('button', { name: /^Remind me/ });
    const searchesBefore = demo.log().filter((entry) => entry.query.item === 'Notch').length;
    await keptButton.click();
    await expect(keptButton).toHaveAttribute('aria-pressed', 'true');
    const list = popup.getByRole('region', { name: 'Reminders' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await ringReminder(serviceWorker, kept.id);
    await expect
      .poll(() => recordedNotifications(serviceWorker))
      .toEqual([{ id: `reminder:${kept.id}`, message: 'Reminder Gem by Notch ends in 10 min at 777' }]);
    await expect(list.getByText('Reminded')).toBeVisible();
    // One confirming request, by the seller's name, rung twice.
    expect(demo.log().filter((entry) => entry.query.item === 'Notch')).toHaveLength(searchesBefore + 1);

    // Sold (expired on the server) before its reminder came due: "gone".
    demo.expireListing(sold.id);
    await results
      .getByRole('listitem')
      .filter({ hasText: '888' })
      .getByRole('button', { name: /^Remind me/ })
      .click();
    await ringReminder(serviceWorker, sold.id);
    await expect
      .poll(async () => (await recordedNotifications(serviceWorker)).at(-1))
      .toEqual({ id: `reminder:${sold.id}`, message: 'Reminder Gem by Notch is gone: sold or cancelled' });
    await expect(list.getByText('Gone: sold or cancelled')).toBeVisible();
    // The list and the pressed toggles, in both themes.
    for (const colorScheme of ['light', 'dark'] as const) {
      await popup.emulateMedia({ colorScheme });
      expect(await seriousViolations(popup), colorScheme).toEqual([]);
    }
    // Created, read from the recorded calls: Chromium drops a shown notification from getAll()
    // once it times out, which the axe checks above can outlast on a busy machine.
    expect((await recordedNotifications(serviceWorker)).map((shown) => shown.id)).toEqual(
      expect.arrayContaining([`reminder:${kept.id}`, `reminder:${sold.id}`]),
    );

    // Removed from the list: the toggle is off again.
    await list.getByRole('button', { name: 'Remove the reminder for Reminder Gem by Notch' }).first().click();
    await expect(list.getByRole('listitem')).toHaveCount(1);
  });
});

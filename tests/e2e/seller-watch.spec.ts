import type { Worker } from '@playwright/test';
import { seriousViolations } from './axe-helpers';
import { expect, test } from './fixtures';
import { openConfiguredPopup, showTab } from './popup-helpers';
import { fireSchedulerAlarmUntil } from './scheduler-helpers';

/**
 * Every notification the extension created since `recordNotifications`, by id: the browser may
 * close one on its own a few seconds later, so what it still shows cannot tell "announced once".
 */
function notificationIds(serviceWorker: Worker): Promise<string[]> {
  return serviceWorker.evaluate(() => [...((globalThis as { shownIds?: string[] }).shownIds ?? [])]);
}

function recordNotifications(serviceWorker: Worker): Promise<void> {
  return serviceWorker.evaluate(() => {
    const api = chrome.notifications as unknown as { create: (id: string, ...rest: unknown[]) => unknown };
    const create = api.create.bind(api);
    const shown: string[] = [];
    (globalThis as { shownIds?: string[] }).shownIds = shown;
    api.create = (id, ...rest) => {
      shown.push(id);
      return create(id, ...rest);
    };
  });
}

test.describe('seller watch (issue 34)', () => {
  test.describe.configure({ timeout: 90_000 });

  test("a seller's new listing is announced once, and one removed before its end is shown as gone", async ({
    configure,
    openExtensionPage,
    demo,
    serviceWorker,
  }) => {
    const seller = 'Notch';
    const listing = { seller, material: 'DIAMOND', display_name: '', amount: 1, price: 100 };
    demo.addListing(listing);
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await recordNotifications(serviceWorker);
    await showTab(popup, 'Auctions');
    await popup.getByRole('searchbox', { name: 'Search auctions' }).fill(seller);
    const results = popup.getByRole('region', { name: 'Auction listings' });
    await expect.poll(() => demo.log().some((entry) => entry.query.item === seller)).toBe(true);
    await expect(results).toHaveAttribute('aria-busy', 'false');

    const watch = results.getByRole('button', { name: `Watch auctions by ${seller}` }).first();
    await expect(watch).toHaveAttribute('aria-pressed', 'false');
    await watch.click();
    await expect(watch).toHaveAttribute('aria-pressed', 'true');

    const checks = () =>
      demo.log().filter((entry) => entry.query.item === seller && entry.query.sort === 'recent');
    const checkOnce = async () => {
      const before = checks().length;
      await fireSchedulerAlarmUntil(serviceWorker, () => checks().length > before, 6);
    };
    // The first check is quiet: what is listed when watching is not new.
    await checkOnce();
    expect(await notificationIds(serviceWorker)).toEqual([]);

    const added = demo.addListing({ ...listing, display_name: 'Shiny Diamond', price: 50 });
    await checkOnce();
    await expect.poll(() => notificationIds(serviceWorker)).toHaveLength(1);
    const [id] = await notificationIds(serviceWorker);
    expect(id).toMatch(/^saved-search:/);
    // Checked again: announced already.
    await checkOnce();
    expect(await notificationIds(serviceWorker)).toHaveLength(1);

    demo.expireListing(added.id);
    await checkOnce();
    await popup.locator('[aria-controls="saved-search-list"]').click();
    const saved = popup.getByRole('listitem', { name: `Auctions by ${seller}` });
    const gone = saved.getByRole('list', { name: 'Recently gone' });
    await expect(
      gone.getByText(/^1 × Shiny Diamond for 50, .*gone before its end \(sold or cancelled\)$/),
    ).toBeVisible();
    expect(await notificationIds(serviceWorker)).toHaveLength(1);
    // The toggles on every row and the seller's view: no serious accessibility violation.
    expect(await seriousViolations(popup)).toEqual([]);
  });
});

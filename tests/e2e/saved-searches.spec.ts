import type { Worker } from '@playwright/test';
import { seriousViolations } from './axe-helpers';
import { expect, test } from './fixtures';
import { HOUR_MS, historyRecords, putHistoryRecords } from './history-helpers';
import { recordedNotifications, recordNotifications } from './notification-helpers';
import { openConfiguredPopup, showTab } from './popup-helpers';

/** The ids of the notifications the worker created since recordNotifications. */
async function notificationIds(serviceWorker: Worker): Promise<string[]> {
  return (await recordedNotifications(serviceWorker)).map((shown) => shown.id);
}

test.describe('saved auction searches and alerts', () => {
  test.describe.configure({ timeout: 90_000 });

  test('save a search, set an alert, one notification per new cheaper listing, a chart once checks span an hour', async ({
    configure,
    openExtensionPage,
    demo,
    serviceWorker,
  }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await recordNotifications(serviceWorker);
    await showTab(popup, 'Auctions');
    const results = popup.getByRole('region', { name: 'Auction listings' });
    await popup.getByRole('searchbox', { name: 'Search auctions' }).fill('diamond');
    await expect.poll(() => demo.log().some((entry) => entry.query.item === 'diamond')).toBe(true);
    await expect(results).toHaveAttribute('aria-busy', 'false');

    await popup.getByRole('button', { name: 'Save search' }).click();
    await expect(popup.getByText('Saved: it is listed under Saved searches.')).toBeVisible();
    const saved = popup.getByRole('listitem', { name: 'diamond (Recent)' });
    await expect(saved).toBeVisible();
    await expect(saved.getByText('Not checked yet: press Check now.')).toBeVisible();

    // Below every seeded listing (the demo's cheapest is 1 for a stack of 64): only ours will match.
    await saved.getByText('Alert for new listings').click();
    await saved.getByLabel('Alert below').fill('0.01');
    await saved.getByRole('button', { name: 'Set alert' }).click();
    await expect(saved.getByText(/^Alert set: new listings below 0\.01 each/)).toBeVisible();
    await expect(saved.getByText(/^Lowest .* each · .* listings · checked just now$/)).toBeVisible();
    expect(await notificationIds(serviceWorker)).toEqual([]);

    const added = demo.addListing({
      seller: 'Notch',
      material: 'DIAMOND',
      display_name: '&bShiny &lDiamond',
      amount: 64,
      price: 0.5,
    });
    await saved.getByRole('button', { name: 'Check now' }).click();
    await expect.poll(() => notificationIds(serviceWorker)).toHaveLength(1);
    const [id] = await notificationIds(serviceWorker);
    expect(id).toMatch(/^saved-search:/);
    await expect(saved.getByText(/^Lowest 0\.01 each/)).toBeVisible();

    // Checked again: the listing was announced already.
    const requests = demo.log().length;
    await saved.getByRole('button', { name: 'Check now' }).click();
    await expect.poll(() => demo.log().length).toBeGreaterThan(requests);
    await expect(saved.getByRole('button', { name: 'Check now' })).toBeEnabled();
    expect(await notificationIds(serviceWorker)).toHaveLength(1);
    // The newest listings: every one that appeared since is in them (check-outcome.ts).
    expect(demo.log().at(-1)?.query).toMatchObject({ item: 'diamond', sort: 'recent' });

    await saved.getByText('Price history').click();
    // Three checks within a minute: no vertical line, the figures of the most listed item in words.
    await expect(saved.getByText(/^Collecting data: the chart appears after a few checks/)).toBeVisible();
    await expect(
      saved.getByText(/^.+: lowest price .+ each \(now .+\), median .+, last checked .+\.$/),
    ).toBeVisible();
    await expect(saved.locator('canvas')).toHaveCount(0);

    // Checks over the hours before: copies of the latest point, earlier.
    const points = await historyRecords<{ time: number }>(popup, 'pricePoints');
    const latest = points.reduce((a, b) => (a.time > b.time ? a : b));
    await putHistoryRecords(
      popup,
      'pricePoints',
      [3, 2].map((hours) => ({ ...latest, time: latest.time - hours * HOUR_MS })),
    );
    await saved.getByRole('radio', { name: 'last 7 days' }).check();
    const chart = saved.getByRole('img', {
      name: /^Price per item for “diamond”, last 7 days\. .+: lowest price .+ each/,
    });
    await expect(chart).toBeVisible();
    await expect(saved.locator('canvas')).toHaveCount(1);
    // The crosshair reads the point under the pointer in words (uPlot's "Time: —" legend is gone).
    const readout = saved.locator('.time-chart__readout');
    await expect(readout).toContainText(/Lowest .+Median /);
    const latestReading = await readout.textContent();
    const box = await chart.boundingBox();
    if (!box) throw new Error('the chart has no box');
    await chart.hover({ position: { x: box.width * 0.3, y: box.height / 2 } });
    await expect(readout).not.toHaveText(latestReading ?? '');
    await expect(saved.getByText(/Time:|--/)).toHaveCount(0);
    for (const colorScheme of ['light', 'dark'] as const) {
      await popup.emulateMedia({ colorScheme });
      expect(await seriousViolations(popup), colorScheme).toEqual([]);
    }
    await saved.getByRole('radio', { name: 'last 24 hours' }).check();
    await expect(saved.getByRole('img', { name: /last 24 hours/ })).toBeVisible();

    const download = popup.waitForEvent('download');
    await saved.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^price-history-diamond-\d{4}-\d\d-\d\d\.csv$/);

    // The listing leaves; removing the search forgets it.
    demo.expireListing(added.id);
    await saved.getByRole('button', { name: 'Remove' }).click();
    await expect(popup.getByText('No saved searches yet.', { exact: false })).toBeVisible();
  });

  test('clicking a saved search runs it (dark theme)', async ({ configure, openExtensionPage }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await popup.emulateMedia({ colorScheme: 'dark' });
    await showTab(popup, 'Auctions');
    const field = popup.getByRole('searchbox', { name: 'Search auctions' });
    await field.fill('sword');
    await popup.getByRole('button', { name: 'Save search' }).click();
    await field.fill('');
    const saved = popup.getByRole('listitem', { name: 'sword (Recent)' });
    await saved.getByText('Price history').click();
    await expect(saved.getByText(/^No data yet\. Each check records the prices/)).toBeVisible();
    expect(await seriousViolations(popup)).toEqual([]);
    await saved.getByRole('button', { name: 'sword (Recent)' }).click();
    await expect(field).toHaveValue('sword');
  });

  test('Check now during a 429 pause says how long to wait and sends nothing', async ({
    configure,
    openExtensionPage,
    demo,
  }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await showTab(popup, 'Auctions');
    await popup.getByRole('searchbox', { name: 'Search auctions' }).fill('gold');
    await popup.getByRole('button', { name: 'Save search' }).click();
    const saved = popup.getByRole('listitem', { name: 'gold (Recent)' });

    demo.faults.rateLimited = { retryAfter: '60' };
    await saved.getByRole('button', { name: 'Check now' }).click();
    await expect(saved.getByRole('alert')).toContainText(/Too many requests/);
    demo.faults.rateLimited = null;
    demo.clearLog();
    await saved.getByRole('button', { name: 'Check now' }).click();
    await expect(saved.getByRole('alert')).toContainText(/Too many requests/);
    await expect(saved.getByRole('button', { name: 'Check now' })).toBeEnabled();
    expect(demo.log()).toEqual([]);
  });

  test('a saved search run from the list: the list and the saved search count the same listings', async ({
    configure,
    openExtensionPage,
    demo,
  }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await showTab(popup, 'Auctions');
    const results = popup.getByRole('region', { name: 'Auction listings' });
    await popup.getByRole('searchbox', { name: 'Search auctions' }).fill('diamond');
    await expect.poll(() => demo.log().some((entry) => entry.query.item === 'diamond')).toBe(true);
    await expect(results).toHaveAttribute('aria-busy', 'false');
    await popup.getByRole('button', { name: 'Save search' }).click();
    const saved = popup.getByRole('listitem', { name: 'diamond (Recent)' });
    await saved.getByRole('button', { name: 'Check now' }).click();
    await expect(saved.getByText(/ listings · checked just now$/)).toBeVisible();

    // Listed since that check: the saved search's count is older than the list's next answer.
    for (const price of [11, 12, 13])
      demo.addListing({ seller: 'Notch', material: 'DIAMOND', display_name: '', amount: 1, price });
    await saved.getByRole('button', { name: 'diamond (Recent)' }).click();
    // Run: the saved searches fold, the listings get the room.
    const toggle = popup.locator('[aria-controls="saved-search-list"]');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(results).toHaveAttribute('aria-busy', 'false');
    const listed = Number(
      (await results.getByText(/ of [\d,]+ listings$/).textContent())
        ?.match(/of ([\d,]+)/)?.[1]
        ?.replaceAll(',', ''),
    );

    await toggle.click();
    await expect(saved.getByText(/ listings · checked just now$/)).toBeVisible();
    const counted = Number(
      (await saved.getByText(/ listings · checked /).textContent())
        ?.match(/([\d,]+) listings/)?.[1]
        ?.replaceAll(',', ''),
    );
    expect(counted).toBe(listed);
  });
});

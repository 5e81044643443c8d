import { expect, test } from './fixtures';
import { HOUR_MS, historyRecords, putHistoryRecords } from './history-helpers';
import { openConfiguredPopup, showTab } from './popup-helpers';

const ITEM = { seller: 'notch', material: 'BARRIER', display_name: 'Barrier' } as const;

test.describe('popup: a listing’s item price history', () => {
  // Each test starts a browser and a demo server; allow for a busy machine.
  test.describe.configure({ timeout: 60_000 });

  test('opens from a listing, charts the recorded asking prices of its item, and Back keeps the results', async ({
    configure,
    openExtensionPage,
    demo,
  }) => {
    demo.seedMarket({ ...ITEM, prices: [100, 100, 40] });
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await showTab(popup, 'Auctions');
    const results = popup.getByRole('region', { name: 'Auction listings' });
    await popup.getByRole('searchbox', { name: 'Search auctions' }).fill('barrier');
    await expect(results.getByText('3 of 3 listings')).toBeVisible();
    // The background records the answer (its own write, not the popup's): wait for its rows.
    await expect
      .poll(
        async () =>
          (await historyRecords<{ material: string }>(popup, 'listings')).filter(
            (row) => row.material === 'BARRIER',
          ).length,
      )
      .toBe(3);
    // Hours cannot pass in a test: earlier listings of the same item, and one of another name.
    const now = Date.now();
    await putHistoryRecords(popup, 'listings', [
      { id: 900_001, time: now - 5 * HOUR_MS, material: 'BARRIER', name: 'Barrier', perItem: 80 },
      { id: 900_002, time: now - 3 * HOUR_MS, material: 'BARRIER', name: 'Barrier', perItem: 90 },
      { id: 900_003, time: now - 3 * HOUR_MS, material: 'BARRIER', name: 'Old barrier', perItem: 1 },
    ]);

    await results.getByRole('button', { name: 'Price history of Barrier' }).first().click();
    await expect(popup.getByRole('heading', { name: 'Price history: Barrier' })).toBeVisible();
    await expect(popup.getByText(/^Asking prices, not sales/)).toBeVisible();
    await expect(popup.getByRole('img', { name: /^Barrier, last 24 hours\./ })).toHaveAttribute(
      'aria-label',
      /Barrier: lowest asking price from 40 to 90 each \(now 40\), median from 80 to 100 \(now 100\), last seen /,
    );
    await popup.getByRole('radio', { name: 'last 30 days' }).check();
    // A day to a point: drawn, or collecting when these hours fall on one UTC day.
    await expect(popup.getByText('Barrier, last 30 days', { exact: true })).toBeVisible();

    await popup.getByRole('button', { name: /Back to the results/ }).click();
    await expect(results.getByText('3 of 3 listings')).toBeVisible();
    await expect(results.getByRole('button', { name: 'Price history of Barrier' }).first()).toBeFocused();
    // The history cost no request, and Back did not search again.
    const searched = demo
      .log()
      .filter((entry) => entry.path.startsWith('/api/auction'))
      .map((entry) => entry.query.item ?? '');
    expect(searched).toEqual(['', 'barrier']);
  });
});

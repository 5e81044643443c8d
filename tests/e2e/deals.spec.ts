import { expect, test } from './fixtures';
import { openConfiguredPopup, showTab } from './popup-helpers';

const ITEM = { seller: 'notch', material: 'BARRIER', display_name: 'Barrier' } as const;

test.describe('popup: deals in the Auctions tab', () => {
  // Each test starts a browser and a demo server; allow for a busy machine.
  test.describe.configure({ timeout: 60_000 });

  test('quiet under ten listings seen; a deal marked with its figure once enough were recorded; Deals only', async ({
    configure,
    openExtensionPage,
    demo,
  }) => {
    demo.seedMarket({ ...ITEM, prices: [100, 100, 100, 100, 100, 40] });
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await showTab(popup, 'Auctions');
    const results = popup.getByRole('region', { name: 'Auction listings' });
    const searchBox = popup.getByRole('searchbox', { name: 'Search auctions' });

    await searchBox.fill('barrier');
    await expect(results.getByText('6 of 6 listings')).toBeVisible();
    await expect(results).toHaveAttribute('aria-busy', 'false');
    // Six listings seen: too few to judge, so nothing is marked and Deals only says why.
    await popup.getByRole('checkbox', { name: 'Deals only' }).check();
    await expect(results.getByText(/^None of these listings is a deal/)).toBeVisible();
    await expect(results.getByRole('listitem')).toHaveCount(0);
    await popup.getByRole('checkbox', { name: 'Deals only' }).uncheck();

    // Five more: eleven recorded, median 100. Another spelling is another cache key: a fresh answer.
    demo.seedMarket({ ...ITEM, prices: [100, 100, 100, 100, 100] });
    await searchBox.fill('BARRIER');
    await expect(results.getByText('11 of 11 listings')).toBeVisible();
    const deal = results.getByRole('listitem').filter({ hasText: 'Deal' });
    await expect(deal).toHaveCount(1);
    await expect(deal).toContainText(
      '60% below the 7-day median asking price of 100 (11 listings over 1 day)',
    );

    await popup.getByRole('checkbox', { name: 'Deals only' }).check();
    await expect(results.getByRole('listitem')).toHaveCount(1);
    await expect(results.getByRole('listitem')).toContainText('40');
    // The figures cost no request: one search per query (the tab's first, empty one included).
    const searched = demo
      .log()
      .filter((entry) => entry.path.startsWith('/api/auction'))
      .map((entry) => entry.query.item ?? '');
    expect(searched).toEqual(['', 'barrier', 'BARRIER']);
  });
});

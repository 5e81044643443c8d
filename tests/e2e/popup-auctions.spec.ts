import { expect, test } from './fixtures';
import { openConfiguredPopup, showTab } from './popup-helpers';

test.describe('popup: Auctions tab', () => {
  // Each test starts a browser and a demo server; allow for a busy machine.
  test.describe.configure({ timeout: 60_000 });

  test('lists current auctions, searches as you type, sorts and loads more', async ({
    configure,
    openExtensionPage,
    demo,
  }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await showTab(popup, 'Auctions');
    const results = popup.getByRole('region', { name: 'Auction listings' });
    await expect(results.getByText(/^\d+ of [\d,]+ listings$/)).toBeVisible();
    await expect(results.getByRole('listitem').first()).toBeVisible();
    await expect(popup.getByText(/^New listings show up here/)).toBeHidden();
    await popup.getByText('A new listing is missing?').click();
    await expect(popup.getByText(/^New listings show up here/)).toBeVisible();

    const first = results.getByRole('listitem').first();
    await expect(first.getByText(/^Ends in /)).toBeVisible();
    await expect(first.getByText(/^Listed /)).toBeVisible();
    await expect(first.getByText(/^Seller/)).toBeVisible();

    await popup.getByRole('searchbox', { name: 'Search auctions' }).fill('diamond');
    await expect.poll(() => demo.log().some((entry) => entry.query.item === 'diamond')).toBe(true);
    await expect(results).toHaveAttribute('aria-busy', 'false');
    const items = results.getByRole('listitem');
    const count = await items.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < Math.min(count, 5); i += 1) {
      await expect(items.nth(i)).toContainText(/diamond/i);
    }

    await popup.getByRole('combobox', { name: 'Sort' }).selectOption({ label: 'Cheapest' });
    await expect.poll(() => demo.log().at(-1)?.query).toMatchObject({ item: 'diamond', sort: 'cheap' });
    await expect(results).toHaveAttribute('aria-busy', 'false');

    await popup.getByRole('searchbox', { name: 'Search auctions' }).fill('');
    await expect(results.getByText(/^50 of [\d,]+ listings$/)).toBeVisible();
    await results.getByRole('button', { name: 'Load more' }).click();
    await expect(results.getByText(/^100 of [\d,]+ listings$/)).toBeVisible();
    expect(demo.log().at(-1)?.query.limit).toBe('100');
  });

  test('a numeric query explains the 10% price window', async ({ configure, openExtensionPage }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await showTab(popup, 'Auctions');
    await popup.getByRole('searchbox', { name: 'Search auctions' }).fill('1000');
    await expect(popup.getByText('Searching prices within 10% of 1,000 (900 to 1,100).')).toBeVisible();
  });

  test('a renamed item shows its display name in colour and its item type', async ({
    configure,
    openExtensionPage,
  }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    let dialogs = 0;
    popup.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    await showTab(popup, 'Auctions');
    await popup.getByRole('searchbox', { name: 'Search auctions' }).fill('Hostile_Rank');
    const listing = popup.getByRole('listitem').filter({ hasText: 'Cursed' }).first();
    await expect(listing).toContainText('<b>Blade</b>');
    await expect(listing).not.toContainText('&6');
    await expect(listing.locator('img, b')).toHaveCount(0);
    expect(dialogs).toBe(0);
  });

  test('activating a seller opens their player view', async ({ configure, openExtensionPage }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await showTab(popup, 'Auctions');
    // The seller's button, not the item's Price history, Watch auctions or Remind me.
    const seller = popup
      .getByRole('listitem')
      .first()
      .getByRole('button', { name: /^(?!Price history|Watch auctions|Remind me)/ });
    const name = (await seller.textContent()) ?? '';
    await seller.click();
    await expect(popup.getByRole('tab', { name: 'Player' })).toHaveAttribute('aria-selected', 'true');
    await expect(popup.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(popup.getByLabel('Player name or UUID')).toHaveValue(name);
  });

  test('a slow answer to an old query never replaces the newer one', async ({
    configure,
    openExtensionPage,
    demo,
  }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await showTab(popup, 'Auctions');
    const results = popup.getByRole('region', { name: 'Auction listings' });
    const searchBox = popup.getByRole('searchbox', { name: 'Search auctions' });
    await expect(results.getByRole('listitem').first()).toBeVisible();
    await expect(results).toHaveAttribute('aria-busy', 'false');

    // The demo logs a request once answered; to know when the slow one has *arrived*, watch
    // the fault check every API request goes through (the switches are read at arrival).
    let slowArrived = false;
    const covers = demo.faults.covers.bind(demo.faults);
    demo.faults.covers = (endpoint) => {
      if (endpoint === 'auction' && demo.faults.latencyMs > 0) slowArrived = true;
      return covers(endpoint);
    };
    demo.faults.endpoints = ['auction'];
    // Long enough that 'gold' is answered first even on a busy machine.
    demo.faults.latencyMs = 8000;
    await searchBox.fill('diamond');
    await expect.poll(() => slowArrived).toBe(true);

    demo.faults.latencyMs = 0;
    await searchBox.fill('gold');
    await expect.poll(() => demo.log().some((entry) => entry.query.item === 'gold')).toBe(true);
    await expect(results).toHaveAttribute('aria-busy', 'false');
    await expect(results.getByRole('listitem').first()).toContainText(/gold/i);
    // The race really happened: the older query is still unanswered.
    expect(demo.log().some((entry) => entry.query.item === 'diamond')).toBe(false);

    // Now the slow diamond answer lands; give the dropped reply a moment to reach the popup.
    await expect
      .poll(() => demo.log().some((entry) => entry.query.item === 'diamond'), { timeout: 15_000 })
      .toBe(true);
    await popup.waitForTimeout(500);
    await expect(results).toHaveAttribute('aria-busy', 'false');
    const items = results.getByRole('listitem');
    const count = await items.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i += 1) await expect(items.nth(i)).toContainText(/gold/i);
    await expect(searchBox).toHaveValue('gold');
  });

  test('503: the auction house is unavailable, with a retry; other tabs keep working', async ({
    configure,
    openExtensionPage,
    demo,
  }) => {
    demo.faults.auctionUnavailable = true;
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await showTab(popup, 'Auctions');
    const alert = popup.getByRole('alert');
    await expect(alert).toContainText('The auction house is unavailable right now.');

    await showTab(popup, 'Leaderboard');
    await expect(popup.getByRole('list').getByRole('listitem').first()).toBeVisible();
    await showTab(popup, 'Player');
    await popup.getByLabel('Player name or UUID').fill('Steve');
    await popup.getByLabel('Player name or UUID').press('Enter');
    await expect(popup.getByRole('heading', { name: 'Steve' })).toBeVisible();

    demo.faults.auctionUnavailable = false;
    await showTab(popup, 'Auctions');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(
      popup.getByRole('region', { name: 'Auction listings' }).getByRole('listitem').first(),
    ).toBeVisible();
  });

  test('remembers the query and sort when reopened', async ({ configure, openExtensionPage }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await showTab(popup, 'Auctions');
    await popup.getByRole('searchbox', { name: 'Search auctions' }).fill('sword');
    await popup.getByRole('combobox', { name: 'Sort' }).selectOption({ label: 'Most expensive' });
    await expect(popup.getByRole('region', { name: 'Auction listings' })).toHaveAttribute(
      'aria-busy',
      'false',
    );
    await popup.close();

    const again = await openExtensionPage('popup.html');
    await expect(again.getByRole('tab', { name: 'Auctions' })).toHaveAttribute('aria-selected', 'true');
    await expect(again.getByRole('searchbox', { name: 'Search auctions' })).toHaveValue('sword');
    await expect(again.getByRole('combobox', { name: 'Sort' })).toHaveValue('expensive');
  });
});

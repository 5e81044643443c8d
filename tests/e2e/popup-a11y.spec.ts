import { seriousViolations } from './axe-helpers';
import { expect, test } from './fixtures';
import { lookUp, openConfiguredPopup, showTab } from './popup-helpers';

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`popup accessibility (${colorScheme})`, () => {
    test.describe.configure({ timeout: 60_000 });

    test('every tab, with data, has no serious violations', async ({ configure, openExtensionPage }) => {
      const popup = await openConfiguredPopup({ configure, openExtensionPage });
      await popup.emulateMedia({ colorScheme });
      await expect(popup.getByText(/^[\d,]+ online$/)).toBeVisible();

      await lookUp(popup, 'Steve');
      await expect(popup.getByRole('heading', { name: 'Steve' })).toBeVisible();
      expect(await seriousViolations(popup)).toEqual([]);

      await showTab(popup, 'Auctions');
      await popup.getByRole('searchbox', { name: 'Search auctions' }).fill('Hostile_Rank');
      await expect(
        popup.getByRole('region', { name: 'Auction listings' }).getByRole('listitem').first(),
      ).toBeVisible();
      await expect(popup.getByRole('region', { name: 'Auction listings' })).toHaveAttribute(
        'aria-busy',
        'false',
      );
      expect(await seriousViolations(popup)).toEqual([]);

      await showTab(popup, 'Leaderboard');
      await expect(
        popup.getByRole('region', { name: 'Balance leaderboard' }).getByRole('listitem'),
      ).toHaveCount(10);
      expect(await seriousViolations(popup)).toEqual([]);
    });

    test('errors and the inline validation message have no serious violations', async ({
      configure,
      openExtensionPage,
      demo,
    }) => {
      const popup = await openConfiguredPopup({ configure, openExtensionPage });
      await popup.emulateMedia({ colorScheme });
      await lookUp(popup, 'x');
      await expect(popup.getByLabel('Player name or UUID')).toHaveAttribute('aria-invalid', 'true');
      expect(await seriousViolations(popup)).toEqual([]);

      demo.faults.auctionUnavailable = true;
      await showTab(popup, 'Auctions');
      await expect(popup.getByRole('alert')).toBeVisible();
      expect(await seriousViolations(popup)).toEqual([]);
    });

    test('the setup prompt has no serious violations', async ({ openExtensionPage }) => {
      const popup = await openExtensionPage('popup.html');
      await popup.setViewportSize({ width: 380, height: 600 });
      await popup.emulateMedia({ colorScheme });
      await expect(popup.getByRole('button', { name: 'Open options to add your API key' })).toBeVisible();
      expect(await seriousViolations(popup)).toEqual([]);
    });
  });
}

test.describe('popup keyboard paths', () => {
  test.describe.configure({ timeout: 60_000 });

  test('arrow keys move between tabs; / and Escape work on the auction search', async ({
    configure,
    openExtensionPage,
  }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await popup.getByRole('tab', { name: 'Player' }).focus();
    await popup.keyboard.press('ArrowRight');
    await expect(popup.getByRole('tab', { name: 'Auctions' })).toBeFocused();
    await expect(popup.getByRole('tab', { name: 'Auctions' })).toHaveAttribute('aria-selected', 'true');
    await expect(popup.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', 'tab-auctions');
    await popup.keyboard.press('ArrowRight');
    await expect(popup.getByRole('tab', { name: 'Leaderboard' })).toBeFocused();
    await popup.keyboard.press('ArrowRight');
    await expect(popup.getByRole('tab', { name: 'Watchlist' })).toBeFocused();
    await popup.keyboard.press('ArrowRight');
    await expect(popup.getByRole('tab', { name: 'Player' })).toBeFocused();
    await popup.keyboard.press('ArrowLeft');
    await popup.keyboard.press('ArrowLeft');
    await expect(popup.getByRole('tab', { name: 'Leaderboard' })).toHaveAttribute('aria-selected', 'true');

    // From the leaderboard, / goes to the auction search.
    await popup.keyboard.press('/');
    const search = popup.getByRole('searchbox', { name: 'Search auctions' });
    await expect(search).toBeFocused();
    await popup.keyboard.type('gold');
    await expect(search).toHaveValue('gold');
    await popup.keyboard.press('Escape');
    await expect(search).toHaveValue('');
  });
});

import { expect, test } from './fixtures';
import { addForumSite } from './forum-helpers';

/**
 * Watching from a forum hover card: the card's Watch toggle asks the background through the
 * three watch messages a content script may send, and the popup's Watchlist tab shows the player.
 */

test.describe('the watchlist from a hover card', () => {
  test.beforeEach(async ({ configure, openExtensionPage, serviceWorker, demo }) => {
    await configure();
    await addForumSite(openExtensionPage, serviceWorker, demo.url);
  });

  test('Watch on a hover card watches the player; the toggle and the Watchlist tab say so', async ({
    context,
    openExtensionPage,
    demo,
  }) => {
    const page = await context.newPage();
    await page.goto(`${demo.url}/forum/xenforo`);
    await page.locator('#thread-posts').getByText('Steve', { exact: true }).first().hover();
    const card = page.getByRole('dialog', { name: 'Steve' });
    await expect(card).toBeVisible();
    const watch = card.getByRole('button', { name: 'Watch' });
    await expect(watch).toHaveAttribute('aria-pressed', 'false');
    await watch.click();
    await expect(watch).toHaveAttribute('aria-pressed', 'true');

    const popup = await openExtensionPage('popup.html');
    await popup.getByRole('tab', { name: 'Watchlist' }).click();
    const item = popup.getByRole('list', { name: 'Watched players' }).getByRole('listitem');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Steve');
    // The card's answer was observed when watching: no extra request for it.
    await expect(item).toContainText(/Online|Offline/);

    // Unwatched from the card again.
    await watch.click();
    await expect(watch).toHaveAttribute('aria-pressed', 'false');
    await expect(popup.getByText(/not watching anyone yet/)).toBeVisible();
  });
});

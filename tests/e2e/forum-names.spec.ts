import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addForumSite } from './forum-helpers';

/**
 * What real forums do that the engine demo pages do not: members shown by display names
 * (the card looks up the account behind the name and shows the name the forum used), and
 * posts linking to other sites under `/u/…` and `/profile/…` paths (no card, no request).
 */

/** The default hover delay (300 ms) plus room for a reply; how long "no card" is waited for. */
const NO_CARD_WAIT_MS = 1_200;

function posts(page: Page): Locator {
  return page.locator('#thread-posts');
}

function card(page: Page, name: string): Locator {
  return page.getByRole('dialog', { name });
}

function playerRequests(demo: { log(): { endpoint: string; path: string }[] }) {
  return demo.log().filter((entry) => entry.endpoint === 'player');
}

test.describe('forum names', () => {
  test.beforeEach(async ({ configure, openExtensionPage, serviceWorker, demo }) => {
    await configure();
    await addForumSite(openExtensionPage, serviceWorker, demo.url);
  });

  test('a display name opens the card of the player behind it, with the name the forum used', async ({
    context,
    demo,
  }) => {
    const page = await context.newPage();
    await page.goto(`${demo.url}/forum/display-names`);

    await posts(page).getByText('Alex the Builder', { exact: true }).first().hover();
    const alex = card(page, 'Alex');
    await expect(alex).toBeVisible();
    await expect(alex.getByRole('heading', { name: 'Alex' })).toBeVisible();
    await expect(alex).toContainText('Shown on this forum as “Alex the Builder”');
    await page.mouse.move(5, 5);
    await expect(alex).toBeHidden();

    // The liked-by line calls the viewer "You": the card is the account the link leads to.
    await posts(page).getByRole('link', { name: 'You', exact: true }).hover();
    const notch = card(page, 'Notch');
    await expect(notch).toBeVisible();
    await expect(notch).toContainText('Shown on this forum as “You”');
    await page.mouse.move(5, 5);
    await expect(notch).toBeHidden();

    // Keyboard focus on a mention of a display name.
    const mention = posts(page).getByRole('link', { name: '@Steve the Admin', exact: true });
    await mention.focus();
    const steve = card(page, 'Steve');
    await expect(steve).toBeVisible();
    await expect(steve).toContainText('Shown on this forum as “Steve the Admin”');
    await page.keyboard.press('Escape');
    await expect(steve).toBeHidden();
    await expect(mention).toBeFocused();

    // The card opens (loading) before its answer is logged: wait for the log, not the card.
    await expect
      .poll(() => playerRequests(demo).map((entry) => entry.path))
      .toEqual(['/api/player/Alex', '/api/player/Notch', '/api/player/Steve']);
  });

  test('links in posts to other sites open no card and send nothing; a member link still does', async ({
    context,
    demo,
  }) => {
    const page = await context.newPage();
    await page.goto(`${demo.url}/forum/outside-links`);
    for (const text of ['here', 'Notch', 'Steve']) {
      const link = posts(page).getByRole('link', { name: text, exact: true });
      await link.hover();
      await page.waitForTimeout(NO_CARD_WAIT_MS / 2);
      await link.focus();
      await page.waitForTimeout(NO_CARD_WAIT_MS / 2);
    }
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(playerRequests(demo)).toEqual([]);

    await posts(page).getByRole('link', { name: 'Alex', exact: true }).hover();
    await expect(card(page, 'Alex')).toBeVisible();
    await expect.poll(() => playerRequests(demo).map((entry) => entry.path)).toEqual(['/api/player/Alex']);
  });
});

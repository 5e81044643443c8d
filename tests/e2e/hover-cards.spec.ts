import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { analyzeOffTheClock } from './axe-helpers';
import { expect, test } from './fixtures';
import { addForumSite } from './forum-helpers';
import { historyRecords } from './history-helpers';
import { checkInBackgroundUntil, watchByMessage, watchlistSettings } from './watchlist-helpers';

/**
 * Forum hover cards in Chromium against the demo forum pages: the extension is pointed at
 * the demo API, the demo's origin is added as a forum site (so the background registers the
 * content script there), and usernames are hovered and focused as a user would.
 */

const ENGINES = ['xenforo', 'discourse', 'phpbb', 'namelessmc', 'flarum'] as const;
/** The default hover delay (300 ms) plus room for the reply; how long "no card" is waited for. */
const NO_CARD_WAIT_MS = 1_200;
/** A username as the page shows it, inside the thread (not the sidebar). */
function username(page: Page, name: string): Locator {
  return page.locator('#thread-posts').getByText(name, { exact: true }).first();
}

function card(page: Page, name: string): Locator {
  return page.getByRole('dialog', { name });
}

/** A watched player's status as the background keeps it (utils/watchlist/status.ts). */
function statusOf(page: Page, uuid: string): Promise<{ online: boolean; onlineSince?: number } | undefined> {
  return page.evaluate(async (uuid) => {
    const { watchlistStatus } = await chrome.storage.local.get('watchlistStatus');
    return (watchlistStatus as Record<string, { online: boolean; onlineSince?: number }> | undefined)?.[uuid];
  }, uuid.toLowerCase());
}

function playerRequests(demo: { log(): { endpoint: string; path: string }[] }) {
  return demo.log().filter((entry) => entry.endpoint === 'player');
}

/** Moves the mouse to an empty corner of the page, away from names and the card. */
async function moveAway(page: Page): Promise<void> {
  await page.mouse.move(5, 5);
}

test.describe('forum hover cards', () => {
  test.beforeEach(async ({ configure, openExtensionPage, serviceWorker, demo }) => {
    await configure();
    await addForumSite(openExtensionPage, serviceWorker, demo.url);
  });

  for (const engine of ENGINES) {
    test(`${engine}: hovering a username opens the right player's card`, async ({ context, demo }) => {
      const page = await context.newPage();
      await page.goto(`${demo.url}/forum/${engine}`);
      await username(page, 'Steve').hover();
      const dialog = card(page, 'Steve');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('heading', { name: 'Steve' })).toBeVisible();
      await expect(dialog).toContainText('ADMIN');
      await expect(dialog).toContainText('Online');
      await expect(dialog).toContainText('K/D');
      await expect(dialog.getByRole('button', { name: 'Open in popup' })).toBeVisible();
      expect(playerRequests(demo).map((entry) => entry.path)).toEqual(['/api/player/Steve']);
    });
  }

  test("a mention opens the mentioned player's card", async ({ context, demo }) => {
    const page = await context.newPage();
    for (const engine of ['discourse', 'flarum'] as const) {
      await page.goto(`${demo.url}/forum/${engine}`);
      await page.locator('#thread-posts').getByText('@Notch', { exact: true }).first().hover();
      await expect(card(page, 'Notch')).toBeVisible();
      await expect(card(page, 'Notch').getByRole('heading', { name: 'Notch' })).toBeVisible();
    }
  });

  test('the card closes when the pointer leaves, on Escape and on a click outside', async ({
    context,
    demo,
  }) => {
    test.slow();
    const page = await context.newPage();
    await page.goto(`${demo.url}/forum/xenforo`);
    const dialog = card(page, 'Alex');

    await username(page, 'Alex').hover();
    await expect(dialog).toBeVisible();
    // Onto the card: it stays.
    await dialog.hover();
    await page.waitForTimeout(500);
    await expect(dialog).toBeVisible();
    await moveAway(page);
    await expect(dialog).toBeHidden();

    await username(page, 'Alex').hover();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await moveAway(page);
    await username(page, 'Alex').hover();
    await expect(dialog).toBeVisible();
    await dialog.hover();
    await page.mouse.click(5, 300);
    await expect(dialog).toBeHidden();
    // Only the first hover asked the API; the others were answered from memory.
    expect(playerRequests(demo)).toHaveLength(1);
  });

  test('keyboard focus opens the card; Tab enters it and Escape returns to the name', async ({
    context,
    demo,
  }) => {
    const page = await context.newPage();
    await page.goto(`${demo.url}/forum/discourse`);
    const link = page.locator('#thread-posts').getByRole('link', { name: 'Alex', exact: true }).first();
    await link.focus();
    const dialog = card(page, 'Alex');
    await expect(dialog).toBeVisible();
    // The card opens loading, with nothing to focus (Tab would go on to the page's next link):
    // Tab once it has its controls, as a keyboard user reading the card does.
    const watch = dialog.getByRole('button', { name: 'Watch' });
    await expect(watch).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(watch).toBeFocused();
    await page.keyboard.press('Tab');
    const open = dialog.getByRole('button', { name: 'Open in popup' });
    await expect(open).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(link).toBeFocused();
  });

  test('invalid names make no request and open no card', async ({ context, demo }) => {
    const page = await context.newPage();
    await page.goto(`${demo.url}/forum/phpbb`);
    for (const name of ['John Smith', 'Jo', 'ThisNameIsWayTooLong', 'Jörg']) {
      await username(page, name).hover();
      await page.waitForTimeout(NO_CARD_WAIT_MS / 2);
    }
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(playerRequests(demo)).toEqual([]);
  });

  test('a name that never joined gets a small not-found card', async ({ context, demo }) => {
    const page = await context.newPage();
    await page.goto(`${demo.url}/forum/namelessmc`);
    await username(page, 'Nobody_Here').hover();
    await expect(card(page, 'Nobody_Here')).toContainText(
      'No player named Nobody_Here has joined the network.',
    );
  });

  test('an error shows one line and is not asked again on every hover', async ({ context, demo }) => {
    test.slow();
    demo.faults.update({ rateLimited: { retryAfter: '30' } });
    const page = await context.newPage();
    await page.goto(`${demo.url}/forum/flarum`);
    for (const name of ['Steve', 'Alex', 'Notch']) {
      await username(page, name).hover();
      await expect(card(page, name)).toContainText(/Too many requests, try again in \d+ s\./);
      await moveAway(page);
      await expect(card(page, name)).toBeHidden();
    }
    expect(playerRequests(demo)).toHaveLength(1);
  });

  test('"Open in popup" opens the full view of the player in a new tab', async ({
    context,
    demo,
    extensionId,
  }) => {
    const page = await context.newPage();
    await page.goto(`${demo.url}/forum/xenforo`);
    await username(page, 'Steve').hover();
    const open = card(page, 'Steve').getByRole('button', { name: 'Open in popup' });
    const [tab] = await Promise.all([context.waitForEvent('page'), open.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(`chrome-extension://${extensionId}/popup.html?player=Steve`);
    await expect(tab.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('names added after the page loaded work', async ({ context, demo }) => {
    const page = await context.newPage();
    await page.goto(`${demo.url}/forum/xenforo?count=3`);
    await page.getByRole('button', { name: 'Load newer posts' }).click();
    await expect(page.getByRole('status')).toHaveText('3 newer posts loaded.');
    const newest = page.locator('#thread-posts article.message').last();
    const author = (await newest.getAttribute('data-author')) ?? '';
    expect(author).toMatch(/^[A-Za-z0-9_]{3,16}$/);
    await newest.locator('.message-name').getByText(author, { exact: true }).hover();
    await expect(card(page, author)).toBeVisible();
  });

  test('re-hovering names makes no new request', async ({ context, demo }) => {
    test.slow();
    const page = await context.newPage();
    await page.goto(`${demo.url}/forum/xenforo`);
    const names = ['Steve', 'Alex', 'Notch'];
    for (let round = 0; round < 2; round += 1) {
      for (const name of names) {
        await username(page, name).hover();
        await expect(card(page, name)).toBeVisible();
        await moveAway(page);
        await expect(card(page, name)).toBeHidden();
      }
    }
    expect(playerRequests(demo)).toHaveLength(names.length);
  });

  test("the card follows the page's light or dark preference", async ({ context, demo }) => {
    const page = await context.newPage();
    await page.goto(`${demo.url}/forum/discourse`);
    const background = () =>
      card(page, 'Alex')
        .locator('.player-card')
        .evaluate((element) => getComputedStyle(element).backgroundColor);
    await page.emulateMedia({ colorScheme: 'light' });
    await username(page, 'Alex').hover();
    await expect(card(page, 'Alex')).toContainText('Offline');
    expect(await background()).toBe('rgb(255, 255, 255)');
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await background()).toBe('rgb(27, 27, 31)');
  });

  test('the card has no accessibility violations, in light and dark', async ({ context, demo }) => {
    const page = await context.newPage();
    await page.goto(`${demo.url}/forum/xenforo`);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await username(page, 'Steve').hover();
      await expect(card(page, 'Steve')).toContainText('ADMIN');
      const results = await analyzeOffTheClock(new AxeBuilder({ page }).include('network-companion-card'));
      expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
      await moveAway(page);
      await expect(card(page, 'Steve')).toBeHidden();
    }
  });

  test('the card closes when its name is removed from the page', async ({ context, demo }) => {
    const page = await context.newPage();
    await page.goto(`${demo.url}/forum/xenforo`);
    await username(page, 'Steve').hover();
    await expect(card(page, 'Steve')).toBeVisible();
    await page.evaluate(() => document.querySelector('#thread-posts article')?.remove());
    await expect(card(page, 'Steve')).toBeHidden();
  });

  test('no card on a site that was not added', async ({ context, demo }) => {
    const page = await context.newPage();
    const other = new URL(demo.url);
    other.hostname = 'localhost';
    await page.goto(`${other.origin}/forum/xenforo`);
    await username(page, 'Steve').hover();
    await page.waitForTimeout(NO_CARD_WAIT_MS);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('network-companion-card')).toHaveCount(0);
    expect(playerRequests(demo)).toEqual([]);
  });

  test('a watched player seen coming online who then plays: the card has this session’s line, and follows it while open', async ({
    context,
    openExtensionPage,
    demo,
  }) => {
    // Three background checks, each past the gateway's 30 s cache of the player (as progress-session.spec.ts).
    test.setTimeout(150_000);
    const steve = demo.setPlayer('Steve', { online: false });
    const popup = await openExtensionPage('popup.html');
    await watchlistSettings(popup, false);
    await watchByMessage(popup, steve);
    await checkInBackgroundUntil(popup, async () => (await statusOf(popup, steve.uuid))?.online === false);
    demo.setPlayer('Steve', { online: true });
    await checkInBackgroundUntil(
      popup,
      async () => (await statusOf(popup, steve.uuid))?.onlineSince !== undefined,
      45_000,
    );

    // The card opens before the snapshot with the gains is recorded, and stays open: its line
    // follows the check (the statuses' write, entrypoints/hover-card/player-checked.ts).
    const page = await context.newPage();
    await page.goto(`${demo.url}/forum/xenforo`);
    await username(page, 'Steve').hover();
    const dialog = card(page, 'Steve');
    await expect(dialog.getByText(/^This session: No change, /)).toBeVisible();

    demo.setPlayer('Steve', { kills: steve.stats.kills + 5, balance: steve.balance + 250 });
    await checkInBackgroundUntil(
      popup,
      async () =>
        (await historyRecords<{ kills: number }>(popup, 'playerSnapshots')).some(
          (row) => row.kills === steve.stats.kills + 5,
        ),
      45_000,
    );
    // The line the background counted with the popup's rules; online, the API says kills may lag.
    const line = dialog.getByText(/^This session: \+5 kills, \+250 balance, /);
    await expect(line).toContainText('Kills, deaths and playtime may lag while Steve is online.');
    // Readable in both themes with the line shown.
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await expect(line).toBeVisible();
      const results = await analyzeOffTheClock(new AxeBuilder({ page }).include('network-companion-card'));
      expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    }
  });

  test('a player not watched: no progress line, no empty heading', async ({ context, demo }) => {
    const page = await context.newPage();
    await page.goto(`${demo.url}/forum/xenforo`);
    await username(page, 'Alex').hover();
    const dialog = card(page, 'Alex');
    await expect(dialog.getByRole('button', { name: 'Watch' })).toHaveAttribute('aria-pressed', 'false');
    await expect(dialog.getByText(/^(This session|Today):/)).toHaveCount(0);
  });
});

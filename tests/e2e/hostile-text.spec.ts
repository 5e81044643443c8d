import type { BrowserContext, Locator, Page, Worker } from '@playwright/test';
import { type HostileApi, startHostileApi } from '../../demo/hostile-api';
import { HOSTILE_PLAYERS, HOSTILE_TEXTS } from '../../demo/hostile-strings';
import { stripColourCodes } from '../../utils/colour-codes';
import { expect, test } from './fixtures';
import {
  addForumSite,
  idOf,
  installOptionsPage,
  launchWith,
  ourWorker,
  saveConnection,
} from './hostile-helpers';

/**
 * Hostile text from the API in the real browser: a server (demo/hostile-api.ts) that answers
 * in the spec's shapes with names, ranks, sellers and item names made of markup, script,
 * javascript: URLs, bidirectional overrides, zero-width characters and 10,000-character
 * words. In the popup (Player, Leaderboard, Auctions) and in the forum hover card: all of it
 * is text, no element or handler comes out of it, no dialog opens, and the layout holds.
 */

/**
 * What a DOM holds that text must never create. Run in the page. The body and shadow roots:
 * the head also gets the preload and stylesheet links Vite adds when a view loads on demand.
 */
function auditDom(): { risky: number; handlers: string[]; javascriptUrls: number } {
  const roots: (HTMLElement | ShadowRoot)[] = [document.body];
  for (const element of document.querySelectorAll('*'))
    if (element.shadowRoot) roots.push(element.shadowRoot);
  let risky = 0;
  let javascriptUrls = 0;
  const handlers: string[] = [];
  for (const root of roots) {
    risky += root.querySelectorAll('script, img, iframe, object, embed, svg, link, style, b, i, a').length;
    for (const element of root.querySelectorAll('*')) {
      for (const name of element.getAttributeNames()) {
        if (name.startsWith('on')) handlers.push(`${element.localName}[${name}]`);
        if (/^\s*javascript:/i.test(element.getAttribute(name) ?? '') && !name.startsWith('aria-'))
          javascriptUrls += 1;
      }
    }
  }
  return { risky, handlers, javascriptUrls };
}

/** How far the page scrolls sideways (0 when nothing sticks out). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Within the viewport's width. */
async function expectInsideViewportWidth(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY)).toBeLessThanOrEqual(width + 1);
}

/**
 * Whether the text node holding `word` under `selector` is laid out left to right: its first
 * character left of its second. A bidi override left open earlier in the line reverses it.
 */
function laidOutLeftToRight(element: Element, word: string): boolean {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.nodeValue?.indexOf(word) ?? -1;
    if (at < 0) continue;
    const box = (offset: number) => {
      const range = document.createRange();
      range.setStart(node, offset);
      range.setEnd(node, offset + 1);
      return range.getBoundingClientRect();
    };
    return box(at).left < box(at + 1).left;
  }
  throw new Error(`no text node holds ${word}`);
}

test.describe('hostile text from the API', () => {
  test.describe.configure({ mode: 'serial', timeout: 60_000 });

  let api: HostileApi;
  let context: BrowserContext;
  let worker: Worker;
  let popup: Page;
  const dialogs: string[] = [];

  test.beforeAll(async () => {
    api = await startHostileApi();
    context = await launchWith();
    worker = await ourWorker(context);
    const options = await installOptionsPage(context);
    expect((await saveConnection(options, api.url, api.apiKey)).ok).toBe(true);
    await addForumSite(options, worker, api.url);
    popup = await context.newPage();
    popup.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await popup.setViewportSize({ width: 380, height: 600 });
    await popup.goto(`chrome-extension://${idOf(worker)}/popup.html`);
  });

  test.afterAll(async () => {
    await context?.close();
    await api?.close();
  });

  test.afterEach(() => {
    expect(dialogs).toEqual([]);
  });

  test('Player tab: every hostile name and rank is text, nothing is created, the card fits', async () => {
    const before = await popup.evaluate(auditDom);
    const field = popup.getByLabel('Player name or UUID');
    for (const player of HOSTILE_PLAYERS) {
      await field.fill(player.ask);
      await field.press('Enter');
      const card = popup.locator('.player-card');
      await expect(card.locator('.player-card__name')).toHaveJSProperty('textContent', player.name);
      const rank = stripColourCodes(player.rank);
      if (rank.trim() !== '')
        await expect(card.locator('.player-card__rank')).toHaveJSProperty('textContent', rank);
      await expect(card.getByText(player.online ? 'Online' : 'Offline', { exact: true })).toBeVisible();
      await expect(card.getByRole('button', { name: 'Copy UUID' })).toBeVisible();
      await expectInsideViewportWidth(popup, card);
      await expectInsideViewportWidth(popup, card.getByRole('button', { name: 'Copy UUID' }));
      expect(await sidewaysOverflow(popup)).toBeLessThanOrEqual(0);
      expect(await popup.evaluate(auditDom)).toEqual(before);
    }
    // Still usable: an ordinary look-up after all of that.
    await field.fill('Hx_Markup');
    await field.press('Enter');
    await expect(popup.locator('.player-card__name')).toHaveJSProperty(
      'textContent',
      HOSTILE_PLAYERS[0]?.name,
    );
  });

  test('Leaderboard tab: hostile names are text buttons; activating one looks nothing up', async () => {
    const before = await popup.evaluate(auditDom);
    await popup.getByRole('tab', { name: 'Leaderboard' }).click();
    const names = popup.locator('.board-list__name');
    await expect(names).toHaveCount(10);
    const shown = await names.evaluateAll((buttons) => buttons.map((button) => button.textContent));
    expect(shown).toEqual(HOSTILE_TEXTS.slice(0, 10).map((entry) => entry.text));
    expect(await sidewaysOverflow(popup)).toBeLessThanOrEqual(0);
    expect(await popup.evaluate(auditDom)).toEqual(before);

    api.clearLog();
    await names.first().click();
    // The name is not a game name: the Player tab says so, and no request goes out for it.
    await expect(popup.getByRole('tab', { name: 'Player' })).toHaveAttribute('aria-selected', 'true');
    await expect(popup.getByText('Enter a player name (3–16 letters, digits or _) or a UUID.')).toBeVisible();
    expect(api.log().filter((entry) => entry.path.startsWith('/api/player/'))).toEqual([]);
  });

  test('Auctions tab: hostile item names, sellers, materials and prices are text', async () => {
    const before = await popup.evaluate(auditDom);
    await popup.getByRole('tab', { name: 'Auctions' }).click();
    const listings = popup.locator('li.listing');
    await expect(listings.first()).toBeVisible();
    const count = await listings.count();
    expect(count).toBeGreaterThanOrEqual(10);
    const sellers = await popup
      .locator('li.listing .listing__meta button.link-button')
      .evaluateAll((buttons) => buttons.map((button) => button.textContent ?? ''));
    const texts = HOSTILE_TEXTS.map((entry) => entry.text);
    for (const seller of sellers) expect(texts).toContain(seller);
    expect(await sidewaysOverflow(popup)).toBeLessThanOrEqual(0);
    for (let index = 0; index < count; index += 1)
      await expectInsideViewportWidth(popup, listings.nth(index));
    expect(await popup.evaluate(auditDom)).toEqual(before);
  });

  test('hover cards: every hostile player is text in a card that fits the viewport', async () => {
    const page = await context.newPage();
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.goto(`${api.url}/forum/hostile-text`);
    const before = await page.evaluate(auditDom);
    for (const player of HOSTILE_PLAYERS) {
      await page.locator('#thread-posts').getByText(player.ask, { exact: true }).first().hover();
      const card = page.locator('network-companion-card .player-card');
      await expect(card.locator('.player-card__name')).toHaveJSProperty('textContent', player.name);
      await expect(card.getByText(player.online ? 'Online' : 'Offline', { exact: true })).toBeVisible();
      await expectInsideViewportWidth(page, card);
      const after = await page.evaluate(auditDom);
      // The card's own stylesheet is the one element of its kind it adds.
      expect(after).toEqual({ ...before, risky: before.risky + 1 });
      await page.mouse.move(2, 2);
      await expect(card).toBeHidden();
    }
    await page.close();
  });

  test('hover cards: a 10,000-character name still leaves "Open in popup" on screen', async () => {
    // The card is placed where it fits best (flipped above the name when it is this tall), so
    // its button, at the bottom, stays next to the name.
    const page = await context.newPage();
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.goto(`${api.url}/forum/hostile-text`);
    await page.locator('#thread-posts').getByText('Hx_Long', { exact: true }).first().hover();
    const open = page.locator('network-companion-card').getByRole('button', { name: 'Open in popup' });
    await expect(open).toBeInViewport();
    await page.close();
  });

  test('a right-to-left override in a rank does not reverse the text after it', async () => {
    // The rank and the status are flex items, so each is its own bidi paragraph.
    const field = popup.getByLabel('Player name or UUID');
    await popup.getByRole('tab', { name: 'Player' }).click();
    await field.fill('Hx_Bidi');
    await field.press('Enter');
    const meta = popup.locator('.player-card__meta');
    await expect(meta).toContainText('Offline');
    expect(await meta.evaluate(laidOutLeftToRight, 'Offline')).toBe(true);
    // The probe itself sees a reversal: the same override and word in one inline run.
    const control = await popup.evaluateHandle((rlo) => {
      const probe = document.createElement('p');
      probe.append(`${rlo}nimdA Offline`);
      document.body.append(probe);
      return probe;
    }, '\u202e');
    expect(await control.evaluate(laidOutLeftToRight, 'Offline')).toBe(false);
    await control.evaluate((probe) => probe.remove());
  });
});

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { DemoServer } from '../../demo/server';
import { type ExtensionFixtures, expect, test } from './fixtures';
import { addForumSite } from './forum-helpers';
import { openPopupServerDown } from './popup-helpers';
import { watchByMessage } from './watchlist-helpers';

/**
 * What a person sees, measured: the popup at its real size (380 px wide, at most 600 px tall)
 * and the side panel (320 px, Chrome's narrowest, and 800 px tall), light and dark, English and
 * German, with long content in every tab (a rich player, a hundred leaderboard rows, a long
 * auction list with an open saved search, a dozen watched players). On every tab:
 * - the tab row is whole and clickable: each tab taller than 20 px, inside the row, and the
 *   element at its centre is the tab;
 * - nothing runs past the right edge (scrollWidth <= clientWidth, every box inside the panel);
 * - each number stays on one line (its text has one line box);
 * - the header's name, count and options link are whole.
 * Elements are found by role and structure, not by words, so the German run uses the same code.
 */

type Surface = { file: 'popup.html' | 'sidepanel.html'; width: number; height: number };
const POPUP: Surface = { file: 'popup.html', width: 380, height: 600 };
const SIDE_PANEL: Surface = { file: 'sidepanel.html', width: 320, height: 800 };

/** The figures on screen: each must be on one line. */
const FIGURES = [
  '.popup-header__online',
  '.player-card__stat dd',
  '.listing__price-value',
  '.listing__each',
  '.listing__left',
  '.result-count',
  '.board-list__value',
  '.board-list__rank',
  '.watchlist-summary',
].join(', ');

type Needs = Pick<ExtensionFixtures, 'configure' | 'openExtensionPage' | 'demo'>;

/** Long content everywhere: big numbers on a player, a long-named listing, watched players. */
async function longContent(page: Page, demo: DemoServer): Promise<void> {
  demo.setPlayer('Notch', {
    balance: 1_234_567_890.89,
    shards: 2_000_000,
    kills: 1_234_567,
    deaths: 98_765,
    playtime_ticks: 2_083 * 24 * 72_000,
  });
  demo.addListing({
    seller: 'Notch',
    material: 'DIAMOND_SWORD',
    display_name: '&6&lLegendary Diamond Sword of the Eternal Nether Dragon Slayer',
    amount: 64,
    price: 1_234_567.89,
  });
  const players = demo.data.players.slice(0, 12);
  for (const [index, player] of players.entries()) {
    demo.setPlayer(player.name, { online: index % 3 === 0 });
    await watchByMessage(page, { uuid: player.uuid, name: player.name });
  }
  const saved = await page.evaluate((message) => chrome.runtime.sendMessage(message), {
    type: 'save-search',
    text: 'diamond',
    sort: 'recent',
  });
  const id = (saved as { search: { id: string } }).search.id;
  await page.evaluate((message) => chrome.runtime.sendMessage(message), { type: 'check-saved-search', id });
}

async function openSurface({ configure, openExtensionPage, demo }: Needs, surface: Surface, dark: boolean) {
  await configure();
  const page = await openExtensionPage(surface.file);
  await page.setViewportSize({ width: surface.width, height: surface.height });
  await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
  await longContent(page, demo);
  await page.reload();
  await expect(page.locator('.popup-header__online')).not.toHaveAttribute('aria-busy', 'true');
  return page;
}

/** Serious and critical axe violations (as in popup-a11y.spec.ts): the new looks stay accessible. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `axe ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** Everything measured on the tab shown now, and axe's serious findings; each problem as one line. */
async function problems(page: Page): Promise<string[]> {
  return [...(await measured(page)), ...(await seriousViolations(page))];
}

async function measured(page: Page): Promise<string[]> {
  return page.evaluate((figures) => {
    const found: string[] = [];
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}.${[...element.classList].join('.')} “${(element.textContent ?? '').trim().slice(0, 40)}”`;

    // The tab row: whole, and each tab clickable at its centre.
    const list = document.querySelector('[role="tablist"]');
    if (!list) return ['no tab list'];
    const row = list.getBoundingClientRect();
    if (list.scrollWidth > list.clientWidth)
      found.push(`the tab row scrolls (${list.scrollWidth} > ${list.clientWidth})`);
    const labels: DOMRect[] = [];
    for (const tab of list.querySelectorAll('[role="tab"]')) {
      const box = tab.getBoundingClientRect();
      if (box.height <= 20) found.push(`tab ${describe(tab)} is ${box.height.toFixed(1)} px tall`);
      if (box.left < row.left - 0.5 || box.right > row.right + 0.5 || box.bottom > window.innerHeight)
        found.push(`tab ${describe(tab)} is not inside the row`);
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!hit || !tab.contains(hit))
        found.push(`tab ${describe(tab)} is covered by ${hit ? describe(hit) : 'nothing'}`);
      const range = document.createRange();
      range.selectNodeContents(tab);
      labels.push(range.getBoundingClientRect());
    }
    // The tabs' names do not run into each other (on one row; a row too narrow for all wraps).
    for (let index = 1; index < labels.length; index += 1) {
      const [before, after] = [labels[index - 1], labels[index]];
      if (!before || !after || Math.abs(before.top - after.top) > 1) continue;
      const gap = after.left - before.right;
      if (gap < 12) found.push(`tab names ${index} and ${index + 1} are ${gap.toFixed(1)} px apart`);
    }

    // Nothing past the right edge.
    for (const selector of ['html', 'body', '.popup', '.popup-header', '.tab-panels']) {
      const element = document.querySelector(selector);
      if (element && element.scrollWidth > element.clientWidth + 0.5)
        found.push(`${selector} overflows sideways (${element.scrollWidth} > ${element.clientWidth})`);
    }
    const panel = document.querySelector('[role="tabpanel"]:not([hidden])');
    const panels = document.querySelector('.tab-panels');
    if (panel && panels) {
      const right = panels.getBoundingClientRect().left + panels.clientWidth;
      for (const element of panel.querySelectorAll('*')) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        if (box.right > right + 0.5)
          found.push(`${describe(element)} ends ${(box.right - right).toFixed(1)} px past the edge`);
      }
    }

    // Each number on one line: all its text on one line box.
    for (const element of document.querySelectorAll(figures)) {
      const lines = new Set<number>();
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if ((node.parentElement?.closest('.visually-hidden') ?? null) !== null) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) if (rect.width > 0) lines.add(Math.round(rect.bottom));
      }
      if (lines.size > 1) found.push(`${describe(element)} breaks over ${lines.size} lines`);
    }

    // The header: the name, the count and the options link whole and inside it.
    const header = document.querySelector('.popup-header');
    if (!header) return [...found, 'no header'];
    const inner = header.getBoundingClientRect();
    for (const child of header.children) {
      const box = child.getBoundingClientRect();
      if (child.scrollWidth > child.clientWidth + 0.5 && child.clientWidth > 0)
        found.push(`header ${describe(child)} is cut (${child.scrollWidth} > ${child.clientWidth})`);
      if (box.left < inner.left - 0.5 || box.right > inner.right + 0.5)
        found.push(`header ${describe(child)} is outside the header`);
    }
    const title = header.querySelector('h1');
    if (title && getComputedStyle(title).textOverflow === 'ellipsis' && title.scrollWidth > title.clientWidth)
      found.push('the product name is cut');
    return found;
  }, FIGURES);
}

/** Selects the n-th tab (0: Player, 1: Auctions, 2: Leaderboard, 3: Watchlist) by a click at its centre. */
async function selectTab(page: Page, index: number): Promise<void> {
  const tab = page.getByRole('tab').nth(index);
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/** Each tab with its long content shown; the problems of every tab, by tab. */
async function measureEveryTab(page: Page): Promise<Record<string, string[]>> {
  const seen: Record<string, string[]> = {};

  await selectTab(page, 0);
  const field = page.locator('#player-query');
  await field.fill('Notch');
  await field.press('Enter');
  await expect(page.locator('.player-card')).toBeVisible();
  await expect(page.locator('.player-card__watch-button')).not.toHaveAttribute('aria-disabled', 'true');
  seen.player = await problems(page);

  await selectTab(page, 1);
  const results = page.locator('.auction-results');
  await expect(results.locator('.listing').first()).toBeVisible();
  const savedToggle = page.locator('[aria-controls="saved-search-list"]');
  if ((await savedToggle.getAttribute('aria-expanded')) !== 'true') await savedToggle.click();
  await expect(page.locator('.saved-search').first()).toBeVisible();
  await page.locator('#auction-query').fill('Legendary');
  await expect(results.locator('.listing')).toHaveCount(1);
  await expect(results).toHaveAttribute('aria-busy', 'false');
  seen.auctionsFound = await problems(page);
  await page.locator('#auction-query').fill('');
  await expect(results).toHaveAttribute('aria-busy', 'false');
  await expect(results.locator('.listing').nth(20)).toBeAttached();
  seen.auctions = await problems(page);

  await selectTab(page, 2);
  await page.locator('.board-controls__limit select').selectOption('100');
  await expect(page.locator('.board-list__entry')).toHaveCount(100);
  seen.leaderboard = await problems(page);

  await selectTab(page, 3);
  await expect(page.locator('.watchlist__entry')).toHaveCount(12);
  seen.watchlist = await problems(page);

  // And back: the row is still there after the longest tab.
  await selectTab(page, 0);
  seen.playerAgain = await problems(page);
  return seen;
}

const NONE = { player: [], auctionsFound: [], auctions: [], leaderboard: [], watchlist: [], playerAgain: [] };

for (const surface of [POPUP, SIDE_PANEL]) {
  for (const dark of [false, true]) {
    test.describe(`layout: ${surface.file}, ${dark ? 'dark' : 'light'}`, () => {
      test.describe.configure({ timeout: 120_000 });
      test('every tab with long content: tabs whole and clickable, no sideways overflow, numbers on one line, header whole', async ({
        configure,
        openExtensionPage,
        demo,
      }) => {
        const page = await openSurface({ configure, openExtensionPage, demo }, surface, dark);
        expect(await measureEveryTab(page)).toEqual(NONE);
      });
    });
  }
}

test.describe('layout in German', () => {
  test.use({ language: 'de' });
  test.describe.configure({ timeout: 120_000 });

  for (const surface of [POPUP, SIDE_PANEL]) {
    test(`${surface.file}: every tab with long content, as in English`, async ({
      configure,
      openExtensionPage,
      demo,
    }) => {
      const page = await openSurface({ configure, openExtensionPage, demo }, surface, false);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
      expect(await measureEveryTab(page)).toEqual(NONE);
    });
  }
});

test.describe('layout: the header when the server is down', () => {
  test('the popup says the server is unreachable in words, and keeps the name whole', async ({
    configure,
    openExtensionPage,
    demo,
    serviceWorker,
  }) => {
    const page = await openPopupServerDown({ configure, openExtensionPage, demo, serviceWorker });
    const count = page.locator('.popup-header__online');
    await expect(count).toHaveClass(/popup-header__online--failed/);
    await expect(count).not.toContainText('–');
    await expect(count).toContainText('Server unreachable');
    const title = page.getByRole('heading', { level: 1 });
    expect(await title.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  });
});

/**
 * The hover card's figures, measured against the boxes a person sees them in: each figure's
 * text (with its footnote marker) inside its stat's box, each stat inside the card, and on one
 * line. Counting lines alone let "1,234 h (51 days) *" run past its box.
 */
async function hoverCardProblems(page: Page): Promise<string[]> {
  const dialog = page.getByRole('dialog', { name: 'Steve' });
  return dialog.locator('.player-card').evaluate((card) => {
    const found: string[] = [];
    const inside = (inner: DOMRect, outer: DOMRect) =>
      inner.left >= outer.left - 0.5 &&
      inner.right <= outer.right + 0.5 &&
      inner.top >= outer.top - 0.5 &&
      inner.bottom <= outer.bottom + 0.5;
    const cardBox = card.getBoundingClientRect();
    for (const stat of card.querySelectorAll('.player-card__stat')) {
      const figure = stat.querySelector('dd');
      const name = (figure?.textContent ?? '').trim();
      if (!figure) continue;
      const statBox = stat.getBoundingClientRect();
      const text = document.createRange();
      text.selectNodeContents(figure);
      const lines = new Set<number>();
      for (const rect of text.getClientRects()) if (rect.width > 0) lines.add(Math.round(rect.bottom));
      const textBox = text.getBoundingClientRect();
      // The stat's padding is its box's inner edge: text on it touches the border.
      const style = getComputedStyle(stat);
      const padded = new DOMRect(
        statBox.left + Number.parseFloat(style.paddingLeft),
        statBox.top,
        statBox.width - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight),
        statBox.height,
      );
      if (lines.size !== 1) found.push(`“${name}” is on ${lines.size} lines`);
      if (!inside(textBox, padded))
        found.push(`“${name}” runs ${(textBox.right - padded.right).toFixed(1)} px past its box`);
      if (!inside(statBox, cardBox)) found.push(`the box of “${name}” runs past the card`);
      if (stat.scrollWidth > stat.clientWidth) found.push(`the box of “${name}” scrolls sideways`);
    }
    if (card.querySelectorAll('.player-card__stat').length < 4) found.push('fewer than four stats');
    if (card.querySelectorAll('.player-card__lag-mark').length === 0) found.push('no footnote marker');
    return found;
  });
}

for (const { language, dark } of [
  { language: undefined, dark: false },
  { language: undefined, dark: true },
  { language: 'de', dark: false },
  { language: 'de', dark: true },
]) {
  test.describe(`layout: the forum hover card (${language ?? 'en'}, ${dark ? 'dark' : 'light'})`, () => {
    test.use({ language });
    test('a long playtime and big money stay inside their boxes on one line each, with the Watch toggle beside the name', async ({
      context,
      configure,
      openExtensionPage,
      serviceWorker,
      demo,
    }) => {
      await configure();
      await addForumSite(openExtensionPage, serviceWorker, demo.url);
      demo.setPlayer('Steve', {
        online: true,
        balance: 1_234_567_890.89,
        shards: 2_000_000,
        kills: 1_234_567,
        deaths: 3,
        playtime_ticks: 2_083 * 24 * 72_000,
      });
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
      await page.goto(`${demo.url}/forum/xenforo`);
      await page.locator('#thread-posts').getByText('Steve', { exact: true }).first().hover();
      const dialog = page.getByRole('dialog', { name: 'Steve' });
      await expect(dialog).toContainText(language === 'de' ? '2.083 Tage' : '2,083 days');
      expect(await hoverCardProblems(page)).toEqual([]);
      const watch = dialog.getByRole('button', { name: language === 'de' ? 'Beobachten' : 'Watch' });
      expect(await watch.evaluate((button) => button.closest('header') !== null)).toBe(true);
    });
  });
}

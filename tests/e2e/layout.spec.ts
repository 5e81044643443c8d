import type { Locator, Page } from '@playwright/test';
import type { DemoServer } from '../../demo/server';
import { seriousViolations } from './axe-helpers';
import { type ExtensionFixtures, expect, test } from './fixtures';
import { addForumSite } from './forum-helpers';
import { openPopupServerDown } from './popup-helpers';
import { ageStoredTime } from './scheduler-helpers';
import { ageWatchlistStatuses, watchByMessage } from './watchlist-helpers';

/**
 * What a person sees, measured: the popup at its real size (380 px wide, at most 600 px tall)
 * and the side panel (320 px, Chrome's narrowest, and 800 px tall), light and dark, English and
 * German, with long content in every tab (a rich player, a hundred leaderboard rows, a long
 * auction list with an open saved search, a dozen watched players). On every tab:
 * - the tab row is whole and clickable: each tab taller than 20 px, inside the row, and the
 *   element at its centre is the tab;
 * - nothing runs past the right edge (scrollWidth <= clientWidth, every box inside the panel);
 * - each number stays on one line (its text has one line box);
 * - each figure of a box (a card's stat, a leaderboard or watchlist row) stays inside that box;
 * - the header's name, count and options link are whole.
 * Elements are found by role and structure, not by words, so the German run uses the same code.
 */

type Surface = { file: 'popup.html' | 'sidepanel.html'; width: number; height: number };
const POPUP: Surface = { file: 'popup.html', width: 380, height: 600 };
const SIDE_PANEL: Surface = { file: 'sidepanel.html', width: 320, height: 800 };

/** The figures on screen outside a box (BOXED_FIGURES has the others): each must be on one line. */
const FIGURES = [
  '.popup-header__online',
  '.listing__price-value',
  '.listing__each',
  '.listing__left',
  '.result-count',
  '.watchlist-summary',
].join(', ');

type Needs = Pick<ExtensionFixtures, 'configure' | 'openExtensionPage' | 'demo'>;

/**
 * Long content everywhere: big numbers on a player (online, so the stats that may lag carry their
 * marker), a long-named listing, watched players, some of them seen online hours ago.
 */
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
    demo.setPlayer(player.name, { online: index % 3 === 0 || player.name === 'Notch' });
    await watchByMessage(page, { uuid: player.uuid, name: player.name });
  }
  // Seen online when watched, offline at the next check, three hours ago: "seen online 3 h ago".
  for (const [index, player] of players.entries())
    if (index % 6 === 0) demo.setPlayer(player.name, { online: false });
  await ageWatchlistStatuses(page);
  await page.evaluate((message) => chrome.runtime.sendMessage(message), { type: 'check-watchlist-now' });
  await ageStoredTime(
    page,
    { area: 'local', key: 'watchlistStatus', path: ['*', 'seenOnlineAt'] },
    3 * 3_600_000,
  );
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

/**
 * Figures that sit in a box a person sees: the boxes (`box`) inside a `root`, and the figures
 * each box holds.
 */
type FigureBoxes = { box: string; figures: string };

const CARD_STATS: FigureBoxes = { box: '.player-card__stat', figures: 'dd' };

/** The boxed figures of each tab, by their root. */
const BOXED_FIGURES: readonly (FigureBoxes & { root: string })[] = [
  { root: '.player-card', ...CARD_STATS },
  { root: '.board-list', box: '.board-list__entry', figures: '.board-list__rank, .board-list__value' },
  { root: '.watchlist', box: '.watchlist__entry', figures: '.watchlist__seen' },
];

/**
 * Figures measured against the boxes a person sees them in: each figure's text (with its
 * footnote marker) on one line, inside its own element and inside its box's padding; each box
 * inside its root and not scrolling sideways. Counting line boxes alone let
 * "1,234 h (51 days) *" run past its box. Runs in the page (Locator.evaluateAll): it uses
 * nothing from outside itself.
 */
function figuresOutsideBoxes(roots: Element[], { box, figures }: FigureBoxes): string[] {
  const found: string[] = [];
  const inside = (inner: DOMRect, outer: DOMRect) =>
    inner.left >= outer.left - 0.5 &&
    inner.right <= outer.right + 0.5 &&
    inner.top >= outer.top - 0.5 &&
    inner.bottom <= outer.bottom + 0.5;
  for (const root of roots) {
    const rootBox = root.getBoundingClientRect();
    for (const item of root.querySelectorAll(box)) {
      const itemBox = item.getBoundingClientRect();
      const label = (item.textContent ?? '').trim().slice(0, 40);
      // The box's padding is its inner edge: text on it touches the border.
      const style = getComputedStyle(item);
      const padded = new DOMRect(
        itemBox.left + Number.parseFloat(style.paddingLeft),
        itemBox.top,
        itemBox.width - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight),
        itemBox.height,
      );
      if (!inside(itemBox, rootBox)) found.push(`the box of “${label}” runs past its ${root.classList[0]}`);
      if (item.scrollWidth > item.clientWidth) found.push(`the box of “${label}” scrolls sideways`);
      for (const figure of item.querySelectorAll(figures)) {
        const name = (figure.textContent ?? '').trim();
        const text = document.createRange();
        text.selectNodeContents(figure);
        const lines = new Set<number>();
        for (const rect of text.getClientRects()) if (rect.width > 0) lines.add(Math.round(rect.bottom));
        const textBox = text.getBoundingClientRect();
        if (lines.size !== 1) found.push(`“${name}” is on ${lines.size} lines`);
        if (!inside(textBox, padded))
          found.push(`“${name}” runs ${(textBox.right - padded.right).toFixed(1)} px past its box`);
        if (figure.clientWidth > 0 && figure.scrollWidth > figure.clientWidth)
          found.push(`“${name}” is wider than its element (${figure.scrollWidth} > ${figure.clientWidth})`);
      }
    }
  }
  return found;
}

/** The boxed figures of the tab shown now. */
async function boxedFigureProblems(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const { root, ...boxes } of BOXED_FIGURES)
    found.push(
      ...(await page
        .locator(`[role="tabpanel"]:not([hidden]) ${root}`)
        .evaluateAll(figuresOutsideBoxes, boxes)),
    );
  return found;
}

/**
 * What the card's measure needs to mean something: at least `stats` stats, and the footnote
 * markers of a player whose stats may lag (so each figure is measured with its marker).
 */
async function cardIncomplete(card: Locator, stats: number): Promise<string[]> {
  const found: string[] = [];
  if ((await card.locator('.player-card__stat').count()) < stats) found.push(`fewer than ${stats} stats`);
  if ((await card.locator('.player-card__lag-mark').count()) === 0) found.push('no footnote marker');
  return found;
}

/** Everything measured on the tab shown now, and axe's serious findings; each problem as one line. */
async function problems(page: Page): Promise<string[]> {
  return [
    ...(await measured(page)),
    ...(await boxedFigureProblems(page)),
    ...(await seriousViolations(page)),
  ];
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
  seen.player = [...(await problems(page)), ...(await cardIncomplete(page.locator('.player-card'), 6))];

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
  // Rows that say when with a number ("seen online 3 h ago"), measured in their rows.
  await expect(page.locator('.watchlist__seen').filter({ hasText: /\d/ })).toHaveCount(2);
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

/** The hover card's four stats, with their markers, inside their boxes (as the popup's card). */
async function hoverCardProblems(page: Page): Promise<string[]> {
  const card = page.getByRole('dialog', { name: 'Steve' }).locator('.player-card');
  return [...(await card.evaluateAll(figuresOutsideBoxes, CARD_STATS)), ...(await cardIncomplete(card, 4))];
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

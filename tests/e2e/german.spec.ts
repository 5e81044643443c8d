import type { Page } from '@playwright/test';
import { loadCatalogue } from '../fixtures/catalogue-files';
import { expect, test } from './fixtures';
import { HOUR_MS, putHistoryRecords } from './history-helpers';
import { openConfiguredPopup } from './popup-helpers';

/**
 * Chromium started in German (--lang=de; Debian's chromium needs chromium-l10n): the browser
 * picks the German catalogue, and the words, the numbers and <html lang> follow it. The expected
 * words are read from locales/de.yml, so the test follows the translation, not a copy of it.
 */
test.use({ language: 'de' });

let german = new Map<string, string>();
test.beforeAll(async () => {
  german = await loadCatalogue('de');
});

/** The German message for a catalogue key, its placeholders filled. */
function de(key: string, values: Record<string, string> = {}): string {
  const message = german.get(key.replaceAll('.', '_'));
  if (message === undefined) throw new Error(`No German message for ${key}`);
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The German message as a pattern: its words matched literally, its placeholders by `patterns`. */
function dePattern(key: string, patterns: Record<string, string>): string {
  const literal = de(key).replace(/[.*+?^$()|[\]\\]/g, String.raw`\$&`);
  return literal.replace(/\{(\w+)\}/g, (whole, name: string) => patterns[name] ?? whole);
}

async function pageLanguage(page: Page) {
  return page.evaluate(() => ({ lang: document.documentElement.lang, title: document.title }));
}

test.describe('in German', () => {
  test.describe.configure({ timeout: 60_000 });

  test('the popup: tabs, the look-up, the card and its numbers', async ({ configure, openExtensionPage }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    expect((await pageLanguage(popup)).lang).toBe('de');

    const tabs = popup.getByRole('tablist', { name: de('popup.tabs.label') });
    for (const tab of ['player', 'auctions', 'leaderboard', 'watchlist']) {
      await expect(tabs.getByRole('tab', { name: de(`popup.tabs.${tab}`) })).toBeVisible();
    }
    await expect(popup.getByRole('tab', { name: 'Auctions', exact: true })).toHaveCount(0);
    // The German names are the longest: all four fit inside the row's padding, none scrolled away.
    const overflow = await tabs.evaluate((list) => {
      const inner =
        list.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(list).paddingRight);
      const last = list.querySelector('[role="tab"]:last-of-type')?.getBoundingClientRect().right ?? 0;
      return { past: last - inner, scrolls: list.scrollWidth > list.clientWidth };
    });
    expect(overflow.past).toBeLessThanOrEqual(0.5);
    expect(overflow.scrolls).toBe(false);

    const field = popup.getByLabel(de('popup.player.fieldLabel'));
    await field.fill('Steve');
    await field.press('Enter');
    const card = popup.getByRole('article', { name: de('card.player.label', { name: 'Steve' }) });
    await expect(card.getByText(de('card.player.online'), { exact: true })).toBeVisible();
    await expect(card.getByText(de('card.player.balance'), { exact: true })).toBeVisible();
    // German grouping and decimals: 48,213.57 in English.
    await expect(card.getByText('48.213,57')).toBeVisible();
    // Rank text from the API is never translated.
    await expect(card.getByText('ADMIN', { exact: true })).toBeVisible();
  });

  test('the online history chart: collecting first, then the crosshair reads whole players in German', async ({
    configure,
    openExtensionPage,
    demo,
  }) => {
    demo.setOnlineCount(76);
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    const count = popup.getByRole('button', { name: /76 online/ });
    await count.click();
    const history = popup.getByRole('region', { name: de('popup.history.title') });
    await expect(history.getByText(de('card.chart.collecting'))).toBeVisible();

    // 75 and 76 players over the hours before: a German axis once labelled this "075,5".
    const now = Date.now();
    await putHistoryRecords(
      popup,
      'onlineHours',
      [
        [3, 75],
        [2, 76],
        [1, 75],
      ].map(([hours = 0, players]) => {
        const time = now - hours * HOUR_MS;
        return { start: Math.floor(time / HOUR_MS) * HOUR_MS, rows: [{ time, count: players }] };
      }),
    );
    await history.getByRole('button', { name: de('card.chart.shortWeek') }).click();
    const chart = history.getByRole('img', { name: new RegExp(`^${de('popup.history.series')}, `) });
    await expect(chart).toBeVisible();
    const readout = history.locator('.time-chart__readout');
    await expect(readout).toContainText(`${de('popup.history.series')} 76`);
    const box = await chart.boundingBox();
    if (!box) throw new Error('the chart has no box');
    await chart.hover({ position: { x: box.width * 0.15, y: box.height / 2 } });
    // The time under the pointer as German writes it ("27. Nov., 01:05"), whole players.
    await expect(readout).toContainText(/\d{1,2}\. \p{L}+\.?, \d\d:\d\d/u);
    await expect(readout).toContainText(new RegExp(`${de('popup.history.series')} 7[56]$`));
  });

  test('auction countdowns use the catalogue’s German units in both forms', async ({
    configure,
    openExtensionPage,
  }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    const tab = popup.getByRole('tab', { name: de('popup.tabs.auctions') });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    const listings = popup.getByRole('region', { name: de('popup.auctions.listLabel') });
    await expect(listings.getByRole('listitem').first()).toBeVisible();

    // Most demo listings end 6 hours to 7 days ahead: "2 Tg. 3 Std." or "5 Std. 07 Min.", never
    // Intl's mixed narrow units ("2 T 3h").
    const number = String.raw`\d{1,3}(\.\d{3})*`;
    const time = [
      dePattern('format.daysHours', { days: number, hours: number }),
      dePattern('format.hoursMinutes', { hours: number, minutes: String.raw`\d{2}` }),
    ].join('|');
    const endsIn = new RegExp(`^${dePattern('popup.auctions.endsIn', { time: `(${time})` })}$`);
    await expect(listings.getByText(endsIn).first()).toBeVisible();
  });

  test('the options page: title, headings and labels', async ({ context }) => {
    // The options tab the background opens by itself on install (no key yet).
    await expect.poll(() => context.pages().some((page) => page.url().endsWith('/options.html'))).toBe(true);
    const options = context.pages().find((page) => page.url().endsWith('/options.html')) as Page;
    await options.waitForLoadState();
    expect(await pageLanguage(options)).toEqual({ lang: 'de', title: de('extension.optionsTitle') });
    await expect(options.getByRole('heading', { name: de('options.connection.heading') })).toBeVisible();
    await expect(options.getByLabel(de('options.connection.baseUrlLabel'))).toBeVisible();
    await expect(options.getByLabel(de('options.connection.keyLabel'), { exact: true })).toBeVisible();
    // A first run: the rest of the page waits for the connection, and says so.
    await expect(options.getByText(de('options.lockedUntilConnected'))).toBeVisible();
    await expect(options.getByRole('status')).toContainText(de('options.connection.notConnected'));
  });

  test('an error says what happened and what to do, in German', async ({ configure, openExtensionPage }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage }, { apiKey: 'not-the-key' });
    const field = popup.getByLabel(de('popup.player.fieldLabel'));
    await field.fill('Steve');
    await field.press('Enter');
    const alert = popup.getByRole('alert');
    await expect(alert).toContainText(de('errors.invalidKey'));
    await expect(alert).toContainText(de('errors.invalidKeyAction'));
    await expect(alert.getByRole('button', { name: de('card.error.openOptions') })).toBeVisible();
  });

  test('the badge and its tooltip, and the store listing in the manifest', async ({ serviceWorker }) => {
    // No key yet: the badge asks for one, in German.
    const expected = de('background.badge.notConfigured', { product: de('extension.name') });
    await expect.poll(() => serviceWorker.evaluate(() => chrome.action.getTitle({}))).toBe(expected);
    const marker = await serviceWorker.evaluate(() => chrome.action.getBadgeText({}));
    expect(marker).toBe(de('background.badge.markerSetup'));
    const listing = await serviceWorker.evaluate(() => [
      chrome.i18n.getMessage('extension_description'),
      chrome.i18n.getUILanguage(),
    ]);
    expect(listing).toEqual([de('extension.description'), 'de']);
  });
});

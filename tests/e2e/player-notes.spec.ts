import type { Page } from '@playwright/test';
import { DEMO_FIXTURE_UUIDS } from '../../demo/fixtures';
import { seriousViolations } from './axe-helpers';
import { expect, launchWithExtension, test } from './fixtures';
import { addForumSite } from './forum-helpers';
import { lookUp, openConfiguredPopup, showTab } from './popup-helpers';

/**
 * Tags and notes (issue 36) in Chromium: a player tagged and noted from the popup's card shows
 * the chip on a forum hover card and in the leaderboard; an export loaded into a fresh profile
 * and imported gives the same data.
 */

const NOTE = '<img src=x onerror="window.__noted = true">trades fair';

async function tagNotch(popup: Page) {
  await lookUp(popup, 'Notch');
  const card = popup.getByRole('article', { name: 'Player Notch' });
  await card.getByRole('button', { name: 'Tag' }).click();
  await card.getByRole('textbox', { name: 'Tag' }).fill('friend');
  await card.getByRole('radio', { name: 'Green' }).check();
  await card.getByRole('textbox', { name: 'Note' }).fill(NOTE);
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByText('Saved.')).toBeVisible();
  await expect(card.locator('.tag-chip--green')).toHaveText('Tag: friend');
  await expect(card.locator('.player-note__text')).toHaveText(`Note: ${NOTE}`);
}

test.describe('tags and notes', () => {
  test.describe.configure({ timeout: 90_000 });

  test('tagged from the card, shown on the hover card and in the leaderboard, as text', async ({
    configure,
    openExtensionPage,
    serviceWorker,
    context,
    demo,
  }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await tagNotch(popup);

    await showTab(popup, 'Leaderboard');
    await popup.getByRole('combobox', { name: 'Show' }).selectOption('100');
    const row = popup
      .getByRole('region', { name: 'Balance leaderboard' })
      .getByRole('listitem')
      .filter({ hasText: 'Notch' });
    await expect(row.locator('.tag-chip--green')).toHaveText('Tag: friend');

    await addForumSite(openExtensionPage, serviceWorker, demo.url);
    const forum = await context.newPage();
    await forum.goto(`${demo.url}/forum/xenforo`);
    await forum.locator('#thread-posts').getByText('Notch', { exact: true }).first().hover();
    const card = forum.getByRole('dialog', { name: 'Notch' });
    await expect(card.locator('.tag-chip--green')).toHaveText('Tag: friend');
    await expect(card.locator('.player-note__text')).toHaveText(`Note: ${NOTE}`);
    expect(await card.locator('img').count()).toBe(0);
    expect(await forum.evaluate(() => (window as { __noted?: boolean }).__noted)).toBeUndefined();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the chip, the note and the open editor have no serious accessibility violations (${colorScheme})`, async ({
      configure,
      openExtensionPage,
    }) => {
      const popup = await openConfiguredPopup({ configure, openExtensionPage });
      await popup.emulateMedia({ colorScheme });
      await tagNotch(popup);
      // Every palette colour on screen: the radio buttons show each as a chip.
      await popup
        .getByRole('article', { name: 'Player Notch' })
        .getByRole('button', { name: 'Note' })
        .click();
      await expect(popup.getByRole('radio', { name: 'Purple' })).toBeVisible();
      expect(await seriousViolations(popup)).toEqual([]);
    });
  }

  test('export, load the file into a fresh profile, import: everything identical', async ({
    configure,
    openExtensionPage,
    demo,
  }, testInfo) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await tagNotch(popup);
    await popup.evaluate(
      async ({ notch, steve }) => {
        await chrome.runtime.sendMessage({ type: 'watch', uuid: notch, name: 'Notch' });
        await chrome.runtime.sendMessage({ type: 'watch', uuid: steve, name: 'Steve' });
        await chrome.runtime.sendMessage({ type: 'save-search', text: 'diamond', sort: 'cheap' });
      },
      { notch: DEMO_FIXTURE_UUIDS.notch, steve: DEMO_FIXTURE_UUIDS.steve },
    );
    const readAll = (page: Page) =>
      page.evaluate(async () => ({
        sync: await chrome.storage.sync.get(null),
        settings: (await chrome.storage.local.get('settings')).settings,
      }));

    const options = await openExtensionPage('options.html');
    const section = options.getByRole('region', { name: 'Export and import' });
    const downloading = options.waitForEvent('download');
    await section.getByRole('button', { name: 'Export to a file' }).click();
    const file = testInfo.outputPath('backup.json');
    await (await downloading).saveAs(file);
    await expect(section.getByText(/^Saved as network-companion-\d{4}-\d\d-\d\d\.json\.$/)).toBeVisible();
    const before = await readAll(options);

    const fresh = await launchWithExtension();
    try {
      const worker = fresh.serviceWorkers()[0] ?? (await fresh.waitForEvent('serviceworker'));
      const id = new URL(worker.url()).host;
      const page = await fresh.newPage();
      await page.goto(`chrome-extension://${id}/options.html`);
      await page.evaluate((message) => chrome.runtime.sendMessage(message), {
        type: 'save-connection',
        baseUrl: demo.url,
        apiKey: demo.apiKey,
      });
      await page.reload();
      const freshSection = page.getByRole('region', { name: 'Export and import' });
      await freshSection.getByLabel('Import a backup file').setInputFiles(file);
      await expect(
        freshSection.getByText(
          'This file holds 2 watched players, 1 saved search, 1 note, and your settings.',
        ),
      ).toBeVisible();
      await freshSection.getByRole('radio', { name: 'Replace' }).check();
      await freshSection.getByRole('button', { name: 'Import', exact: true }).click();
      await expect(
        freshSection.getByText('Imported. A copy of your data from before was kept: Restore puts it back.'),
      ).toBeVisible();
      const after = await readAll(page);
      expect(after.sync).toEqual(before.sync);
      expect(after.settings).toEqual(before.settings);
      await expect(freshSection.getByRole('button', { name: /^Restore the copy from / })).toBeVisible();
    } finally {
      await fresh.close();
    }
  });
});

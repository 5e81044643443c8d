import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openConfiguredPopup } from './popup-helpers';

/**
 * Two browsers on one sync account update days apart: this release meets items a newer one wrote
 * (utils/storage/synced-entry.ts). It lists what it can read, edits around the rest, and never
 * rewrites or drops what it does not understand: a newer version mark, an unknown field, a sort
 * it does not know.
 */

const NOTCH = '069a79f4-44e9-4726-a5be-fca90e38aaf5';
const JEB = '853c80ef-3c37-49fd-aa49-938b674adae6';

/** As a newer release would write them. */
const NEWER = {
  // A sort this release does not know: not listed, kept as it is.
  'search:n1newer01': { v: 3, text: 'diamond', sort: 'ending-soon', addedAt: 1, folder: 'ores' },
  // Readable, with a field this release does not know.
  'search:n2newer02': { v: 3, text: 'elytra', sort: 'cheap', addedAt: 2, folder: 'wings' },
  [`watch:${NOTCH}`]: { v: 2, name: 'Notch', addedAt: 1, group: 'friends' },
};

function syncItems(page: Page): Promise<Record<string, unknown>> {
  return page.evaluate(() => chrome.storage.sync.get(null) as Promise<Record<string, unknown>>);
}

function ask<T>(page: Page, message: Record<string, unknown>): Promise<T> {
  return page.evaluate((message) => chrome.runtime.sendMessage(message), message) as Promise<T>;
}

test.describe('data a newer release wrote', () => {
  test('is listed where it can be read, edited around, and never rewritten or dropped', async ({
    configure,
    openExtensionPage,
  }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await popup.evaluate((items) => chrome.storage.sync.set(items), NEWER);

    // What this release can read is listed: the readable search and the watched player.
    await popup.reload();
    await popup.getByRole('tab', { name: 'Watchlist' }).click();
    await expect(popup.getByRole('list', { name: 'Watched players' }).getByRole('listitem')).toHaveCount(1);
    await expect(popup.getByRole('list', { name: 'Watched players' })).toContainText('Notch');
    const listed = await ask<{ id: string; text: string }[]>(popup, { type: 'saved-searches' });
    expect(listed.map((search) => search.text)).toEqual(['elytra']);

    // Edits around it: a search saved, an alert set on the newer one, a player watched and unwatched.
    expect(await ask(popup, { type: 'save-search', text: 'gold', sort: 'recent' })).toMatchObject({
      ok: true,
    });
    expect(
      await ask(popup, { type: 'set-saved-search-alert', id: 'n2newer02', alertBelow: 5 }),
    ).toMatchObject({ ok: true });
    expect(await ask(popup, { type: 'watch', uuid: JEB, name: 'jeb_' })).toMatchObject({ watched: true });
    expect(await ask(popup, { type: 'unwatch', uuid: JEB })).toMatchObject({ watched: false });

    const stored = await syncItems(popup);
    // Untouched: the search it cannot read, and the watched player it only read.
    expect(stored['search:n1newer01']).toEqual(NEWER['search:n1newer01']);
    expect(stored[`watch:${NOTCH}`]).toEqual(NEWER[`watch:${NOTCH}`]);
    // Edited: the alert is set, the newer version mark and the unknown field stay.
    expect(stored['search:n2newer02']).toMatchObject({ ...NEWER['search:n2newer02'], alertBelow: 5 });
    const texts = Object.values(stored).flatMap((item) =>
      typeof item === 'object' && item !== null && 'text' in item ? [(item as { text: string }).text] : [],
    );
    expect(texts.sort()).toEqual(['diamond', 'elytra', 'gold']);
  });
});

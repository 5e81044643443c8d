import type { Page } from '@playwright/test';
import { HISTORY_DATABASE, STORED_VALUES, storedValueOf } from '../../utils/storage/data-registry';
import { expect, test } from './fixtures';
import { lookUp, openConfiguredPopup, showTab } from './popup-helpers';
import { checkInBackgroundUntil, watchByMessage } from './watchlist-helpers';

/**
 * The registry of stored values (utils/storage/data-registry.ts) against the running extension:
 * after a session that uses every feature that stores something, each key in storage.local,
 * storage.sync and storage.session, and each store of the history database, is one the privacy
 * policy lists. The unit test reads the code; this reads what the code wrote.
 */

type Areas = Record<'local' | 'sync' | 'session', string[]>;

function storedKeys(page: Page): Promise<Areas> {
  return page.evaluate(async () => ({
    local: Object.keys(await chrome.storage.local.get(null)),
    sync: Object.keys(await chrome.storage.sync.get(null)),
    session: Object.keys(await chrome.storage.session.get(null)),
  }));
}

test('every key and history store the extension writes in use is one the privacy policy lists', async ({
  configure,
  openExtensionPage,
  demo,
}) => {
  test.setTimeout(90_000);
  const popup = await openConfiguredPopup({ configure, openExtensionPage });
  // A look-up, a watched player, a saved search, then background slots for each stream.
  await lookUp(popup, 'Steve');
  await expect(popup.getByRole('heading', { name: 'Steve', exact: true }).first()).toBeVisible();
  await watchByMessage(popup, demo.setPlayer('Steve', { online: true }));
  await showTab(popup, 'Auctions');
  await popup.getByRole('searchbox', { name: 'Search auctions' }).fill('diamond');
  await expect(popup.getByRole('region', { name: 'Auction listings' })).toHaveAttribute('aria-busy', 'false');
  await popup.getByRole('button', { name: 'Save search' }).click();
  await expect(popup.getByText('Saved: it is listed under Saved searches.')).toBeVisible();
  await checkInBackgroundUntil(
    popup,
    async () => {
      const keys = await storedKeys(popup);
      return keys.local.includes('watch:checked') && keys.session.includes('badge:poller');
    },
    30_000,
  );

  const keys = await storedKeys(popup);
  const unknown = (Object.entries(keys) as [keyof Areas, string[]][]).flatMap(([area, names]) =>
    names.filter((name) => storedValueOf(area, name) === undefined).map((name) => `${area} ${name}`),
  );
  expect(unknown).toEqual([]);
  // The session used what it should have: the synced items and the local values are there.
  expect(keys.sync.map((name) => storedValueOf('sync', name)?.id)).toEqual(
    expect.arrayContaining(['watchedPlayers', 'savedSearches']),
  );
  expect(keys.local).toEqual(expect.arrayContaining(['settings', 'apiKey', 'recentPlayers']));

  const stores = await popup.evaluate(
    (name) =>
      new Promise<string[]>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          resolve([...request.result.objectStoreNames]);
          request.result.close();
        };
      }),
    HISTORY_DATABASE,
  );
  const listed = STORED_VALUES.filter((value) => value.area === 'indexeddb').map((value) => value.key);
  expect(stores.sort()).toEqual(listed.sort());
});

import type { Page, Worker } from '@playwright/test';
import { expect, test } from './fixtures';
import { lookUp } from './popup-helpers';
import { fireSchedulerAlarmUntil, saveSettingsFrom } from './scheduler-helpers';
import { notificationsShown, watchByMessage } from './watchlist-helpers';

/** Rank watch's state in storage.local (utils/rank-watch/rank-state.ts RANK_WATCH_KEY). */
const RANK_WATCH_KEY = 'rank:watch';

type RankState = { boards: Record<string, { lastReadAt?: number; reads?: { at: number }[] } | undefined> };

async function readsOf(page: Page, board: string): Promise<number> {
  return page.evaluate(
    async ({ key, board }) => {
      const { [key]: raw } = await chrome.storage.local.get(key);
      return (raw as RankState | undefined)?.boards[board]?.reads?.length ?? 0;
    },
    { key: RANK_WATCH_KEY, board },
  );
}

/** Every board read made `ms` older, as if that much time had gone by: each board is due again. */
async function ageRankState(page: Page, ms: number): Promise<void> {
  await page.evaluate(
    async ({ key, ms }) => {
      const { [key]: raw } = await chrome.storage.local.get(key);
      const state = raw as RankState;
      for (const board of Object.values(state.boards)) {
        if (board === undefined) continue;
        if (typeof board.lastReadAt === 'number') board.lastReadAt -= ms;
        for (const read of board.reads ?? []) read.at -= ms;
      }
      await chrome.storage.local.set({ [key]: state });
    },
    { key: RANK_WATCH_KEY, ms },
  );
}

const HOUR_MS = 3_600_000;

/**
 * Every notification id the worker creates from now on, kept in the worker: the browser drops a
 * shown notification from getAll() once it times out, so a repeat could not be told from none.
 */
async function recordNotifications(serviceWorker: Worker): Promise<void> {
  await serviceWorker.evaluate(() => {
    const api = chrome.notifications as unknown as { create: (...args: unknown[]) => unknown };
    const create = api.create.bind(api);
    const created: string[] = [];
    (globalThis as unknown as { rankCreated: string[] }).rankCreated = created;
    api.create = (...args: unknown[]) => {
      if (typeof args[0] === 'string') created.push(args[0]);
      return create(...args);
    };
  });
}

function rankNotifications(serviceWorker: Worker): Promise<string[]> {
  return serviceWorker.evaluate(() =>
    ((globalThis as unknown as { rankCreated?: string[] }).rankCreated ?? [])
      .filter((id) => id.startsWith('rank-watch:'))
      .sort(),
  );
}

/**
 * The gateway keeps a board for as long as the server takes to recompute it (5 min for kills);
 * the test's hour passes only in the stored times, so the cache is emptied as a key change does
 * (connection-feature.ts): the key is written again.
 */
async function emptyGatewayCache(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const { apiKey } = await chrome.storage.local.get('apiKey');
    await chrome.storage.local.set({ apiKey: '' });
    await chrome.storage.local.set({ apiKey });
  });
}

test.describe('rank watch', () => {
  test.describe.configure({ timeout: 90_000 });

  test('your own name in Options, top 10 notifications: a watched player entering and overtaking you is announced once, and the card says the place', async ({
    configure,
    openExtensionPage,
    demo,
    serviceWorker,
  }) => {
    await configure();
    demo.setPlayer('Steve', { kills: 900_000 });
    demo.setPlayer('Notch', { kills: 800_000 });
    const jeb = demo.setPlayer('jeb_', { kills: 0 });

    const options = await openExtensionPage('options.html');
    // Only rank watch and the watchlist ask in the background.
    await saveSettingsFrom(options, { badgeEnabled: false });
    await watchByMessage(options, jeb);
    const ownName = options.getByLabel('Your player name (optional)');
    await ownName.fill('Steve');
    await ownName.press('Enter');
    const section = options.getByRole('region', { name: 'Rank watch' });
    await section.getByRole('checkbox', { name: 'Watch board places' }).check();
    await section.getByRole('checkbox', { name: 'Notify me when a place changes' }).check();
    await expect(section.getByRole('combobox', { name: 'Notify for the top' })).toHaveValue('10');
    await expect
      .poll(() => options.evaluate(async () => (await chrome.storage.local.get('settings')).settings))
      .toMatchObject({ ownName: 'Steve', rankWatch: true, rankNotify: true, rankNotifyTop: 10 });

    await recordNotifications(serviceWorker);
    // The first read of each board: a baseline, nothing announced.
    await fireSchedulerAlarmUntil(options, async () => (await readsOf(options, 'kills')) >= 1, 12);
    expect(await rankNotifications(serviceWorker)).toEqual([]);

    // jeb_ climbs past Notch and you; Notch passes you too.
    demo.setPlayer('jeb_', { kills: 1_000_000 });
    demo.setPlayer('Notch', { kills: 950_000 });
    await ageRankState(options, HOUR_MS);
    await emptyGatewayCache(options);
    await fireSchedulerAlarmUntil(options, async () => (await readsOf(options, 'kills')) >= 2, 12);
    await expect
      .poll(async () =>
        (await notificationsShown(serviceWorker)).filter((id) => id.startsWith('rank-watch:')).sort(),
      )
      .toEqual([
        expect.stringMatching(/^rank-watch:Notch:kills:overtaken:/),
        expect.stringMatching(/^rank-watch:jeb_:kills:entered:/),
        expect.stringMatching(/^rank-watch:jeb_:kills:overtaken:/),
      ]);
    expect(await rankNotifications(serviceWorker)).toHaveLength(3);

    // Read again with nothing changed: no notification repeated.
    await ageRankState(options, HOUR_MS);
    await emptyGatewayCache(options);
    await fireSchedulerAlarmUntil(options, async () => (await readsOf(options, 'kills')) >= 3, 12);
    expect(await rankNotifications(serviceWorker)).toHaveLength(3);

    const popup = await openExtensionPage('popup.html');
    await popup.setViewportSize({ width: 380, height: 600 });
    await lookUp(popup, 'Steve');
    const places = popup.getByRole('region', { name: 'Board places' });
    await expect(places.getByText('#3 in kills', { exact: true })).toBeVisible();
    await lookUp(popup, 'jeb_');
    await expect(places.getByText('#1 in kills', { exact: true })).toBeVisible();
  });
});

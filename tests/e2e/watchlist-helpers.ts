import { expect, type Page, type Worker } from '@playwright/test';
import type { DemoServer } from '../../demo/server';
import { recordedNotifications } from './notification-helpers';
import { ageStoredTime, fireSchedulerAlarm, saveSettingsFrom } from './scheduler-helpers';

/**
 * The watchlist in e2e: watching through the background's own message (as the Watch button
 * does), reading the notifications the service worker shows, and letting the background's
 * checks happen now instead of in minutes.
 */

export async function watchByMessage(page: Page, player: { uuid: string; name: string }): Promise<void> {
  const reply = await page.evaluate((message) => chrome.runtime.sendMessage(message), {
    type: 'watch',
    uuid: player.uuid,
    name: player.name,
  });
  expect(reply).toEqual({ watched: true, full: false });
}

/**
 * The ids of the extension's notifications: those the browser still holds, and those created since
 * recordNotifications (notification-helpers.ts), as Chromium drops a shown one once it times out.
 */
export async function notificationsShown(serviceWorker: Worker): Promise<string[]> {
  const held = await serviceWorker.evaluate(async () => {
    const api = (chrome as unknown as { notifications: { getAll(): Promise<Record<string, boolean>> } })
      .notifications;
    return Object.keys(await api.getAll());
  });
  const created = (await recordedNotifications(serviceWorker)).map((shown) => shown.id);
  return [...new Set([...created, ...held])];
}

/**
 * Background checks until `predicate` holds: the scheduler's next slot now, again and again
 * (the badge is turned off first, so every slot goes to the watchlist).
 */
export async function checkInBackgroundUntil(
  page: Page,
  predicate: () => boolean | Promise<boolean>,
  timeout = 10_000,
): Promise<void> {
  await expect
    .poll(
      async () => {
        if (await predicate()) return true;
        await fireSchedulerAlarm(page);
        return false;
      },
      { timeout, intervals: [300, 500, 1_000] },
    )
    .toBe(true);
}

/** How many times the demo server has been asked for this player so far. */
export const requestsFor = (demo: Pick<DemoServer, 'log'>, uuid: string) => (): number =>
  demo.log().filter((entry) => entry.endpoint === 'player' && entry.path.includes(uuid)).length;

/**
 * Watch `player`, then fire the scheduler's slots until the background has seen them (`seen`;
 * by default, the demo server was asked for them): the first observation, which never
 * notifies. Returns the player's request count, to wait on a later check with.
 */
export async function watchUntilSeen(
  page: Page,
  demo: Pick<DemoServer, 'log'>,
  player: { uuid: string; name: string },
  seen?: () => boolean | Promise<boolean>,
): Promise<() => number> {
  await watchByMessage(page, player);
  const requests = requestsFor(demo, player.uuid);
  await checkInBackgroundUntil(page, seen ?? (() => requests() >= 1));
  return requests;
}

/** Only the watchlist asks in the background (no badge count), and notifications on or off. */
export async function watchlistSettings(page: Page, notify: boolean): Promise<void> {
  await saveSettingsFrom(page, { badgeEnabled: false, notifyWatchedOnline: notify });
}

/**
 * What this browser saw of each watched player, made `ms` older: Check now reuses a status
 * younger than 30 s (entrypoints/background/watchlist/check-now.ts), and a test that changes the
 * server between two presses wants the second to ask again.
 */
export function ageWatchlistStatuses(page: Page, ms = 31_000): Promise<void> {
  return ageStoredTime(page, { area: 'local', key: 'watchlistStatus', path: ['*', 'checkedAt'] }, ms);
}

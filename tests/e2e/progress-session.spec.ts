import type { Page } from '@playwright/test';
import { seriousViolations } from './axe-helpers';
import { expect, test } from './fixtures';
import { historyRecords } from './history-helpers';
import { lookUp, openConfiguredPopup, showTab } from './popup-helpers';
import { checkInBackgroundUntil, watchlistSettings, watchUntilSeen } from './watchlist-helpers';

/**
 * A watched player's session on their card (issue 35), in Chromium against the demo server: the
 * background's own checks (the scheduler's slots, fired now) see the player offline, then come
 * online, then with more kills and balance; the card then says what this session gained.
 */

interface StoredStatus {
  online: boolean;
  checkedAt: number;
  onlineSince?: number;
}

/** The player's status as the background keeps it (utils/watchlist/status.ts). */
function statusOf(page: Page, uuid: string): Promise<StoredStatus | undefined> {
  return page.evaluate(async (uuid) => {
    const { watchlistStatus } = await chrome.storage.local.get('watchlistStatus');
    return (watchlistStatus as Record<string, StoredStatus> | undefined)?.[uuid];
  }, uuid.toLowerCase());
}

test.describe('progress on a watched player’s card', () => {
  // Two background checks past the gateway's 30 s cache of the player (as watchlist.spec.ts waits).
  test.describe.configure({ timeout: 120_000 });
  test('a player seen coming online who then plays: the card shows the session’s gains', async ({
    configure,
    openExtensionPage,
    demo,
  }) => {
    const notch = demo.setPlayer('Notch', { online: false });
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await watchlistSettings(popup, false);
    // A background check sees the player offline: the baseline.
    await watchUntilSeen(
      popup,
      demo,
      notch,
      async () => (await statusOf(popup, notch.uuid))?.online === false,
    );

    // They log in; the first background check past the cached answer sees them come online,
    // and keeps that moment.
    demo.setPlayer('Notch', { online: true });
    await checkInBackgroundUntil(
      popup,
      async () => (await statusOf(popup, notch.uuid))?.onlineSince !== undefined,
      45_000,
    );
    const started = await statusOf(popup, notch.uuid);

    // They play: more kills and balance, seen by the next check past the cache, recorded as a snapshot.
    demo.setPlayer('Notch', { kills: notch.stats.kills + 5, balance: notch.balance + 250 });
    await checkInBackgroundUntil(
      popup,
      async () => {
        const snapshots = await historyRecords<{ kills: number; balance: number }>(popup, 'playerSnapshots');
        return snapshots.some(
          (row) => row.kills === notch.stats.kills + 5 && row.balance === notch.balance + 250,
        );
      },
      45_000,
    );
    expect((await statusOf(popup, notch.uuid))?.onlineSince).toBe(started?.onlineSince);

    await showTab(popup, 'Player');
    await lookUp(popup, 'Notch');
    const progress = popup.getByRole('region', { name: 'Progress' });
    const session = progress.getByRole('region', { name: /^This session, for / });
    await expect(session).toContainText('+5 kills');
    await expect(session).toContainText('+250 balance');
    // Online: the API says kills may lag, and the card says so.
    await expect(session).toContainText('Kills, deaths and playtime may lag while Notch is online.');
    await expect(progress.getByRole('region', { name: /^Today · since / })).toBeVisible();
    await expect(progress.getByRole('region', { name: /^This week · since / })).toBeVisible();
    await expect(progress.locator('[aria-busy="true"]')).toHaveCount(0);
    // Readable in both themes: no serious or critical axe finding in the progress section.
    for (const colorScheme of ['light', 'dark'] as const) {
      await popup.emulateMedia({ colorScheme });
      expect(await seriousViolations(popup, ['.player-progress'])).toEqual([]);
    }
  });
});

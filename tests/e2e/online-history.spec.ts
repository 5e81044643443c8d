import type { Worker } from '@playwright/test';
import { seriousViolations } from './axe-helpers';
import { expect, test } from './fixtures';
import { HOUR_MS, putHistoryRecords } from './history-helpers';
import { fireSchedulerAlarmUntil } from './scheduler-helpers';

/**
 * Online history (issue 15): every count the badge fetches is recorded in the history store;
 * the header's count opens the chart with min, max and now in words; Clear history in the
 * Options page empties the store and the chart says there is no data yet.
 */

const badgeText = (serviceWorker: Worker) => serviceWorker.evaluate(() => chrome.action.getBadgeText({}));

/**
 * Let a badge interval pass: the scheduler's next slot, through the browser's own alarm event;
 * fired again if the slot before, still settling, armed its alarm over this one (seen in CI).
 */
async function pollBadge(serviceWorker: Worker, expected: string) {
  await fireSchedulerAlarmUntil(serviceWorker, async () => (await badgeText(serviceWorker)) === expected);
}

test.describe('online history', () => {
  test('records each badge poll; the chart from the header shows min, max and now; Clear history empties it', async ({
    demo,
    serviceWorker,
    configure,
    openExtensionPage,
  }) => {
    demo.setOnlineCount(140);
    await configure();
    await expect.poll(() => badgeText(serviceWorker)).toBe('140');
    for (const count of [310, 95, 220]) {
      demo.setOnlineCount(count);
      await pollBadge(serviceWorker, String(count));
    }

    demo.setOnlineCount(180);
    await pollBadge(serviceWorker, '180');
    // Opening the popup seconds later shows the badge's count and asks for none.
    const counts = () => demo.log().filter((entry) => entry.endpoint === 'count').length;
    const before = counts();
    const popup = await openExtensionPage('popup.html');
    await popup.setViewportSize({ width: 380, height: 600 });
    const count = popup.getByRole('button', { name: '180 online' });
    await expect(count).toBeVisible();
    expect(counts()).toBe(before);
    await expect(count).toHaveAttribute('aria-expanded', 'false');
    await count.click();
    await expect(count).toHaveAttribute('aria-expanded', 'true');

    const history = popup.getByRole('region', { name: 'Online history' });
    // Five counts within a minute: collecting, not a vertical line; the figures in words.
    await expect(history.getByText(/^Collecting data: the chart appears after a few checks/)).toBeVisible();
    await expect(history.getByText(/^Min 95, max 310, now 180/)).toBeVisible();
    await expect(history.getByRole('img')).toHaveCount(0);

    // Counts from the hours before (an hour to a record, as online-hours.ts stores them).
    const now = Date.now();
    await putHistoryRecords(
      popup,
      'onlineHours',
      [
        [3, 150],
        [2, 200],
      ].map(([hours = 0, count]) => {
        const time = now - hours * HOUR_MS;
        return { start: Math.floor(time / HOUR_MS) * HOUR_MS, rows: [{ time, count }] };
      }),
    );
    await history.getByRole('button', { name: '7 d' }).click();
    await history.getByRole('button', { name: '24 h' }).click();
    const chart = history.getByRole('img', { name: /^Online players, last 24 hours\./ });
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAccessibleName(/Min 95, max 310, now 180 \(at .+\)\.$/);
    await expect(history.getByText(/^Min 95, max 310, now 180/)).toBeVisible();
    // uPlot arrived with the chart and drew it.
    await expect(chart.locator('canvas').first()).toBeVisible();
    // The crosshair: the count and the time under the pointer, in words.
    const readout = history.locator('.time-chart__readout');
    await expect(readout).toContainText('Online players 180');
    const box = await chart.boundingBox();
    if (!box) throw new Error('the chart has no box');
    await chart.hover({ position: { x: box.width * 0.2, y: box.height / 2 } });
    await expect(readout).toContainText(/Online players (150|200)/);
    for (const colorScheme of ['light', 'dark'] as const) {
      await popup.emulateMedia({ colorScheme });
      expect(await seriousViolations(popup, ['#online-history', '.popup-header']), colorScheme).toEqual([]);
    }
    await history.getByRole('button', { name: '7 d' }).click();
    await expect(
      history.getByRole('img', { name: /^Online players, last 7 days\. Min 95, max 310/ }),
    ).toBeVisible();

    // Options: the size figure, then Clear history, asked first.
    const options = await openExtensionPage('options.html');
    const section = options.getByRole('region', { name: 'History' });
    await section.getByRole('button', { name: 'History' }).click();
    await expect(
      section.getByText(
        /^About .+: [1-9][\d,]* online counts, 0 player snapshots, 0 price points, 0 listings seen\.$/,
      ),
    ).toBeVisible();
    await section.getByRole('button', { name: 'Clear history' }).click();
    await section.getByRole('button', { name: 'Delete history' }).click();
    await expect(section.getByText('No history stored yet.')).toBeVisible();
    await expect(section.getByRole('status')).toContainText('History cleared');

    // The popup, still open, reads the store again when the chart reopens: nothing there.
    await popup.bringToFront();
    await history.getByRole('button', { name: 'Close' }).click();
    await expect(history).toBeHidden();
    await count.click();
    await expect(
      popup.getByRole('region', { name: 'Online history' }).getByText(/^No data yet\./),
    ).toBeVisible();
  });
});

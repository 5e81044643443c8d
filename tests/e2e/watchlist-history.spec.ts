import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { analyzeOffTheClock } from './axe-helpers';
import { expect, test } from './fixtures';
import { HOUR_MS, historyRecords, putHistoryRecords } from './history-helpers';
import { openConfiguredPopup } from './popup-helpers';
import { ageWatchlistStatuses, watchByMessage, watchlistSettings } from './watchlist-helpers';

/**
 * Watched players over time in Chromium against the demo server: every Check now records a
 * snapshot when something changed (entrypoints/background/history/history-recorder.ts), the
 * Watchlist says what changed this week, and the player's card charts it.
 */

async function checkNow(popup: Page): Promise<void> {
  // Each press asks the server again: no answer younger than Check now's 30 s reuse.
  await ageWatchlistStatuses(popup);
  await popup.getByRole('button', { name: 'Check now' }).click();
  await expect(popup.getByText('Checked 1 player just now.')).toBeVisible();
}

/** Serious and critical axe violations in either theme (as popup-a11y.spec.ts checks the tabs). */
async function seriousViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const results = await analyzeOffTheClock(new AxeBuilder({ page }));
    for (const violation of results.violations) {
      if (violation.impact === 'serious' || violation.impact === 'critical')
        found.push(
          `${colorScheme} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        );
    }
  }
  return found;
}

/**
 * The share of the chart canvas's height the series line takes: the rows between the highest
 * and the lowest pixel drawn in the line's colour (`--chart-series-1`), over the canvas height.
 */
async function lineHeightShare(chart: Locator): Promise<number> {
  return chart.evaluate((plot) => {
    const canvas = plot.querySelector('canvas');
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return 0;
    // The line's colour as the canvas writes it.
    const probe = document.createElement('canvas').getContext('2d');
    if (!probe) return 0;
    probe.fillStyle = getComputedStyle(plot).getPropertyValue('--chart-series-1').trim();
    probe.fillRect(0, 0, 1, 1);
    const [red, green, blue] = probe.getImageData(0, 0, 1, 1).data;
    const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
    let top = height;
    let bottom = -1;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const at = (y * width + x) * 4;
        const near =
          Math.abs((data[at] ?? 0) - (red ?? 0)) +
            Math.abs((data[at + 1] ?? 0) - (green ?? 0)) +
            Math.abs((data[at + 2] ?? 0) - (blue ?? 0)) <
            40 && (data[at + 3] ?? 0) > 200;
        if (!near) continue;
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
    return bottom < top ? 0 : (bottom - top + 1) / height;
  });
}

/**
 * Watches the History section while its charts wait a frame (PlayerHistory.tsx): its height
 * then, read in the observer of the commit it appears in, before any frame is painted.
 */
async function watchWaitingHistory(popup: Page): Promise<void> {
  await popup.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { __waitingHistory: number[] }).__waitingHistory = seen;
    new MutationObserver(() => {
      const waiting = document.querySelector('.player-history__waiting');
      const section = waiting?.closest('.player-history');
      if (section) seen.push(section.getBoundingClientRect().height);
    }).observe(document.body, { childList: true, subtree: true });
  });
}

/**
 * The History section had its final height while its charts waited (watchWaitingHistory): the
 * last waiting height seen, against the height now; a px or two for how the words wrap.
 */
async function expectWaitedInPlace(popup: Page, history: Locator): Promise<void> {
  const seen = await popup.evaluate(
    () => (window as unknown as { __waitingHistory: number[] }).__waitingHistory,
  );
  const waited = seen.at(-1);
  expect(waited).toBeDefined();
  const final = (await history.boundingBox())?.height ?? 0;
  expect(Math.abs((waited ?? 0) - final)).toBeLessThanOrEqual(2);
}

test.describe('watched players over time', () => {
  test.describe.configure({ timeout: 70_000 });
  test('a watched player’s kills change on the server; after Check now the Watchlist shows the delta and the card charts it', async ({
    configure,
    openExtensionPage,
    demo,
  }) => {
    // Offline: the API says the stats are current (`stats_may_lag` false), so they count.
    const notch = demo.setPlayer('Notch', { online: false });
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await watchlistSettings(popup, false);
    await watchByMessage(popup, notch);
    await popup.getByRole('tab', { name: 'Watchlist' }).click();
    const item = popup.getByRole('list', { name: 'Watched players' }).getByRole('listitem');
    await expect(item).toHaveCount(1);

    await checkNow(popup);
    // One snapshot: nothing to compare yet, so nothing is said.
    await expect(item).not.toContainText('this week');

    demo.setPlayer('Notch', { kills: notch.stats.kills + 7 });
    await checkNow(popup);
    await expect(item).toContainText('+7 kills this week');
    expect(await seriousViolations(popup)).toEqual([]);

    // Two snapshots seconds apart: the card says once that it is collecting, with the figures.
    await watchWaitingHistory(popup);
    await item.getByRole('button', { name: 'Notch', exact: true }).click();
    const history = popup.getByRole('region', { name: 'History, last 7 days' });
    await expect(history).toBeVisible();
    await expect(history.getByText(/^Collecting data: the chart appears after a few checks/)).toHaveCount(1);
    await expect(history.getByText(/^Kills, last 7 days$/)).toBeVisible();
    await expect(history.getByRole('img')).toHaveCount(0);
    // The box the text waited in had its height (within a px or two of wrap): nothing moved.
    await expectWaitedInPlace(popup, history);
    expect(await seriousViolations(popup)).toEqual([]);

    // The first snapshot two days earlier: now each stat is a line over two days, titled above.
    const snapshots = await historyRecords<{ time: number }>(popup, 'playerSnapshots');
    const first = snapshots.reduce((a, b) => (a.time < b.time ? a : b));
    await putHistoryRecords(popup, 'playerSnapshots', [{ ...first, time: first.time - 48 * HOUR_MS }]);
    await popup.getByRole('tab', { name: 'Watchlist' }).click();
    await item.getByRole('button', { name: 'Notch', exact: true }).click();
    await expect(history.getByRole('img', { name: /^Kills, last 7 days\./ })).toHaveAttribute(
      'aria-label',
      new RegExp(`highest ${(notch.stats.kills + 7).toLocaleString('en-US')}, latest`),
    );
    const kills = history.getByRole('img', { name: /^Kills, last 7 days\./ });
    const box = await kills.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(120);
    await expect(history.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectWaitedInPlace(popup, history);
    // The climb uses the plot’s height: 67 of the 120 px; uPlot’s own y range and 50 px x axis drew it in 51.
    expect(await lineHeightShare(kills)).toBeGreaterThan(0.5);
    expect(await seriousViolations(popup)).toEqual([]);
  });
});

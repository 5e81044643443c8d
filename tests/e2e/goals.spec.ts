import type { Page } from '@playwright/test';
import { seriousViolations } from './axe-helpers';
import { expect, test } from './fixtures';
import { HOUR_MS, putHistoryRecords } from './history-helpers';
import { lookUp, openConfiguredPopup } from './popup-helpers';

/**
 * Goals (issue 35) in Chromium against the demo server: a goal set from a looked-up player's
 * card shows its progress bar; with snapshots recorded over days (added to the history database
 * beside the extension's, as tests/e2e/history-helpers.ts says why) the card gives a projected
 * date with its range; Remove takes the goal away.
 */

const DAY_MS = 24 * HOUR_MS;
const PER_DAY = 100;

/** The goals region once it has read the goals and the player's snapshots. */
async function goalsOf(popup: Page) {
  const goals = popup.getByRole('article', { name: 'Player Notch' }).getByRole('region', { name: 'Goals' });
  await expect(goals).toHaveAttribute('aria-busy', 'false');
  return goals;
}

test.describe('goals', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a goal set on a card shows its progress, then a projected date once snapshots span days', async ({
    configure,
    openExtensionPage,
    demo,
  }) => {
    // Offline: the API says the stats are current, so every snapshot's kills count.
    const notch = demo.setPlayer('Notch', { online: false });
    const kills = notch.stats.kills;
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await lookUp(popup, 'Notch');
    let goals = await goalsOf(popup);
    await expect(goals.getByText('No goals for Notch yet.')).toBeVisible();

    // The form says why a target is refused, then takes a good one.
    await goals.getByRole('button', { name: 'Set a goal…' }).click();
    const form = goals.getByRole('form', { name: 'New goal' });
    await form.getByRole('combobox', { name: 'Stat' }).selectOption({ label: 'kills' });
    await form.getByRole('radio', { name: 'Reach a value' }).check();
    const target = form.getByRole('textbox', { name: 'Value to reach' });
    await target.fill(String(kills));
    await form.getByRole('button', { name: 'Save goal' }).click();
    await expect(
      form.getByText(`Already at ${kills.toLocaleString('en-US')}: choose a higher value.`),
    ).toBeVisible();
    await expect(target).toHaveAttribute('aria-invalid', 'true');
    const goalValue = kills + 10 * PER_DAY;
    await target.fill(goalValue.toLocaleString('en-US'));
    await form.getByRole('button', { name: 'Save goal' }).click();

    const title = `${goalValue.toLocaleString('en-US')} kills`;
    const bar = goals.getByRole('progressbar', { name: title });
    await expect(bar).toHaveAttribute('aria-valuemin', String(kills));
    await expect(bar).toHaveAttribute('aria-valuemax', String(goalValue));
    await expect(bar).toHaveAttribute('aria-valuenow', String(kills));
    await expect(
      goals.getByText(/^Not enough data yet for a date: 2 more snapshots and 2 more days of history\./),
    ).toBeVisible();

    // Four days of checks, kills rising 100 a day to today's value.
    const now = Date.now();
    const snapshot = (daysAgo: number) => ({
      uuid: notch.uuid.toLowerCase(),
      time: now - daysAgo * DAY_MS,
      name: notch.name,
      rankDisplay: notch.rank.display,
      balance: notch.balance,
      shards: notch.shards,
      kills: kills - daysAgo * PER_DAY,
      deaths: notch.stats.deaths,
      playtimeHours: notch.stats.playtime_hours,
      statsMayLag: false,
    });
    await putHistoryRecords(popup, 'playerSnapshots', [4, 3, 2, 1].map(snapshot));

    // Looked up again: the card reads the snapshots and projects about ten days ahead.
    await lookUp(popup, 'Notch');
    goals = await goalsOf(popup);
    const projection = goals.getByText(/^At [\d.,]+ a day, around /);
    await expect(projection).toBeVisible();
    const text = (await projection.textContent()) ?? '';
    const pace = Number(/^At ([\d.,]+) a day/.exec(text)?.[1]?.replaceAll(',', ''));
    expect(Math.abs(pace - PER_DAY)).toBeLessThan(5);
    const expected = new Date(now + 10 * DAY_MS).toLocaleDateString('en-US', { dateStyle: 'medium' });
    const nextDay = new Date(now + 11 * DAY_MS).toLocaleDateString('en-US', { dateStyle: 'medium' });
    expect([expected, nextDay].some((date) => text.includes(`around ${date}`))).toBe(true);
    expect(text).toMatch(/\(between .+ and .+\)\.$/);
    expect(await seriousViolations(popup)).toEqual([]);

    await goals.getByRole('button', { name: `Remove the goal ${title}` }).click();
    await expect(goals.getByText('No goals for Notch yet.')).toBeVisible();
  });

  test('a position goal: its target is the value at that place on the demo’s board now', async ({
    configure,
    openExtensionPage,
    demo,
  }) => {
    // The demo's control moves Notch well below the top 10 in kills.
    const notch = demo.setPlayer('Notch', { online: false, kills: 3 });
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    // The board as the extension reads it (the same message the card sends).
    const board = (await popup.evaluate(() =>
      chrome.runtime.sendMessage({ type: 'leaderboard', board: 'kills', limit: 10 }),
    )) as { ok: boolean; data: { entries: { rank: number; value: number; uuid: string }[] } };
    expect(board.ok).toBe(true);
    const tenth = board.data.entries.find((entry) => entry.rank === 10);
    expect(tenth).toBeDefined();
    expect(board.data.entries.some((entry) => entry.uuid.toLowerCase() === notch.uuid.toLowerCase())).toBe(
      false,
    );
    // One more than the value at 10th place: a tie does not pass it (utils/goals/goal-status.ts).
    const needed = (tenth?.value ?? 0) + 1;

    await lookUp(popup, 'Notch');
    const goals = await goalsOf(popup);
    await goals.getByRole('button', { name: 'Set a goal…' }).click();
    const form = goals.getByRole('form', { name: 'New goal' });
    await form.getByRole('combobox', { name: 'Stat' }).selectOption({ label: 'kills' });
    await form.getByRole('radio', { name: 'Reach a leaderboard position' }).check();
    await form.getByRole('textbox', { name: /^Position/ }).fill('10');
    await form.getByRole('button', { name: 'Save goal' }).click();

    const bar = goals.getByRole('progressbar', { name: 'Top 10 in kills' });
    await expect(bar).toHaveAttribute('aria-valuemax', String(needed));
    await expect(bar).toHaveAttribute('aria-valuemin', '3');
    await expect(bar).toHaveAttribute('aria-valuenow', '3');
    await expect(goals.getByText(`Top 10 needs ${needed.toLocaleString('en-US')} now.`)).toBeVisible();
    expect(await seriousViolations(popup)).toEqual([]);
  });
});

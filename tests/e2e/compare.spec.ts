import { DEMO_FIXTURE_UUIDS } from '../../demo/fixtures';
import { seriousViolations } from './axe-helpers';
import { expect, test } from './fixtures';
import { HOUR_MS, putHistoryRecords } from './history-helpers';
import { lookUp, openConfiguredPopup } from './popup-helpers';
import { watchByMessage, watchlistSettings } from './watchlist-helpers';

/**
 * Compare (issue 35) in Chromium against the demo server: from a looked-up player's card,
 * "Compare with…" another name shows both side by side, the better value of each stat marked in
 * words, not by colour alone, and both recorded histories on one chart.
 */

/** A player's snapshot `hoursAgo`, as the history recorder writes it (utils/history/history-rows.ts). */
const snapshot = (uuid: string, name: string, hoursAgo: number, kills: number) => ({
  uuid,
  time: Date.now() - hoursAgo * HOUR_MS,
  name,
  rankDisplay: '',
  balance: 0,
  shards: 0,
  kills,
  deaths: 0,
  playtimeHours: 0,
  statsMayLag: false,
});

test.describe('compare', () => {
  test.describe.configure({ timeout: 90_000 });

  test('Compare with… puts two players side by side with the better values marked in words', async ({
    configure,
    openExtensionPage,
    demo,
  }) => {
    // Known values: Notch ahead on balance and kills, jeb_ with fewer deaths.
    demo.setPlayer('Notch', { online: false, balance: 5_000, kills: 900, deaths: 300 });
    demo.setPlayer('jeb_', { online: false, balance: 1_000, kills: 100, deaths: 20 });
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await lookUp(popup, 'Notch');
    const card = popup.getByRole('article', { name: 'Player Notch' });
    // The card has opened the history database (its goals read it): both players' histories.
    await expect(card.getByRole('region', { name: 'Goals' })).toHaveAttribute('aria-busy', 'false');
    await putHistoryRecords(popup, 'playerSnapshots', [
      snapshot(DEMO_FIXTURE_UUIDS.notch, 'Notch', 48, 800),
      snapshot(DEMO_FIXTURE_UUIDS.notch, 'Notch', 2, 900),
      snapshot(DEMO_FIXTURE_UUIDS.jeb, 'jeb_', 40, 60),
      snapshot(DEMO_FIXTURE_UUIDS.jeb, 'jeb_', 3, 100),
    ]);
    await card.getByRole('button', { name: 'Compare with…' }).click();
    const field = card.getByRole('textbox', { name: 'Player to compare with' });
    await expect(field).toBeFocused();
    await field.fill('Notch');
    await field.press('Enter');
    await expect(card.getByText('That is the same player: enter another name.')).toBeVisible();
    await field.fill('jeb_');
    await field.press('Enter');

    const table = card.getByRole('table', { name: 'Notch and jeb_ side by side' });
    await expect(table).toBeVisible();
    const row = (name: string) => table.getByRole('row', { name: new RegExp(`^${name}`) });
    await expect(row('Balance')).toHaveText(/^Balance5,000 ▲ better1,000$/);
    await expect(row('Kills per hour')).toContainText('▲ better');
    await expect(row('Deaths')).toHaveText(/^Deaths \(fewer is better\)30020 ▲ better$/);
    // The mark is in the cell's words, spoken with it.
    await expect(row('Balance').getByRole('cell').first()).toHaveText('5,000 ▲ better');
    // Both histories on one chart, each line's figures in words.
    const chart = card.getByRole('img', { name: /^Kills, Notch and jeb_, last 7 days\./ });
    await expect(chart).toHaveAttribute('aria-label', /Notch: .*highest 900.* jeb_: .*highest 100/);
    expect(await seriousViolations(popup)).toEqual([]);
  });
  test('the Watchlist compares two watched players picked from the list', async ({
    configure,
    openExtensionPage,
    demo,
  }) => {
    const notch = demo.setPlayer('Notch', { online: false, balance: 5_000 });
    const jeb = demo.setPlayer('jeb_', { online: false, balance: 1_000 });
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await watchlistSettings(popup, false);
    await watchByMessage(popup, notch);
    await watchByMessage(popup, jeb);
    await popup.getByRole('tab', { name: 'Watchlist' }).click();
    await expect(popup.getByRole('list', { name: 'Watched players' }).getByRole('listitem')).toHaveCount(2);
    await popup.getByRole('button', { name: 'Compare two…' }).click();
    const first = popup.getByRole('combobox', { name: 'First player' });
    const second = popup.getByRole('combobox', { name: 'Second player' });
    await expect(first).toBeFocused();
    await first.selectOption({ label: 'jeb_' });
    await second.selectOption({ label: 'jeb_' });
    await popup.getByRole('button', { name: 'Compare', exact: true }).click();
    await expect(popup.getByText('That is the same player: pick another.')).toBeVisible();
    await second.selectOption({ label: 'Notch' });
    await popup.getByRole('button', { name: 'Compare', exact: true }).click();
    const table = popup.getByRole('table', { name: 'jeb_ and Notch side by side' });
    await expect(table.getByRole('row', { name: /^Balance/ })).toHaveText(/^Balance1,0005,000 ▲ better$/);
    expect(await seriousViolations(popup)).toEqual([]);
  });
});

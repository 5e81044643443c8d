import { seriousViolations } from './axe-helpers';
import { expect, test } from './fixtures';
import { lookUp, openConfiguredPopup } from './popup-helpers';

/**
 * Compare (issue 35) in Chromium against the demo server: from a looked-up player's card,
 * "Compare with…" another name shows both side by side, the better value of each stat marked in
 * words, not by colour alone.
 */

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
    expect(await seriousViolations(popup)).toEqual([]);
  });
});

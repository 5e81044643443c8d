import { expect, test } from './fixtures';
import { lookUp, openConfiguredPopup } from './popup-helpers';

test.describe('popup: Player tab', () => {
  // Each test starts a browser and a demo server; allow for a busy machine.
  test.describe.configure({ timeout: 60_000 });

  test('looks up an online player and shows the card', async ({ configure, openExtensionPage }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await expect(popup.getByText(/^[\d,]+ online$/)).toBeVisible();
    await lookUp(popup, 'Steve');

    const card = popup.getByRole('article', { name: 'Player Steve' });
    await expect(card.getByRole('heading', { name: 'Steve' })).toBeVisible();
    await expect(card.getByText('ADMIN', { exact: true })).toBeVisible();
    await expect(card).not.toContainText('&');
    await expect(card.getByText('Online', { exact: true })).toBeVisible();
    await expect(card.getByText('48,213.57')).toBeVisible();
    await expect(card.getByText('1,520')).toBeVisible();
    await expect(card.getByText(/may be a few minutes behind while the player is online/)).toBeVisible();
    await expect(card.getByText('5a1f3c2e-9b7d-4e01-8c3a-0d2f6b9e1a47')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Copy UUID' })).toBeVisible();
  });

  test('an offline player with no deaths: no lag note, no Infinity', async ({
    configure,
    openExtensionPage,
  }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await popup.getByLabel('Player name or UUID').fill('Alex');
    await popup.getByRole('button', { name: 'Look up' }).click();
    const card = popup.getByRole('article', { name: 'Player Alex' });
    await expect(card.getByText('Offline', { exact: true })).toBeVisible();
    await expect(card.getByText('42.00')).toBeVisible();
    await expect(card).not.toContainText(/Infinity|NaN/);
    await expect(card.getByText(/may be a few minutes behind/)).toHaveCount(0);
  });

  test('looks up by UUID without dashes', async ({ configure, openExtensionPage }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await lookUp(popup, '069A79F444E94726A5BEFCA90E38AAF5');
    await expect(popup.getByRole('heading', { name: 'Notch' })).toBeVisible();
  });

  test('renders a hostile rank as text', async ({ configure, openExtensionPage }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    let dialogs = 0;
    popup.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    await lookUp(popup, 'Hostile_Rank');
    const card = popup.getByRole('article', { name: 'Player Hostile_Rank' });
    await expect(card).toContainText('<script>alert(1)</script>');
    await expect(card.locator('img, script')).toHaveCount(0);
    expect(dialogs).toBe(0);
  });

  test('404 names what was asked', async ({ configure, openExtensionPage }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await lookUp(popup, 'Nobody_Here');
    await expect(popup.getByRole('alert')).toContainText(
      'No player named Nobody_Here has joined the network.',
    );
  });

  test('invalid input gets an inline message and sends no request', async ({
    configure,
    openExtensionPage,
    demo,
  }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await expect(popup.getByText(/^[\d,]+ online$/)).toBeVisible();
    demo.clearLog();
    await lookUp(popup, 'no spaces allowed');
    await expect(popup.getByText('Enter a player name (3–16 letters, digits or _) or a UUID.')).toBeVisible();
    await expect(popup.getByLabel('Player name or UUID')).toHaveAttribute('aria-invalid', 'true');
    expect(demo.log().filter((entry) => entry.endpoint === 'player')).toEqual([]);
  });

  test('remembers the last tab and lookup when reopened', async ({ configure, openExtensionPage }) => {
    const first = await openConfiguredPopup({ configure, openExtensionPage });
    await lookUp(first, 'Notch');
    await expect(first.getByRole('heading', { name: 'Notch' })).toBeVisible();
    await first.close();

    const again = await openExtensionPage('popup.html');
    await expect(again.getByRole('tab', { name: 'Player' })).toHaveAttribute('aria-selected', 'true');
    await expect(again.getByLabel('Player name or UUID')).toHaveValue('Notch');
    await expect(again.getByRole('heading', { name: 'Notch' })).toBeVisible();
    // Suggestions come from recently looked-up names.
    await expect(again.locator('datalist#recent-players option[value="Notch"]')).toHaveCount(1);
  });

  test('keyboard: / focuses the field, Escape clears it', async ({ configure, openExtensionPage }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    const field = popup.getByLabel('Player name or UUID');
    await popup.getByRole('tab', { name: 'Player' }).focus();
    await popup.keyboard.press('/');
    await expect(field).toBeFocused();
    await expect(field).toHaveValue('');
    await popup.keyboard.type('Steve');
    await popup.keyboard.press('Escape');
    await expect(field).toHaveValue('');
  });
});

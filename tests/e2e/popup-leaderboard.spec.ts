import { expect, test } from './fixtures';
import { openConfiguredPopup, showTab } from './popup-helpers';

test.describe('popup: Leaderboard tab', () => {
  // Each test starts a browser and a demo server; allow for a busy machine.
  test.describe.configure({ timeout: 60_000 });

  test('shows the boards as ordered lists, with the limit control', async ({
    configure,
    openExtensionPage,
    demo,
  }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await showTab(popup, 'Leaderboard');
    const board = popup.getByRole('region', { name: 'Balance leaderboard' });
    const entries = board.getByRole('list').getByRole('listitem');
    await expect(entries).toHaveCount(10);
    await expect(entries.first()).toContainText(/^1\D/);
    await expect(entries.first()).toContainText(/[\d,]+(\.\d+)?$/);
    await expect(popup.getByText('Updated about every 45 s.')).toBeVisible();

    await popup.getByRole('radio', { name: 'Kills' }).check();
    await expect(popup.getByText('Updated about every 5 min.')).toBeVisible();
    await expect(popup.getByRole('region', { name: 'Kills leaderboard' }).getByRole('listitem')).toHaveCount(
      10,
    );

    await popup.getByRole('combobox', { name: 'Show' }).selectOption('25');
    await expect(popup.getByRole('region', { name: 'Kills leaderboard' }).getByRole('listitem')).toHaveCount(
      25,
    );
    expect(demo.log().at(-1)?.query).toMatchObject({ type: 'kills', limit: '25' });
  });

  test('never refetches a board before its refresh interval', async ({
    configure,
    openExtensionPage,
    demo,
  }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await showTab(popup, 'Leaderboard');
    await expect(
      popup.getByRole('region', { name: 'Balance leaderboard' }).getByRole('listitem'),
    ).toHaveCount(10);
    await popup.getByRole('radio', { name: 'Shards' }).check();
    await expect(popup.getByRole('region', { name: 'Shards leaderboard' }).getByRole('listitem')).toHaveCount(
      10,
    );
    await popup.getByRole('radio', { name: 'Balance' }).check();
    await expect(
      popup.getByRole('region', { name: 'Balance leaderboard' }).getByRole('listitem'),
    ).toHaveCount(10);
    await popup.close();
    const again = await openExtensionPage('popup.html');
    await expect(
      again.getByRole('region', { name: 'Balance leaderboard' }).getByRole('listitem'),
    ).toHaveCount(10);

    const balanceFetches = demo
      .log()
      .filter((e) => e.endpoint === 'leaderboard' && e.query.type === 'balance');
    expect(balanceFetches).toHaveLength(1);
  });

  test('activating a name opens the player view; your own name is highlighted', async ({
    configure,
    openExtensionPage,
  }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await showTab(popup, 'Leaderboard');
    const first = popup.getByRole('region', { name: 'Balance leaderboard' }).getByRole('listitem').first();
    const name = (await first.getByRole('button').textContent()) ?? '';
    expect(name).not.toBe('');

    // Set the own name the way the options page stores it.
    await popup.evaluate(async (ownName) => {
      const { settings } = await chrome.storage.local.get('settings');
      await chrome.storage.local.set({ settings: { ...(settings as object), ownName } });
    }, name);
    await popup.reload();
    const own = popup.getByRole('region', { name: 'Balance leaderboard' }).getByRole('listitem').first();
    await expect(own).toContainText('(you)');
    await expect(own).toHaveAttribute('aria-current', 'true');

    await own.getByRole('button', { name }).click();
    await expect(popup.getByRole('tab', { name: 'Player' })).toHaveAttribute('aria-selected', 'true');
    await expect(popup.getByRole('heading', { level: 2, name })).toBeVisible();
  });
});

import { expect, test } from './fixtures';
import { lookUp, showTab } from './popup-helpers';

/**
 * The side panel page (Chrome `side_panel`): the popup's App in a wider layout. Opened here in
 * a tab sized like a panel (a test cannot open Chrome's side panel itself: that needs a user
 * gesture). It looks players up, and an open panel keeps its countdowns ticking without
 * asking the API again.
 */

const PANEL = { width: 520, height: 900 };

test.describe('side panel', () => {
  test.describe.configure({ timeout: 60_000 });

  test('is the manifest’s side panel, renders the tabs at the panel’s width and looks up a player', async ({
    configure,
    openExtensionPage,
    serviceWorker,
  }) => {
    expect(await serviceWorker.evaluate(() => chrome.sidePanel.getOptions({}))).toMatchObject({
      path: 'sidepanel.html',
    });
    await configure();
    const panel = await openExtensionPage('sidepanel.html');
    await panel.setViewportSize(PANEL);
    await expect(panel.getByRole('heading', { name: 'Network Companion' })).toBeVisible();
    await expect(panel.getByRole('tab', { name: 'Player' })).toBeVisible();
    await expect(panel.getByText(/^[\d,]+ online$/)).toBeVisible();
    const width = await panel.evaluate(() => document.body.getBoundingClientRect().width);
    expect(width).toBe(PANEL.width);
    // As tall as the panel: the tab area fills it instead of stopping at the popup's 580 px.
    const height = await panel
      .locator('.popup')
      .evaluate((element) => element.getBoundingClientRect().height);
    expect(height).toBe(PANEL.height);

    await lookUp(panel, 'Steve');
    const card = panel.getByRole('article', { name: 'Player Steve' });
    await expect(card.getByRole('heading', { name: 'Steve' })).toBeVisible();
    await expect(card.getByText('ADMIN', { exact: true })).toBeVisible();
  });

  test('auction countdowns keep ticking with no further requests', async ({
    configure,
    openExtensionPage,
    demo,
  }) => {
    await configure();
    const panel = await openExtensionPage('sidepanel.html');
    await panel.setViewportSize(PANEL);
    await showTab(panel, 'Auctions');
    const results = panel.getByRole('region', { name: 'Auction listings' });
    await expect(results.getByRole('listitem').first()).toBeVisible();
    // A listing ending within the hour counts down in seconds (`4:09`).
    const countdown = results.getByText(/^Ends in \d+:\d\d$/).first();
    await expect(countdown).toBeVisible();
    const searches = demo.log().filter((entry) => entry.endpoint === 'auction').length;
    const first = await countdown.textContent();
    await expect.poll(() => countdown.textContent()).not.toBe(first);
    expect(demo.log().filter((entry) => entry.endpoint === 'auction')).toHaveLength(searches);
    expect(searches).toBe(1);
  });
});

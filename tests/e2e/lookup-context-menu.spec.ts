import type { Page, Worker } from '@playwright/test';
import { expect, test } from './fixtures';
import { addForumSite } from './hostile-helpers';
import { expectNothingOpens, playerViews, tabFor, waitForPlayerView } from './lookup-helpers';

/**
 * "Look up" in the context menu, in Chromium: the click listener gets what the browser passes
 * on a click (OnClickData and the tab; see lookup-helpers.ts). On selected text anywhere, and on
 * a username link on an added forum site, where the forum content script says which name the
 * right-click was on (Chrome's click data has no link text).
 */

const SELECTION_MENU_ID = 'lookup-selection';
const FORUM_LINK_MENU_ID = 'lookup-forum-link';

function click(worker: Worker, info: Record<string, unknown>, tab: chrome.Tab): Promise<void> {
  return worker.evaluate(([data, clicked]) => chrome.contextMenus.onClicked.dispatch(data, clicked), [
    info,
    tab,
  ] as const);
}

/** A web page in a tab, as the page the menu was opened on. */
async function openPage(page: Page, url: string, worker: Worker): Promise<chrome.Tab> {
  await page.goto(url);
  return tabFor(worker, url);
}

/** The forum content script is registered at run time: it is there once hovering a name opens its card. */
async function contentScriptRuns(page: Page): Promise<void> {
  await page.locator('#thread-posts').getByText('Steve', { exact: true }).first().hover();
  await expect(page.getByRole('dialog', { name: 'Steve' })).toBeVisible();
  await page.mouse.move(1, 1);
  await expect(page.getByRole('dialog', { name: 'Steve' })).toBeHidden();
}

test.describe('context menu: Look up', () => {
  test.describe.configure({ timeout: 60_000 });

  test('selected text that is a name opens the player view, next to the page', async ({
    context,
    configure,
    serviceWorker,
    extensionId,
    demo,
  }) => {
    await configure();
    const page = await context.newPage();
    const url = `${demo.url}/forum/xenforo`;
    const tab = await openPage(page, url, serviceWorker);
    await click(serviceWorker, { menuItemId: SELECTION_MENU_ID, selectionText: 'Alex', pageUrl: url }, tab);
    const view = await waitForPlayerView(context, extensionId, 'Alex');
    await expect(view.getByRole('heading', { name: 'Alex' })).toBeVisible();
    const opened = await tabFor(serviceWorker, view.url());
    expect(opened.index).toBe(tab.index + 1);
  });

  test('hostile or ordinary selected text opens nothing and asks nothing', async ({
    context,
    configure,
    serviceWorker,
    extensionId,
    demo,
  }) => {
    await configure();
    const page = await context.newPage();
    const url = `${demo.url}/forum/xenforo`;
    const tab = await openPage(page, url, serviceWorker);
    demo.clearLog();
    for (const selectionText of [
      '<img src=x onerror=alert(1)>',
      'javascript:alert(1)',
      'Steve&player=Alex',
      '../options.html',
      'a sentence about Steve',
      'x'.repeat(10_000),
    ]) {
      await expectNothingOpens(context, () =>
        click(serviceWorker, { menuItemId: SELECTION_MENU_ID, selectionText, pageUrl: url }, tab),
      );
    }
    expect(playerViews(context, extensionId)).toEqual([]);
    expect(demo.log().filter((entry) => entry.endpoint === 'player')).toEqual([]);
  });

  test('a username link on an added forum site: the name the right-click was on', async ({
    context,
    configure,
    openExtensionPage,
    serviceWorker,
    extensionId,
    demo,
  }) => {
    await configure();
    const options = await openExtensionPage('options.html');
    await addForumSite(options, serviceWorker, demo.url);
    const page = await context.newPage();
    const url = `${demo.url}/forum/xenforo`;
    const tab = await openPage(page, url, serviceWorker);
    await contentScriptRuns(page);
    await page
      .locator('#thread-posts')
      .getByRole('link', { name: 'Alex', exact: true })
      .first()
      .click({ button: 'right' });
    await click(serviceWorker, { menuItemId: FORUM_LINK_MENU_ID, frameId: 0, pageUrl: url }, tab);
    const view = await waitForPlayerView(context, extensionId, 'Alex');
    await expect(view.getByRole('heading', { name: 'Alex' })).toBeVisible();
    expect(playerViews(context, extensionId)).toEqual(['Alex']);
  });

  test('on a forum link that is not a username, or after a right-click the page faked, nothing opens', async ({
    context,
    configure,
    openExtensionPage,
    serviceWorker,
    extensionId,
    demo,
  }) => {
    await configure();
    const options = await openExtensionPage('options.html');
    await addForumSite(options, serviceWorker, demo.url);
    const page = await context.newPage();
    const url = `${demo.url}/forum/xenforo`;
    const tab = await openPage(page, url, serviceWorker);
    await contentScriptRuns(page);

    await page.locator('#thread-posts').click({ button: 'right', position: { x: 2, y: 2 } });
    await expectNothingOpens(context, () =>
      click(serviceWorker, { menuItemId: FORUM_LINK_MENU_ID, frameId: 0, pageUrl: url }, tab),
    );
    // The page dispatches its own contextmenu on a username: not the user's, so not used.
    await page.evaluate(() => {
      const name = [...document.querySelectorAll('#thread-posts a')].find((a) => a.textContent === 'Alex');
      name?.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true }));
    });
    await expectNothingOpens(context, () =>
      click(serviceWorker, { menuItemId: FORUM_LINK_MENU_ID, frameId: 0, pageUrl: url }, tab),
    );
    expect(playerViews(context, extensionId)).toEqual([]);
  });
});

import type { BrowserContext, Page, Worker } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The options page the background opens by itself on install (no key yet). Tests use it as
 * their extension page: opening another options tab meanwhile could be taken over by it.
 */
async function installOptionsPage(context: BrowserContext): Promise<Page> {
  const find = () => context.pages().find((page) => page.url().endsWith('/options.html'));
  await expect.poll(() => find() !== undefined).toBe(true);
  const page = find() as Page;
  await page.waitForLoadState();
  return page;
}

/** Save the demo's URL and a key from an extension page, as the options page does. */
async function saveConnection(page: Page, demo: { url: string; apiKey: string }, apiKey = demo.apiKey) {
  return page.evaluate((message) => chrome.runtime.sendMessage(message), {
    type: 'save-connection',
    baseUrl: demo.url,
    apiKey,
  });
}

/**
 * Forum sites → runtime content-script registrations. The e2e build holds the loopback host
 * permission from install, so adding the demo's origin in the settings is all it takes.
 */

/** `local:settings` is version 2 (utils/settings.ts): written with its mark so no migration runs. */
async function setForumSites(page: Page, origins: string[]): Promise<void> {
  await page.evaluate(async (origins) => {
    const { settings } = await chrome.storage.local.get('settings');
    await chrome.storage.local.set({
      settings: {
        ...(settings as object | undefined),
        forumSites: origins.map((origin) => ({ origin, customSelector: '' })),
      },
      settings$: { v: 2 },
    });
  }, origins);
}

function registered(serviceWorker: Worker) {
  return serviceWorker.evaluate(() => chrome.scripting.getRegisteredContentScripts());
}

test.describe('forum content-script registration', () => {
  test('adding the demo forum site registers the content script; removing it unregisters it', async ({
    serviceWorker,
    context,
    demo,
  }) => {
    const page = await installOptionsPage(context);
    expect(await registered(serviceWorker)).toEqual([]);

    await setForumSites(page, [demo.url]);
    await expect
      .poll(() => registered(serviceWorker))
      .toEqual([
        expect.objectContaining({
          id: `forum:${demo.url}`,
          js: ['content-scripts/forum.js'],
          matches: ['http://127.0.0.1/*'],
          allFrames: false,
          runAt: 'document_idle',
        }),
      ]);

    await setForumSites(page, []);
    await expect.poll(() => registered(serviceWorker)).toEqual([]);
  });

  test('a site without a granted host permission is not registered', async ({
    serviceWorker,
    context,
    demo,
  }) => {
    const page = await installOptionsPage(context);
    await setForumSites(page, ['https://forum.example.net', demo.url]);
    await expect
      .poll(async () => (await registered(serviceWorker)).map((script) => script.id))
      .toEqual([`forum:${demo.url}`]);
  });

  test('the registered script runs on the forum page: hovering a name asks for that player', async ({
    context,
    serviceWorker,
    demo,
  }) => {
    const page = await installOptionsPage(context);
    await saveConnection(page, demo);
    await setForumSites(page, [demo.url]);
    await expect.poll(async () => (await registered(serviceWorker)).length).toBe(1);

    const forum = await context.newPage();
    await forum.goto(`${demo.url}/forum/xenforo`);
    await forum.getByText('Steve', { exact: true }).first().hover();
    await expect
      .poll(() =>
        demo
          .log()
          .filter((entry) => entry.endpoint === 'player')
          .map((entry) => entry.path),
      )
      .toContain('/api/player/Steve');
  });
});

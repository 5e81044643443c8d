import type { Worker } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNothingOpens, playerViews, waitForPlayerView } from './lookup-helpers';

/**
 * The address bar, keyword `nc`, in Chromium: the extension's own omnibox listeners get the
 * events the browser would send (see lookup-helpers.ts), suggestions come from the recent
 * players without a request, Enter opens the player view, and hostile input opens nothing.
 */

/** What `onInputChanged` hands back through `suggest`, for `text`. */
function suggestionsFor(worker: Worker, text: string): Promise<chrome.SuggestResult[]> {
  return worker.evaluate(
    (input) =>
      new Promise<chrome.SuggestResult[]>((resolve) =>
        chrome.omnibox.onInputChanged.dispatch(input, resolve),
      ),
    text,
  );
}

function enter(worker: Worker, text: string, disposition = 'newForegroundTab'): Promise<void> {
  return worker.evaluate(([input, where]) => chrome.omnibox.onInputEntered.dispatch(input, where), [
    text,
    disposition,
  ] as const);
}

test.describe('address bar: nc NAME', () => {
  test.describe.configure({ timeout: 60_000 });

  test('suggests recent players that match, as well-formed XML, without asking the API', async ({
    configure,
    openExtensionPage,
    serviceWorker,
    demo,
  }) => {
    await configure();
    const page = await openExtensionPage('options.html');
    // The options page checks the saved connection as it opens: let that be before the log is cleared.
    await expect(page.getByRole('status').first()).toContainText('Connected');
    await page.evaluate(() =>
      chrome.storage.local.set({ recentPlayers: ['Steve', 'Notch', 'notchfan', 'Alex', 'a<b&c'] }),
    );
    demo.clearLog();
    const rows = await suggestionsFor(serviceWorker, 'Not');
    expect(rows).toEqual([
      { content: 'Notch', description: '<match>Not</match>ch<dim> – open the player view</dim>' },
      { content: 'notchfan', description: '<match>not</match>chfan<dim> – open the player view</dim>' },
    ]);
    expect(await suggestionsFor(serviceWorker, 'a<b')).toEqual([]);
    expect(demo.log()).toEqual([]);
  });

  test('Enter on a name opens the player view on that player', async ({
    context,
    configure,
    serviceWorker,
    extensionId,
  }) => {
    await configure();
    await enter(serviceWorker, 'Steve');
    const view = await waitForPlayerView(context, extensionId, 'Steve');
    await expect(view.getByRole('article', { name: 'Player Steve' })).toBeVisible();
    await expect(view.getByRole('heading', { name: 'Steve' })).toBeVisible();
  });

  test('Enter on a UUID opens its player', async ({ context, configure, serviceWorker, extensionId }) => {
    await configure();
    await enter(serviceWorker, '069A79F444E94726A5BEFCA90E38AAF5', 'newBackgroundTab');
    const view = await waitForPlayerView(context, extensionId, '069a79f4-44e9-4726-a5be-fca90e38aaf5');
    await expect(view.getByRole('heading', { name: 'Notch' })).toBeVisible();
  });

  test('Enter on hostile or invalid text opens nothing and asks nothing', async ({
    context,
    configure,
    serviceWorker,
    extensionId,
    demo,
  }) => {
    await configure();
    demo.clearLog();
    for (const text of [
      '<img src=x onerror=alert(1)>',
      'javascript:alert(1)',
      '../options.html',
      'Steve&player=Alex',
      'two words',
      '',
    ]) {
      await expectNothingOpens(context, () => enter(serviceWorker, text, 'currentTab'));
    }
    expect(playerViews(context, extensionId)).toEqual([]);
    expect(demo.log().filter((entry) => entry.endpoint === 'player')).toEqual([]);
  });
});

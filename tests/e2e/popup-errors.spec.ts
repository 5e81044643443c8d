import { expect, test } from './fixtures';
import { lookUp, openConfiguredPopup, openPopupServerDown } from './popup-helpers';

/** The seconds in "Too many requests, try again in N s." */
/** Whole seconds since `start`, rounded up, plus one for the countdown's own rounding. */
function secondsSince(start: number): number {
  return Math.ceil((Date.now() - start) / 1000) + 1;
}

async function secondsLeft(text: Promise<string | null>): Promise<number> {
  const match = /try again in (\d+) s\./.exec((await text) ?? '');
  return match ? Number(match[1]) : Number.NaN;
}

test.describe('popup: errors', () => {
  // Each test starts a browser and a demo server; allow for a busy machine.
  test.describe.configure({ timeout: 60_000 });

  test('no key yet: a one-step setup prompt instead of empty tabs', async ({
    openExtensionPage,
    context,
    demo,
  }) => {
    const popup = await openExtensionPage('popup.html');
    const button = popup.getByRole('button', { name: 'Open options to add your API key' });
    await expect(button).toBeVisible();
    await expect(popup.getByRole('tab')).toHaveCount(0);
    // Chrome focuses an open options tab rather than opening another: close the install one first.
    for (const page of context.pages()) if (page.url().endsWith('/options.html')) await page.close();
    const optionsOpened = context.waitForEvent('page', {
      predicate: (page) => page.url().endsWith('/options.html'),
    });
    await button.click();
    await optionsOpened;
    expect(demo.log()).toEqual([]);
  });

  test('401: an invalid key says so and points to the options', async ({ configure, openExtensionPage }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage }, { apiKey: 'not-the-key' });
    await lookUp(popup, 'Steve');
    const alert = popup.getByRole('alert');
    await expect(alert).toContainText('Invalid API key.');
    await expect(alert).toContainText('Get a new key in game and paste it in the options.');
    await expect(alert.getByRole('button', { name: 'Open options' })).toBeVisible();
  });

  test('429 with Retry-After: counts the wait down', async ({ configure, openExtensionPage, demo }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await expect(popup.getByText(/^[\d,]+ online$/)).toBeVisible();
    demo.faults.rateLimited = { retryAfter: '30' };
    const asked = Date.now();
    await lookUp(popup, 'Steve');
    const message = popup.getByRole('alert').getByText(/^Too many requests, try again in \d+ s\.$/);
    await expect(message).toBeVisible();
    const first = await secondsLeft(message.textContent());
    // Counted from the answer: as many seconds fewer as the test took to read it, on any machine.
    expect(first).toBeGreaterThanOrEqual(30 - secondsSince(asked));
    expect(first).toBeLessThanOrEqual(30);
    await expect.poll(() => secondsLeft(message.textContent())).toBeLessThan(first);
    await expect(popup.getByRole('alert').getByRole('button', { name: 'Retry' })).toHaveCount(0);
  });

  test('429 without Retry-After: assumes 60 s', async ({ configure, openExtensionPage, demo }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await expect(popup.getByText(/^[\d,]+ online$/)).toBeVisible();
    demo.faults.rateLimited = { retryAfter: null };
    const asked = Date.now();
    await lookUp(popup, 'Steve');
    const message = popup.getByRole('alert').getByText(/^Too many requests, try again in \d+ s\.$/);
    await expect(message).toBeVisible();
    const first = await secondsLeft(message.textContent());
    expect(first).toBeGreaterThanOrEqual(60 - secondsSince(asked));
    expect(first).toBeLessThanOrEqual(60);
  });

  test('slow answers: a busy region and a visible indicator, then the result', async ({
    configure,
    openExtensionPage,
    demo,
  }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await expect(popup.getByText(/^[\d,]+ online$/)).toBeVisible();
    demo.faults.latencyMs = 2000;
    await lookUp(popup, 'Steve');
    const result = popup.getByRole('region', { name: 'Lookup result' });
    await expect(result).toHaveAttribute('aria-busy', 'true');
    await expect(result.getByRole('status')).toHaveText('Looking up Steve…');
    await expect(popup.getByRole('heading', { name: 'Steve' })).toBeVisible();
    await expect(result).toHaveAttribute('aria-busy', 'false');
  });

  test('no answer in time: says the server took too long, and Retry works', async ({
    configure,
    openExtensionPage,
    demo,
  }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await expect(popup.getByText(/^[\d,]+ online$/)).toBeVisible();
    demo.faults.latencyMs = 15_000;
    await lookUp(popup, 'Steve');
    const alert = popup.getByRole('alert');
    await expect(alert).toContainText('The server took too long to answer.', { timeout: 15_000 });
    demo.faults.latencyMs = 0;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(popup.getByRole('heading', { name: 'Steve' })).toBeVisible();
  });

  test('server down: says it cannot reach the server, and Retry works once it is back', async ({
    configure,
    openExtensionPage,
    demo,
  }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await expect(popup.getByText(/^[\d,]+ online$/)).toBeVisible();
    await demo.stop();
    await lookUp(popup, 'Steve');
    const alert = popup.getByRole('alert');
    await expect(alert).toContainText("Can't reach the server.");
    await expect(alert).toContainText('Check your connection and the server address in the options.');
    await demo.restart();
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(popup.getByRole('heading', { name: 'Steve' })).toBeVisible();
  });

  test('connection dropped: the header says the count is unavailable', async ({
    configure,
    openExtensionPage,
    demo,
    serviceWorker,
  }) => {
    const popup = await openPopupServerDown({ configure, openExtensionPage, demo, serviceWorker });
    await expect(popup.getByText('Server unreachable', { exact: true })).toBeVisible();
    await expect(popup.getByText(/^Online count unavailable: Can't reach the server\.$/)).toBeAttached();
    await lookUp(popup, 'Steve');
    await expect(popup.getByRole('alert')).toContainText("Can't reach the server.");
  });

  test('an unreadable answer says so', async ({ configure, openExtensionPage, demo }) => {
    const popup = await openConfiguredPopup({ configure, openExtensionPage });
    await expect(popup.getByText(/^[\d,]+ online$/)).toBeVisible();
    demo.faults.body = 'html';
    await lookUp(popup, 'Steve');
    await expect(popup.getByRole('alert')).toContainText(
      'The server sent an answer the extension could not read.',
    );
  });
});

import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Open the options page in a new tab. On first install the background opens the options page
 * itself (no key yet), and Chrome puts it in a blank tab when there is one: ours, if it is
 * still blank. Then our own navigation is "interrupted by another navigation" to the same
 * page, which is where we wanted to be anyway.
 */
async function openOptions(context: BrowserContext, extensionId: string): Promise<Page> {
  const url = `chrome-extension://${extensionId}/options.html`;
  const page = await context.newPage();
  try {
    await page.goto(url);
  } catch (error) {
    if (!String(error).includes('interrupted by another navigation')) throw error;
    await page.waitForURL(url);
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Network Companion options' })).toBeVisible();
  return page;
}

/** The options page as a user sees it: sections found by their headings, fields by their labels. */
function connection(page: Page) {
  const section = page.getByRole('region', { name: 'API connection' });
  return {
    section,
    baseUrl: section.getByLabel('API base URL'),
    apiKey: section.getByLabel('API key', { exact: true }),
    save: section.getByRole('button', { name: 'Save' }),
    status: section.getByRole('status'),
  };
}

function forumSites(page: Page) {
  const section = page.getByRole('region', { name: 'Forum sites' });
  return {
    section,
    input: section.getByRole('textbox', { name: 'Forum site' }),
    add: section.getByRole('button', { name: 'Add site' }),
    list: section.getByRole('list', { name: 'Forum sites' }),
  };
}

test.describe('options page', () => {
  test('saving the demo URL and key says Connected, and the key stays hidden afterwards', async ({
    context,
    extensionId,
    demo,
  }) => {
    const page = await openOptions(context, extensionId);
    const form = connection(page);
    await form.baseUrl.fill(demo.url);
    await form.apiKey.fill(demo.apiKey);
    await form.save.click();
    await expect(form.status).toContainText('Connected');
    expect(demo.log()).toContainEqual(
      expect.objectContaining({ endpoint: 'health', status: 200, keyValid: true }),
    );

    // Reopened, the page shows the URL and that a key is saved, never the key.
    await page.reload();
    const again = connection(page);
    await expect(again.baseUrl).toHaveValue(demo.url);
    await expect(again.apiKey).toHaveValue('');
    await expect(again.apiKey).toHaveAttribute('placeholder', /A key is saved/);
    await expect(page.getByText(demo.apiKey, { exact: true })).toHaveCount(0);
  });

  test('a wrong key says Invalid API key', async ({ context, extensionId, demo }) => {
    const page = await openOptions(context, extensionId);
    const form = connection(page);
    await form.baseUrl.fill(demo.url);
    await form.apiKey.fill('not-the-key');
    await form.save.click();
    await expect(form.status).toContainText('Invalid API key');
    expect(demo.log()).toContainEqual(expect.objectContaining({ endpoint: 'health', status: 401 }));
  });

  test("a stopped server says Can't reach the server", async ({ context, extensionId, demo }) => {
    const page = await openOptions(context, extensionId);
    const form = connection(page);
    await demo.stop();
    await form.baseUrl.fill(demo.url);
    await form.apiKey.fill(demo.apiKey);
    await form.save.click();
    await expect(form.status).toContainText("Can't reach the server");
  });

  test('a slow server shows Checking… first; Save again with the key field empty keeps the saved key', async ({
    context,
    extensionId,
    configure,
    demo,
  }) => {
    const page = await openOptions(context, extensionId);
    await configure();
    demo.faults.update({ latencyMs: 1500 });
    await page.reload();
    const form = connection(page);
    await expect(form.baseUrl).toHaveValue(demo.url);
    await expect(form.apiKey).toHaveValue('');
    await form.save.click();
    await expect(form.status).toContainText('Checking…');
    await expect(form.section.locator('form')).toHaveAttribute('aria-busy', 'true');
    await expect(form.status).toContainText('Connected');
    await expect(form.section.locator('form')).toHaveAttribute('aria-busy', 'false');
  });

  test('a rate-limited check counts down the wait', async ({ context, extensionId, demo }) => {
    demo.faults.update({ rateLimited: { retryAfter: '30' } });
    const page = await openOptions(context, extensionId);
    const form = connection(page);
    await form.baseUrl.fill(demo.url);
    await form.apiKey.fill(demo.apiKey);
    await form.save.click();
    await expect(form.status).toContainText(/Too many requests, try again in (30|29) s\./);
    await expect(form.status).toContainText(/try again in 2[0-8] s\./, { timeout: 5_000 });
  });

  test('an address that is not the API says so in a plain sentence', async ({
    context,
    extensionId,
    demo,
  }) => {
    const page = await openOptions(context, extensionId);
    const form = connection(page);
    await form.baseUrl.fill(`${demo.url}/forum`);
    await form.apiKey.fill(demo.apiKey);
    await form.save.click();
    await expect(form.status).toContainText('The server sent an answer the extension could not read.');
    await expect(form.status).toContainText('Check that the API base URL');
  });

  test('an invalid URL is refused on the page, before anything is sent', async ({
    context,
    extensionId,
    demo,
  }) => {
    const page = await openOptions(context, extensionId);
    const form = connection(page);
    await form.baseUrl.fill('ftp://127.0.0.1');
    await form.apiKey.fill(demo.apiKey);
    await form.save.click();
    await expect(form.baseUrl).toHaveAttribute('aria-invalid', 'true');
    await expect(form.section.getByText('Only http:// and https:// addresses can be used.')).toBeVisible();
    await expect(form.status).toHaveText('');
    expect(demo.log()).toHaveLength(0);
  });

  test('the show/hide toggle reveals the typed key', async ({ context, extensionId }) => {
    const page = await openOptions(context, extensionId);
    const form = connection(page);
    await form.apiKey.fill('typed-key');
    await expect(form.apiKey).toHaveAttribute('type', 'password');
    await form.section.getByRole('button', { name: 'Show key' }).click();
    await expect(form.apiKey).toHaveAttribute('type', 'text');
    await expect(form.apiKey).toHaveValue('typed-key');
    await form.section.getByRole('button', { name: 'Hide key' }).click();
    await expect(form.apiKey).toHaveAttribute('type', 'password');
  });

  test('the demo forum can be added and removed, and the content script follows', async ({
    context,
    extensionId,
    serviceWorker,
    demo,
  }) => {
    const page = await openOptions(context, extensionId);
    const sites = forumSites(page);
    const label = demo.url; // http origins are shown in full
    await expect(sites.section.getByText(/No forum sites yet/)).toBeVisible();

    await sites.input.fill(`${demo.url}/forum/xenforo?count=3`);
    await sites.add.click();
    const remove = sites.section.getByRole('button', { name: `Remove ${label}` });
    await expect(remove).toBeVisible();
    await expect(sites.list.getByText(label, { exact: true })).toBeVisible();
    await expect(sites.input).toHaveValue('');

    // The background registers the hover-card script for that host (match patterns carry no port).
    const pattern = `http://${new URL(demo.url).hostname}/*`;
    await expect
      .poll(async () =>
        (await serviceWorker.evaluate(() => chrome.scripting.getRegisteredContentScripts())).flatMap(
          (script) => script.matches ?? [],
        ),
      )
      .toContain(pattern);

    // Adding it again is refused.
    await sites.input.fill(demo.url);
    await sites.add.click();
    await expect(sites.section.getByText(`${label} is already in the list.`)).toBeVisible();

    await remove.click();
    await expect(remove).toHaveCount(0);
    await expect(sites.section.getByText(/No forum sites yet/)).toBeVisible();
    await expect
      .poll(async () =>
        (await serviceWorker.evaluate(() => chrome.scripting.getRegisteredContentScripts())).flatMap(
          (script) => script.matches ?? [],
        ),
      )
      .not.toContain(pattern);
  });

  test('Background requests shows the last hour against the budget, the next request and the badge’s real pace', async ({
    context,
    extensionId,
    configure,
  }) => {
    await configure();
    const page = await openOptions(context, extensionId);
    const now = page
      .getByRole('region', { name: 'Background requests' })
      .getByRole('list', { name: 'Background requests now' });
    await expect(now).toContainText(/\d+ background requests? in the last hour, of 60 allowed\./);
    await expect(now).toContainText(/Next background request (in about .+|any moment now)\./);
    await expect(now.getByText('The badge’s count: about every 1 min.')).toBeVisible();
    // A watched player shares the budget: the badge then gets every 2nd slot, and the page says so.
    await page.evaluate(() =>
      chrome.runtime.sendMessage({
        type: 'watch',
        uuid: '069a79f4-44e9-4726-a5be-fca90e38aaf5',
        name: 'Notch',
      }),
    );
    await expect(now.getByText('The badge’s count: about every 2 min.')).toBeVisible({ timeout: 15_000 });
    await expect(now.getByText(/^Each watched player: about every 2 min\.$/)).toBeVisible();
  });

  test('badge, hover delay and player name are saved as they change', async ({ context, extensionId }) => {
    const page = await openOptions(context, extensionId);
    const badge = page.getByRole('region', { name: 'Badge' });
    await badge.getByRole('checkbox', { name: 'Show online count on badge' }).uncheck();
    await expect(badge.getByRole('status')).toContainText('Saved');
    await badge
      .getByRole('combobox', { name: 'Badge refresh interval' })
      .selectOption({ label: 'Every 5 minutes' });

    const hover = page.getByRole('region', { name: 'Hover cards' });
    const delay = hover.getByRole('spinbutton', { name: 'Hover card delay' });
    await expect(delay).toHaveValue('300');
    await delay.fill('450');
    await delay.press('Tab');
    await expect(hover.getByRole('status')).toContainText('Saved');

    const you = page.getByRole('region', { name: 'You' });
    const name = you.getByRole('textbox', { name: /Your player name/ });
    await name.fill('not a name');
    await name.press('Enter');
    await expect(you.getByText(/A player name is 3 to 16 letters/)).toBeVisible();
    await name.fill('Steve');
    await name.press('Enter');
    await expect(you.getByRole('status')).toContainText('Saved');

    const stored = await page.evaluate(() => chrome.storage.local.get('settings'));
    expect(stored.settings).toMatchObject({
      badgeEnabled: false,
      badgeIntervalSeconds: 300,
      hoverDelayMs: 450,
      ownName: 'Steve',
    });

    // Everything is still there after a reload.
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Show online count on badge' })).not.toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Badge refresh interval' })).toHaveValue('300');
    await expect(page.getByRole('spinbutton', { name: 'Hover card delay' })).toHaveValue('450');
    await expect(page.getByRole('textbox', { name: /Your player name/ })).toHaveValue('Steve');
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`has no accessibility violations in the ${colorScheme} theme, with errors and a site shown`, async ({
      context,
      extensionId,
      demo,
    }) => {
      const page = await openOptions(context, extensionId);
      await page.emulateMedia({ colorScheme });
      const form = connection(page);
      await form.baseUrl.fill('ftp://nope');
      await form.save.click();
      await expect(form.baseUrl).toHaveAttribute('aria-invalid', 'true');
      const sites = forumSites(page);
      await sites.input.fill(demo.url);
      await sites.add.click();
      await expect(sites.section.getByRole('button', { name: `Remove ${demo.url}` })).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      expect(
        results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    });
  }
});

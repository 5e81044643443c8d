import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { analyzeOffTheClock } from './axe-helpers';
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
  const section = page.getByRole('region', { name: 'Server connection' });
  return {
    section,
    baseUrl: section.getByLabel('Server address'),
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
    // The status stays: the reopened page checks the saved connection itself, no Save needed.
    await expect(again.status).toContainText('Connected');
    await expect(again.status).toContainText(`The server at ${new URL(demo.url).host} accepted your key.`);
    expect(demo.log().filter((entry) => entry.endpoint === 'health')).toHaveLength(2);
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
    await page.reload();
    const form = connection(page);
    await expect(form.baseUrl).toHaveValue(demo.url);
    await expect(form.apiKey).toHaveValue('');
    // The server answers when the test lets it (a 1.5 s latency raced the assertions on a busy
    // machine: the check had ended before "Checking…" was looked for).
    const release = demo.faults.holdAnswers();
    await form.save.click();
    await expect(form.status).toContainText('Checking…');
    await expect(form.section.locator('form')).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(form.status).toContainText('Connected');
    await expect(form.section.locator('form')).toHaveAttribute('aria-busy', 'false');
  });

  test('a rate-limited check counts down the wait', async ({ context, extensionId, demo }) => {
    demo.faults.update({ rateLimited: { retryAfter: '30' } });
    const page = await openOptions(context, extensionId);
    const form = connection(page);
    await form.baseUrl.fill(demo.url);
    await form.apiKey.fill(demo.apiKey);
    const clicked = Date.now();
    await form.save.click();
    await expect(form.status).toContainText(/Too many requests, try again in \d+ s\./);
    // The live figure; the status also holds the first sentence once, for screen readers.
    const secondsLeft = async () =>
      Math.min(
        ...[...((await form.status.textContent()) ?? '').matchAll(/in (\d+) s\./g)].map((m) => Number(m[1])),
      );
    const first = await secondsLeft();
    // 30 s from the server's answer, less the time since the click (longer on a busy machine).
    expect(first).toBeLessThanOrEqual(30);
    expect(first).toBeGreaterThanOrEqual(30 - Math.ceil((Date.now() - clicked) / 1000) - 1);
    // And it counts down.
    await expect.poll(secondsLeft).toBeLessThan(first);
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
    await expect(form.status).toContainText('Check that the server address');
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
    // Nothing was checked: the status is still the first run's.
    await expect(form.status).toContainText('Not connected yet');
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
    configure,
    demo,
  }) => {
    await configure();
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
    const region = page.getByRole('region', { name: 'Background requests' });
    // Folded until wanted (an advanced section).
    await region.getByRole('button', { name: 'Background requests' }).click();
    const now = region.getByRole('list', { name: 'Background requests now' });
    await expect(now).toContainText(/\d+ background requests? in the last hour, of 60 allowed\./);
    await expect(now).toContainText(/Next background request (in about .+|any moment now)\./);
    // Automatic (the default), before it has learned the count's noise: at the fixed minute.
    await expect(
      now.getByText('The badge’s count: read about every 1 min now, sooner when it moves.'),
    ).toBeVisible();
    // A watched player shares the budget: the badge then gets every 2nd slot, and the page says so.
    await page.evaluate(() =>
      chrome.runtime.sendMessage({
        type: 'watch',
        uuid: '069a79f4-44e9-4726-a5be-fca90e38aaf5',
        name: 'Notch',
      }),
    );
    await expect(
      now.getByText('The badge’s count: read about every 2 min now, sooner when it moves.'),
    ).toBeVisible({
      timeout: 15_000,
    });
    await expect(now.getByText(/^Each watched player: about every 2 min\.$/)).toBeVisible();
  });

  test('badge, hover delay and player name are saved as they change', async ({
    context,
    extensionId,
    configure,
  }) => {
    await configure();
    const page = await openOptions(context, extensionId);
    const badge = page.getByRole('region', { name: 'Badge' });
    await badge.getByRole('button', { name: 'Badge' }).click();
    await badge.getByRole('checkbox', { name: 'Show online count on badge' }).uncheck();
    await expect(badge.getByRole('status')).toContainText('Saved');
    await badge
      .getByRole('combobox', { name: 'Badge refresh interval' })
      .selectOption({ label: 'Every 5 minutes' });

    const hover = page.getByRole('region', { name: 'Hover cards' });
    await hover.getByRole('button', { name: 'Hover cards' }).click();
    const delay = hover.getByRole('combobox', { name: 'Hover card delay' });
    await expect(delay).toHaveValue('300');
    await delay.selectOption({ label: 'Long (0.7 s)' });
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
      hoverDelayMs: 700,
      ownName: 'Steve',
    });

    // Everything is still there after a reload (the advanced sections folded again).
    await page.reload();
    await page.getByRole('button', { name: 'Badge', expanded: false }).click();
    await page.getByRole('button', { name: 'Hover cards', expanded: false }).click();
    await expect(page.getByRole('checkbox', { name: 'Show online count on badge' })).not.toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Badge refresh interval' })).toHaveValue('300');
    await expect(page.getByRole('combobox', { name: 'Hover card delay' })).toHaveValue('700');
    await expect(page.getByRole('textbox', { name: /Your player name/ })).toHaveValue('Steve');
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`has no accessibility violations in the ${colorScheme} theme, with errors and a site shown`, async ({
      context,
      extensionId,
      configure,
      demo,
    }) => {
      await configure();
      const page = await openOptions(context, extensionId);
      await page.emulateMedia({ colorScheme });
      const form = connection(page);
      // Connected, and every folded section open.
      await expect(form.status).toContainText('Connected');
      for (const name of ['Hover cards', 'Badge', 'Background requests', 'History'])
        await page.getByRole('button', { name, expanded: false }).click();
      await form.baseUrl.fill('ftp://nope');
      await form.save.click();
      await expect(form.baseUrl).toHaveAttribute('aria-invalid', 'true');
      const sites = forumSites(page);
      await sites.input.fill(demo.url);
      await sites.add.click();
      await expect(sites.section.getByRole('button', { name: `Remove ${demo.url}` })).toBeVisible();
      const results = await analyzeOffTheClock(new AxeBuilder({ page }));
      expect(
        results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    });
  }

  test('a first run shows one step; once Connected the rest appears, with what to do next, and the popup waits in its name field', async ({
    context,
    extensionId,
    demo,
  }) => {
    const page = await openOptions(context, extensionId);
    const form = connection(page);
    await expect(form.status).toContainText('Not connected yet');
    await expect(
      page.getByText(/appear here once the extension is connected to the server\.$/),
    ).toBeVisible();
    await expect(page.getByRole('region', { name: 'Forum sites' })).toHaveCount(0);
    // The key's help names where the key comes from, as the spec does.
    await expect(form.section.getByText(/a command on the game server shows it/)).toBeVisible();

    await form.baseUrl.fill(demo.url);
    await form.apiKey.fill(demo.apiKey);
    await form.save.click();
    await expect(form.status).toContainText('Connected');
    await expect(page.getByRole('heading', { name: 'Next: pin the icon, look yourself up' })).toBeVisible();
    await expect(page.getByText(/the Extensions button \(the puzzle piece\)/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Forum sites' })).toBeVisible();
    await expect(page.getByText(/appear here once the extension is connected/)).toHaveCount(0);
    const results = await analyzeOffTheClock(new AxeBuilder({ page }));
    expect(results.violations.map((v) => v.id)).toEqual([]);

    // Next: look yourself up. The popup opens with the cursor in the name field and says how to get back to it.
    const popup = await context.newPage();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    const field = popup.getByLabel('Player name or UUID');
    await expect(field).toBeFocused();
    await expect(field).toHaveAccessibleDescription(/Press \/ to come back to this field\./);
  });

  test('a saved key the server refuses keeps the other settings back on reopening', async ({
    context,
    extensionId,
    configure,
  }) => {
    await configure({ apiKey: 'not-the-key' });
    const page = await openOptions(context, extensionId);
    await expect(connection(page).status).toContainText('Invalid API key');
    await expect(page.getByText(/appear here once the extension is connected/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Forum sites' })).toHaveCount(0);
  });

  test('the advanced sections are folded until wanted; the budget is offered as plain choices', async ({
    context,
    extensionId,
    configure,
    demo,
  }) => {
    await configure();
    const page = await openOptions(context, extensionId);
    const background = page.getByRole('region', { name: 'Background requests' });
    const fold = background.getByRole('button', { name: 'Background requests' });
    await expect(fold).toHaveAttribute('aria-expanded', 'false');
    const budget = background.getByRole('combobox', { name: 'Background requests per hour' });
    await expect(budget).toBeHidden();
    for (const name of ['Hover cards', 'Badge', 'History'])
      await expect(page.getByRole('button', { name, expanded: false })).toBeVisible();
    // The first steps stay open.
    await expect(page.getByRole('textbox', { name: 'Forum site' })).toBeVisible();

    await fold.click();
    await expect(budget).toBeVisible();
    // Nobody watched: no imagined list, and the bare budget.
    await expect(background.getByText(/You are not watching anyone yet/)).toBeVisible();
    await expect(background.getByText(/With 20 watched players/)).toHaveCount(0);
    await expect(budget.getByRole('option', { name: '60 an hour (default)' })).toHaveCount(1);

    // One watched: every choice says how often that player is checked, the badge's share counted.
    const notch = demo.setPlayer('Notch', { online: false });
    await page.evaluate((player) => chrome.runtime.sendMessage({ type: 'watch', ...player }), {
      uuid: notch.uuid,
      name: 'Notch',
    });
    await expect(background.getByText(/^With 1 watched player each is checked about every/)).toBeVisible();
    await expect(
      budget.getByRole('option', { name: /^30 an hour: every watched player checked about every \d+ min$/ }),
    ).toHaveCount(1);
    await expect(
      budget.getByRole('option', {
        name: /^60 an hour: every watched player checked about every .+ \(default\)$/,
      }),
    ).toHaveCount(1);
    // The badge section says its refreshes come out of the same budget.
    await page.getByRole('button', { name: 'Badge', expanded: false }).click();
    await expect(
      page.getByText(/It shares the background requests with your watched players and alerts/),
    ).toBeVisible();
  });

  test('a forum page open before its site is added shows player cards without a reload', async ({
    context,
    extensionId,
    configure,
    demo,
  }) => {
    await configure();
    const forum = await context.newPage();
    await forum.goto(`${demo.url}/forum/xenforo`);
    const page = await openOptions(context, extensionId);
    const sites = forumSites(page);
    await sites.input.fill(demo.url);
    await sites.add.click();
    await expect(sites.section.getByRole('status')).toContainText(
      'Player cards work there now, on pages already open too.',
    );
    await forum.bringToFront();
    await forum.locator('#thread-posts').getByText('Steve', { exact: true }).first().hover();
    await expect(forum.getByRole('dialog', { name: 'Steve' })).toBeVisible();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`the footer says what is synced and opens the privacy policy in a tab (${colorScheme}, no axe violations)`, async ({
      context,
      extensionId,
    }) => {
      const page = await openOptions(context, extensionId);
      const footer = page.getByRole('contentinfo');
      await expect(footer).toContainText(
        "your watched players, your saved searches with their alerts, your tags and notes on players, and your goals on players' stats",
      );
      // In the page's column: its left edge is the heading's (a later .footnote rule once undid its margin).
      const [footerBox, headingBox] = await Promise.all([
        footer.boundingBox(),
        page.getByRole('heading', { level: 1 }).boundingBox(),
      ]);
      expect(Math.round(footerBox?.x ?? -1)).toBe(Math.round(headingBox?.x ?? -2));
      const opened = context.waitForEvent('page');
      await footer.getByRole('link', { name: 'Privacy policy' }).click();
      const privacy = await opened;
      await privacy.emulateMedia({ colorScheme });
      await expect(privacy.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
      await expect(privacy).toHaveTitle('Privacy policy · Network Companion');
      await expect(privacy.getByRole('region', { name: 'What is sent, and to whom' })).toContainText(
        'only in the X-API-Key header',
      );
      const results = await analyzeOffTheClock(new AxeBuilder({ page: privacy }));
      expect(
        results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      ).toEqual([]);
    });
  }
});

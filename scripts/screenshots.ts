// Screenshots of the popup for the README: each tab in the light and the dark theme, 380 px
// wide like the real popup. Builds nothing: it loads the e2e build already in OUT_DIR
// (`OUT_DIR=.output npx wxt build --mode e2e` first), starts a demo server and writes
// docs/screenshots/popup-{player,auctions,leaderboard}-{light,dark}.png.
//
//   OUT_DIR=.output npx tsx scripts/screenshots.ts
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { startDemoServer } from '../demo/server';
import { EXTENSION_DIR, launchWithExtension } from '../tests/e2e/fixtures';

const OUT = path.resolve('docs/screenshots');
const SCHEMES = ['light', 'dark'] as const;
type Scheme = (typeof SCHEMES)[number];

if (!existsSync(path.join(EXTENSION_DIR, 'manifest.json'))) {
  console.error(`No e2e build in ${EXTENSION_DIR}: run \`OUT_DIR=… npx wxt build --mode e2e\` first.`);
  process.exit(1);
}
mkdirSync(OUT, { recursive: true });

async function extensionId(context: BrowserContext): Promise<string> {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return new URL(worker.url()).host;
}

async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
  // Let the web fonts and the spinner-free layout paint.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

async function shoot(page: Page, name: string, scheme: Scheme): Promise<void> {
  await settled(page);
  const file = path.join(OUT, `popup-${name}-${scheme}.png`);
  await page.locator('body').screenshot({ path: file, animations: 'disabled' });
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

const demo = await startDemoServer({ port: 0 });
demo.setOnlineCount(1234);
const context = await launchWithExtension();
try {
  const id = await extensionId(context);
  const popupUrl = `chrome-extension://${id}/popup.html`;
  const setup = await context.newPage();
  await setup.goto(popupUrl);
  await setup.evaluate((message) => chrome.runtime.sendMessage(message), {
    type: 'save-connection',
    baseUrl: demo.url,
    apiKey: demo.apiKey,
  });
  // Highlight one leaderboard name as the user's own, as the options page would store it.
  await setup.evaluate(async () => {
    const reply = (await chrome.runtime.sendMessage({
      type: 'leaderboard',
      board: 'balance',
      limit: 10,
    })) as {
      ok: boolean;
      data?: { entries: { name: string }[] };
    };
    const ownName = reply.data?.entries[3]?.name ?? '';
    const { settings } = await chrome.storage.local.get('settings');
    await chrome.storage.local.set({ settings: { ...(settings as object), ownName } });
  });
  await setup.close();

  for (const scheme of SCHEMES) {
    const page = await context.newPage();
    await page.setViewportSize({ width: 380, height: 600 });
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await page.goto(popupUrl);
    await page.getByText('1,234 online').waitFor();

    await page.getByRole('tab', { name: 'Player' }).click();
    const field = page.getByLabel('Player name or UUID');
    await field.fill('Steve');
    await field.press('Enter');
    await page.getByRole('heading', { name: 'Steve' }).waitFor();
    await page.getByRole('tab', { name: 'Player' }).focus();
    await page.getByRole('tab', { name: 'Player' }).blur();
    await shoot(page, 'player', scheme);

    await page.getByRole('tab', { name: 'Auctions' }).click();
    await page.getByRole('region', { name: 'Auction listings' }).getByRole('listitem').first().waitFor();
    await page.getByRole('tab', { name: 'Auctions' }).blur();
    await shoot(page, 'auctions', scheme);

    await page.getByRole('tab', { name: 'Leaderboard' }).click();
    await page.getByRole('region', { name: 'Balance leaderboard' }).getByRole('listitem').first().waitFor();
    await page.getByRole('tab', { name: 'Leaderboard' }).blur();
    await shoot(page, 'leaderboard', scheme);
    await page.close();
  }
} finally {
  await context.close();
  await demo.close();
}

import path from 'node:path';
import { type BrowserContext, test as base, type Page, type Worker } from '@playwright/test';
import { type DemoServer, startDemoServer } from '../../demo/server';
import { launchChromiumWith } from '../chromium';

export const EXTENSION_DIR = path.resolve(process.env.OUT_DIR || '.output', 'chrome-mv3-e2e');

export interface ExtensionOptions {
  /** The browser's UI language for the whole test file: `test.use({ language: 'de' })`. */
  language: string | undefined;
}

export interface ExtensionFixtures {
  demo: DemoServer;
  context: BrowserContext;
  serviceWorker: Worker;
  extensionId: string;
  /** Open an extension page (`popup.html`, `options.html`) in a tab. */
  openExtensionPage: (file: string) => Promise<Page>;
  /** Point the extension at the demo server with a key (the demo key unless given), as the options page would. */
  configure: (options?: { apiKey?: string; baseUrl?: string }) => Promise<void>;
}

export function launchWithExtension(language?: string): Promise<BrowserContext> {
  return launchChromiumWith([EXTENSION_DIR], { language });
}

export const test = base.extend<ExtensionFixtures & ExtensionOptions>({
  language: [undefined, { option: true }],
  // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring.
  demo: async ({}, use) => {
    const server = await startDemoServer({ port: 0 });
    await use(server);
    await server.close();
  },
  context: async ({ language }, use) => {
    const context = await launchWithExtension(language);
    await use(context);
    await context.close();
  },
  serviceWorker: async ({ context }, use) => {
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    // On install with no key the background opens the options page, and Chrome reuses the
    // blank first tab for it. Wait for that navigation so a test's own page.goto cannot be
    // interrupted by it.
    const deadline = Date.now() + 5_000;
    while (!context.pages().some((page) => page.url().endsWith('/options.html')) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await use(worker);
  },
  extensionId: async ({ serviceWorker }, use) => {
    await use(new URL(serviceWorker.url()).host);
  },
  openExtensionPage: async ({ context, extensionId }, use) => {
    await use(async (file) => {
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/${file}`);
      return page;
    });
  },
  configure: async ({ context, extensionId, demo }, use) => {
    await use(async (options = {}) => {
      // From an options page, which asks the API for nothing itself (the popup would ask for
      // the count and disturb tests that count requests).
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/options.html`);
      await page.evaluate((message) => chrome.runtime.sendMessage(message), {
        type: 'save-connection',
        baseUrl: options.baseUrl ?? demo.url,
        apiKey: options.apiKey ?? demo.apiKey,
      });
      await page.close();
    });
  },
});

export { expect } from '@playwright/test';

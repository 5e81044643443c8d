import { type BrowserContext, chromium } from '@playwright/test';

/**
 * How the end-to-end tests and the benchmarks start Chromium: Debian's build (no browser can be
 * downloaded here), headless, in a fresh profile, with only the unpacked extensions given.
 */
export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

export function launchChromiumWith(extensionDirs: readonly string[]): Promise<BrowserContext> {
  const dirs = extensionDirs.join(',');
  return chromium.launchPersistentContext('', {
    executablePath: CHROME_PATH,
    headless: true,
    args: [
      `--disable-extensions-except=${dirs}`,
      `--load-extension=${dirs}`,
      '--no-sandbox',
      '--disable-gpu',
      // Nothing but the test's own traffic: no update checks, sync or QUIC probes.
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

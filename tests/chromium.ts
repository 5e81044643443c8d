import { type BrowserContext, chromium } from '@playwright/test';

/**
 * How the end-to-end tests and the benchmarks start Chromium: Debian's build (no browser can be
 * downloaded here), headless, in a fresh profile, with only the unpacked extensions given.
 */
export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

export interface LaunchOptions {
  /**
   * The browser's UI language (`de`, `pt-BR`), which picks the extension's catalogue. Debian's
   * chromium needs the chromium-l10n package for any but en-US (scripts/setup.mjs installs it for `npm test`). Headless
   * Chromium on Linux takes the catalogue from --lang but getUILanguage() from LANGUAGE: both.
   */
  language?: string;
  /** A profile folder that outlives the browser (restart and update tests); a fresh one if absent. */
  userDataDir?: string;
}

export function launchChromiumWith(
  extensionDirs: readonly string[],
  { language, userDataDir = '' }: LaunchOptions = {},
): Promise<BrowserContext> {
  const dirs = extensionDirs.join(',');
  return chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROME_PATH,
    headless: true,
    ...(language ? { env: { ...process.env, LANGUAGE: language.replace('-', '_') }, locale: language } : {}),
    args: [
      ...(language ? [`--lang=${language}`] : []),
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

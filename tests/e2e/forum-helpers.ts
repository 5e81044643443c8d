import { expect, type Page, type Worker } from '@playwright/test';

/** The demo's origin as a forum site, and the background's content script registered there. */

/** `local:settings` is version 2 (utils/settings.ts): written with its version so no migration runs. */
const SETTINGS_META = { v: 2 };

export async function addForumSite(
  openExtensionPage: (file: string) => Promise<Page>,
  serviceWorker: Worker,
  origin: string,
): Promise<void> {
  const page = await openExtensionPage('popup.html');
  await page.evaluate(
    async ({ site, meta }) => {
      const stored = await chrome.storage.local.get(['settings', 'settings$']);
      const settings = (stored.settings ?? {}) as Record<string, unknown>;
      await chrome.storage.local.set({
        settings: { ...settings, forumSites: [site] },
        settings$: stored.settings$ ?? meta,
      });
    },
    { site: { origin, customSelector: '' }, meta: SETTINGS_META },
  );
  await page.close();
  const pattern = `${new URL(origin).protocol}//${new URL(origin).hostname}/*`;
  await expect
    .poll(async () =>
      serviceWorker.evaluate(async () =>
        (await chrome.scripting.getRegisteredContentScripts()).flatMap((script) => script.matches ?? []),
      ),
    )
    .toContain(pattern);
}

import type { Worker } from '@playwright/test';

/**
 * The notifications the worker creates, recorded as it creates them. `chrome.notifications.getAll()`
 * is not that: Chromium drops a shown notification once it times out, which on a busy machine can
 * come before the test reads it.
 */
export interface RecordedNotification {
  id: string;
  message: string;
}

/** Records every notification the worker creates from now on (its id and words). */
export async function recordNotifications(serviceWorker: Worker): Promise<void> {
  await serviceWorker.evaluate(() => {
    type Create = (id: string, options: { message: string }) => Promise<string>;
    const api = chrome.notifications as unknown as { create: Create };
    const create = api.create.bind(api);
    const shown: { id: string; message: string }[] = [];
    (globalThis as unknown as { shownNotifications: typeof shown }).shownNotifications = shown;
    api.create = (id, options) => {
      shown.push({ id, message: options.message });
      return create(id, options);
    };
  });
}

/** The notifications created since recordNotifications, oldest first. */
export function recordedNotifications(serviceWorker: Worker): Promise<RecordedNotification[]> {
  return serviceWorker.evaluate(
    () => (globalThis as unknown as { shownNotifications?: RecordedNotification[] }).shownNotifications ?? [],
  );
}

import { browser } from 'wxt/browser';
import type { NotificationsPort, Notifier } from './notifier';

/**
 * `browser.notifications`, an optional permission: the API only exists once it is granted
 * (Options, "Notify me when a watched player comes online"), so it is looked up each time and
 * its listeners are added when it appears.
 */

type NotificationsApi = NotificationsPort & {
  onClicked: { addListener(listener: (id: string) => void): void };
  onClosed: { addListener(listener: (id: string) => void): void };
};

function notificationsApi(): NotificationsApi | undefined {
  return (browser as unknown as { notifications?: NotificationsApi }).notifications;
}

export async function browserNotifications(): Promise<NotificationsPort | undefined> {
  const api = notificationsApi();
  if (!api) return undefined;
  try {
    if (!(await browser.permissions.contains({ permissions: ['notifications'] }))) return undefined;
  } catch {
    return undefined;
  }
  return api;
}

let listening = false;

/** Listen to clicks and closes once the API exists (at start-up, or when the permission is added). */
export function listenToNotifications(notifier: Notifier, warn: (error: unknown) => void): void {
  const api = notificationsApi();
  if (listening || !api) return;
  listening = true;
  api.onClicked.addListener((id) => {
    notifier.handleClicked(id).catch(warn);
  });
  api.onClosed.addListener((id) => {
    notifier.handleClosed(id).catch(warn);
  });
}

import { browser } from 'wxt/browser';

/**
 * Asks for the optional `notifications` permission, for alerts. Call it straight from the
 * click (a user gesture), before any await. Resolves true once granted (at once when it already
 * was); where the permission is not optional (the e2e build has it at install) the request
 * fails and whether it is held decides.
 */
export function askForNotifications(): Promise<boolean> {
  const wanted = { permissions: ['notifications' as const] };
  return browser.permissions
    .request(wanted)
    .catch(() => browser.permissions.contains(wanted).catch(() => false));
}

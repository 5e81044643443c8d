/**
 * Host permissions for one origin at a time, as match patterns from `originPermissionPattern`
 * (`https://forum.example.net:8443` → `https://forum.example.net/*`: patterns carry no port).
 * The manifest lists every http(s) origin as optional; the options page asks for each one the
 * user names (the API server, each forum site).
 */
import { browser } from 'wxt/browser';
import { originPermissionPattern } from '../../utils/api/base-url';

export function hostPermissionFor(origin: string): { origins: string[] } {
  return { origins: [originPermissionPattern(origin)] };
}

/** True when both origins are covered by the same match pattern (same scheme and host). */
export function sameHostPermission(a: string, b: string): boolean {
  try {
    return originPermissionPattern(a) === originPermissionPattern(b);
  } catch {
    return false;
  }
}

/**
 * Ask for access to `origin`. Browsers only show the prompt during a user gesture, so call this
 * straight from the click handler, before any `await`: the request itself is sent synchronously.
 * Resolves true when granted (at once when already granted), false when refused or when the
 * browser would not ask.
 */
export function requestHostPermission(origin: string): Promise<boolean> {
  try {
    return browser.permissions.request(hostPermissionFor(origin)).then(
      (granted) => granted === true,
      () => false,
    );
  } catch {
    return Promise.resolve(false);
  }
}

/** Whether access to `origin` is granted; undefined when the browser cannot tell us. */
export async function hasHostPermission(origin: string): Promise<boolean | undefined> {
  try {
    return (await browser.permissions.contains(hostPermissionFor(origin))) === true;
  } catch {
    return undefined;
  }
}

/**
 * Give up access to `origin`. Resolves false when nothing was removed, e.g. for a permission
 * the manifest requires (the e2e build's loopback hosts), which browsers refuse to remove.
 */
export async function removeHostPermission(origin: string): Promise<boolean> {
  try {
    return (await browser.permissions.remove(hostPermissionFor(origin))) === true;
  } catch {
    return false;
  }
}

/**
 * Call `callback` whenever the extension gains or loses permissions (the user can change site
 * access from the browser's own extension settings at any time). Returns the unsubscribe
 * function; does nothing where the browser has no such events.
 */
export function watchHostPermissions(callback: () => void): () => void {
  const listener = () => callback();
  const events = [browser.permissions?.onAdded, browser.permissions?.onRemoved];
  const subscribed: typeof events = [];
  for (const event of events) {
    try {
      event?.addListener(listener);
      subscribed.push(event);
    } catch {
      // Not available here: the page still checks when it loads and after each save.
    }
  }
  return () => {
    for (const event of subscribed) {
      try {
        event?.removeListener(listener);
      } catch {
        // Already gone.
      }
    }
  };
}

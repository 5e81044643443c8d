import { browser } from 'wxt/browser';

/**
 * `storage.session`: memory that outlives a stopped service worker but not the browser
 * session. The gateway keeps its cache and the rate-limit pause here so that a worker
 * stopped after 30 s of idleness does not forget a 429 (and storm the API when it wakes).
 *
 * Every call is best effort: a browser without `storage.session`, a full quota or a
 * closing browser only costs the state surviving a restart, never a request or a reply.
 */
export interface SessionStore {
  /** Every stored entry whose key starts with `prefix`. */
  entries(prefix: string): Promise<Record<string, unknown>>;
  get(key: string): Promise<unknown>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(keys: readonly string[]): Promise<void>;
}

type SessionArea = NonNullable<typeof browser.storage.session>;

function sessionArea(): SessionArea | undefined {
  return browser.storage?.session;
}

function warn(what: string, error: unknown): void {
  console.warn(`Network Companion: storage.session ${what} failed`, error);
}

/**
 * Keep `storage.session` for the extension's own trusted pages and worker (Chrome's default,
 * stated here so that no later change opens it to content scripts). Firefox has no access
 * levels: session storage is never exposed to content scripts there.
 */
export async function restrictSessionStorage(): Promise<void> {
  const area = sessionArea() as (SessionArea & { setAccessLevel?: unknown }) | undefined;
  if (typeof area?.setAccessLevel !== 'function') return;
  try {
    await area.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
  } catch (error) {
    warn('setAccessLevel', error);
  }
}

export function browserSessionStore(): SessionStore {
  return {
    async entries(prefix) {
      const area = sessionArea();
      if (!area) return {};
      try {
        const all = (await area.get(null)) as Record<string, unknown>;
        return Object.fromEntries(Object.entries(all).filter(([key]) => key.startsWith(prefix)));
      } catch (error) {
        warn('get', error);
        return {};
      }
    },
    async get(key) {
      const area = sessionArea();
      if (!area) return undefined;
      try {
        return ((await area.get(key)) as Record<string, unknown>)[key];
      } catch (error) {
        warn('get', error);
        return undefined;
      }
    },
    async set(items) {
      const area = sessionArea();
      if (!area || Object.keys(items).length === 0) return;
      try {
        await area.set(items);
      } catch (error) {
        warn('set', error);
      }
    },
    async remove(keys) {
      const area = sessionArea();
      if (!area || keys.length === 0) return;
      try {
        await area.remove([...keys]);
      } catch (error) {
        warn('remove', error);
      }
    },
  };
}

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

function warn(area: string, what: string, error: unknown): void {
  console.warn(`Network Companion: ${area} ${what} failed`, error);
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
    warn('storage.session', 'setAccessLevel', error);
  }
}

/** A browser storage area as a SessionStore (best effort, as above); `name` for the warnings. */
function areaStore(areaOf: () => SessionArea | undefined, name: string): SessionStore {
  return {
    async entries(prefix) {
      const area = areaOf();
      if (!area) return {};
      try {
        const all = (await area.get(null)) as Record<string, unknown>;
        return Object.fromEntries(Object.entries(all).filter(([key]) => key.startsWith(prefix)));
      } catch (error) {
        warn(name, 'get', error);
        return {};
      }
    },
    async get(key) {
      const area = areaOf();
      if (!area) return undefined;
      try {
        return ((await area.get(key)) as Record<string, unknown>)[key];
      } catch (error) {
        warn(name, 'get', error);
        return undefined;
      }
    },
    async set(items) {
      const area = areaOf();
      if (!area || Object.keys(items).length === 0) return;
      try {
        await area.set(items);
      } catch (error) {
        warn(name, 'set', error);
      }
    },
    async remove(keys) {
      const area = areaOf();
      if (!area || keys.length === 0) return;
      try {
        await area.remove([...keys]);
      } catch (error) {
        warn(name, 'remove', error);
      }
    },
  };
}

export function browserSessionStore(): SessionStore {
  return areaStore(sessionArea, 'storage.session');
}

/**
 * `storage.local` in the same shape: for what must outlive the browser session too, such as the
 * 429 pause (a restart during it must not storm the API).
 */
export function browserLocalStore(): SessionStore {
  return areaStore(() => browser.storage?.local as SessionArea | undefined, 'storage.local');
}

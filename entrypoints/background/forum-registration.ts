import { browser } from 'wxt/browser';
import { FORUM_SCRIPT_FILE } from '@/utils/forum/forum-script-file';
import { originPermissionPattern } from '../../utils/api/base-url';
import type { ForumSite } from '../../utils/settings';

/**
 * The hover-card content script runs only on the forum sites the user added, and only where
 * the browser granted the host permission. It is registered at run time
 * (`scripting.registerContentScripts`), one registration per site, and the registrations are
 * reconciled with the settings whenever either side may have moved: browser start, install or
 * update, a settings change, a permission granted or revoked.
 */

const FORUM_SCRIPT_ID_PREFIX = 'forum:';

export function forumScriptId(origin: string): string {
  return `${FORUM_SCRIPT_ID_PREFIX}${origin}`;
}

interface RegisteredScript {
  id: string;
  js?: string[];
  matches?: string[];
}

interface ScriptToRegister {
  id: string;
  js: string[];
  matches: string[];
  allFrames: boolean;
  runAt: 'document_idle';
}

export interface ForumRegistrationApi {
  scripting: {
    getRegisteredContentScripts(): Promise<RegisteredScript[]>;
    registerContentScripts(scripts: ScriptToRegister[]): Promise<void>;
    unregisterContentScripts(filter: { ids: string[] }): Promise<void>;
  };
  permissions: { contains(permissions: { origins: string[] }): Promise<boolean> };
}

export interface Reconciled {
  registered: string[];
  unregistered: string[];
}

function browserApi(): ForumRegistrationApi {
  return {
    scripting: browser.scripting,
    permissions: browser.permissions,
  } as unknown as ForumRegistrationApi;
}

function sameList(a: readonly string[] | undefined, b: readonly string[]): boolean {
  return a !== undefined && a.length === b.length && a.every((item, i) => item === b[i]);
}

/** The registrations the settings call for: one per granted site; a host seen twice only once. */
export async function wantedForumScripts(
  sites: readonly ForumSite[],
  api: ForumRegistrationApi = browserApi(),
): Promise<ScriptToRegister[]> {
  const wanted: ScriptToRegister[] = [];
  const patterns = new Set<string>();
  for (const site of sites) {
    let pattern: string;
    try {
      pattern = originPermissionPattern(site.origin);
    } catch {
      continue;
    }
    // Match patterns carry no port: two origins on one host share a pattern, and the script
    // must not be injected twice into the same page.
    if (patterns.has(pattern)) continue;
    let granted = false;
    try {
      granted = await api.permissions.contains({ origins: [pattern] });
    } catch {
      granted = false;
    }
    if (!granted) continue;
    patterns.add(pattern);
    wanted.push({
      id: forumScriptId(site.origin),
      js: [FORUM_SCRIPT_FILE],
      matches: [pattern],
      allFrames: false,
      runAt: 'document_idle',
    });
  }
  return wanted;
}

/** Register what is wanted and missing (or changed), unregister ours that are no longer wanted. */
export async function reconcileForumScripts(
  sites: readonly ForumSite[],
  api: ForumRegistrationApi = browserApi(),
): Promise<Reconciled> {
  const wanted = await wantedForumScripts(sites, api);
  const ours = (await api.scripting.getRegisteredContentScripts()).filter((script) =>
    script.id.startsWith(FORUM_SCRIPT_ID_PREFIX),
  );
  const wantedById = new Map(wanted.map((script) => [script.id, script]));
  const stale = ours.filter((script) => {
    const want = wantedById.get(script.id);
    return want === undefined || !sameList(script.matches, want.matches) || !sameList(script.js, want.js);
  });
  const staleIds = new Set(stale.map((script) => script.id));
  const kept = new Set(ours.filter((script) => !staleIds.has(script.id)).map((script) => script.id));
  const missing = wanted.filter((script) => !kept.has(script.id));

  if (stale.length > 0) await api.scripting.unregisterContentScripts({ ids: [...staleIds] });
  if (missing.length > 0) await api.scripting.registerContentScripts(missing);
  return { registered: missing.map((script) => script.id), unregistered: [...staleIds] };
}

/**
 * Reconciles one at a time (two at once would both register the same id and one would
 * fail); a request made while one runs is answered by a single run after it.
 */
export function createForumRegistrar(
  getSites: () => Promise<readonly ForumSite[]>,
  api?: ForumRegistrationApi,
): { reconcile(): Promise<void> } {
  let running: Promise<void> | undefined;
  let again: Promise<void> | undefined;

  async function once(): Promise<void> {
    try {
      await reconcileForumScripts(await getSites(), api);
    } catch (error) {
      console.warn('Network Companion: could not update the forum content scripts', error);
    }
  }

  function reconcile(): Promise<void> {
    if (!running) {
      running = once().finally(() => {
        running = undefined;
      });
      return running;
    }
    again ??= running.then(() => {
      again = undefined;
      return reconcile();
    });
    return again;
  }

  return { reconcile };
}

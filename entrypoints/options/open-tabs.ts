import { browser } from 'wxt/browser';
import { FORUM_SCRIPT_FILE } from '@/utils/forum/forum-script-file';
import { originPermissionPattern } from '../../utils/api/base-url';

/** Pages of a forum that were open before it was added: how many now run hover cards, how many could not. */
export interface OpenTabsResult {
  started: number;
  failed: number;
}

export interface OpenTabsApi {
  tabs: { query(query: { url: string }): Promise<Array<{ id?: number }>> };
  scripting: {
    executeScript(injection: { target: { tabId: number }; files: string[] }): Promise<unknown>;
  };
}

function browserApi(): OpenTabsApi {
  return { tabs: browser.tabs, scripting: browser.scripting } as unknown as OpenTabsApi;
}

/**
 * Start hover cards in the pages of a just-added forum that are already open. The background's
 * registration (entrypoints/background/forum-registration.ts) only reaches pages loaded after
 * it, and "reload its open tabs" is a chore the extension can do itself: the access just granted
 * covers these pages. A page reloading at that moment may get the script twice; WXT's content
 * script context stops the older copy when the newer one starts, so it still shows one card.
 */
export async function startInOpenTabs(
  origin: string,
  api: OpenTabsApi = browserApi(),
): Promise<OpenTabsResult> {
  let tabs: Array<{ id?: number }>;
  try {
    tabs = await api.tabs.query({ url: originPermissionPattern(origin) });
  } catch {
    return { started: 0, failed: 0 };
  }
  // async: an API that is missing altogether throws, and counts as a page that refused.
  const start = async (tabId: number) =>
    api.scripting.executeScript({ target: { tabId }, files: [FORUM_SCRIPT_FILE] });
  const results = await Promise.allSettled(
    tabs.flatMap((tab) => (tab.id === undefined ? [] : [start(tab.id)])),
  );
  const failed = results.filter((result) => result.status === 'rejected').length;
  return { started: results.length - failed, failed };
}

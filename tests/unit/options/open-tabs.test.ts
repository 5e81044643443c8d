// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { type OpenTabsApi, startInOpenTabs } from '@/entrypoints/options/open-tabs';
import { FORUM_SCRIPT_FILE } from '@/utils/forum/forum-script-file';

function fakeApi(tabs: Array<{ id?: number }>, refuse: ReadonlySet<number> = new Set()) {
  const query = vi.fn(async (_query: { url: string }) => tabs);
  const executeScript = vi.fn(async (injection: { target: { tabId: number }; files: string[] }) => {
    if (refuse.has(injection.target.tabId)) throw new Error('Cannot access contents of the page');
    return [];
  });
  return {
    api: { tabs: { query }, scripting: { executeScript } } satisfies OpenTabsApi,
    query,
    executeScript,
  };
}

describe('starting hover cards in the open pages of a forum just added', () => {
  it('finds the pages by the site’s match pattern and starts the forum script in each', async () => {
    const { api, query, executeScript } = fakeApi([{ id: 3 }, { id: 7 }, {}]);
    expect(await startInOpenTabs('https://forum.example.net:8443', api)).toEqual({ started: 2, failed: 0 });
    expect(query).toHaveBeenCalledWith({ url: 'https://forum.example.net/*' });
    expect(executeScript.mock.calls.map(([injection]) => injection)).toEqual([
      { target: { tabId: 3 }, files: [FORUM_SCRIPT_FILE] },
      { target: { tabId: 7 }, files: [FORUM_SCRIPT_FILE] },
    ]);
  });

  it('counts the pages that refuse the script (the status then asks for a reload)', async () => {
    const { api } = fakeApi([{ id: 3 }, { id: 7 }], new Set([7]));
    expect(await startInOpenTabs('https://forum.example.net', api)).toEqual({ started: 1, failed: 1 });
  });

  it('a browser that cannot list the tabs or run scripts: nothing started, nothing thrown', async () => {
    const { api } = fakeApi([{ id: 3 }]);
    api.tabs.query.mockRejectedValue(new Error('no tabs API'));
    expect(await startInOpenTabs('https://forum.example.net', api)).toEqual({ started: 0, failed: 0 });
    const missing = {
      tabs: { query: async () => [{ id: 1 }] },
      scripting: undefined,
    } as unknown as OpenTabsApi;
    expect(await startInOpenTabs('https://forum.example.net', missing)).toEqual({ started: 0, failed: 1 });
  });
});

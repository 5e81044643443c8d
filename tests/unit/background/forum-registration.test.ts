import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  createForumRegistrar,
  type ForumRegistrationApi,
  forumScriptId,
  reconcileForumScripts,
} from '@/entrypoints/background/forum-registration';
import { FORUM_SCRIPT_FILE } from '@/utils/forum/forum-script-file';
import type { ForumSite } from '@/utils/settings';

type Registered = { id: string; js?: string[]; matches?: string[] };

/** The browser's registrations and granted origins, in memory. */
function fakeApi(granted: string[], registered: Registered[] = []) {
  const scripts = new Map(registered.map((script) => [script.id, script]));
  const api = {
    scripting: {
      getRegisteredContentScripts: vi.fn(async () => [...scripts.values()]),
      registerContentScripts: vi.fn(async (list: Registered[]) => {
        for (const script of list) {
          if (scripts.has(script.id)) throw new Error(`Duplicate script ID '${script.id}'`);
          scripts.set(script.id, script);
        }
      }),
      unregisterContentScripts: vi.fn(async ({ ids }: { ids: string[] }) => {
        for (const id of ids) scripts.delete(id);
      }),
    },
    permissions: {
      contains: vi.fn(async ({ origins }: { origins: string[] }) =>
        origins.every((o) => granted.includes(o)),
      ),
    },
  } satisfies ForumRegistrationApi;
  return { api, scripts, granted };
}

const site = (origin: string): ForumSite => ({ origin, customSelector: '' });

describe('reconcileForumScripts', () => {
  it('registers the content script for each site whose host permission is granted', async () => {
    const { api, scripts } = fakeApi(['https://forum.example.net/*', 'http://127.0.0.1/*']);
    const result = await reconcileForumScripts(
      [
        site('https://forum.example.net'),
        site('https://not-granted.example.org'),
        site('http://127.0.0.1:8080'),
      ],
      api,
    );
    expect(result).toEqual({
      registered: ['forum:https://forum.example.net', 'forum:http://127.0.0.1:8080'],
      unregistered: [],
    });
    expect(api.scripting.registerContentScripts).toHaveBeenCalledWith([
      {
        id: 'forum:https://forum.example.net',
        js: [FORUM_SCRIPT_FILE],
        matches: ['https://forum.example.net/*'],
        allFrames: false,
        runAt: 'document_idle',
      },
      {
        id: 'forum:http://127.0.0.1:8080',
        js: [FORUM_SCRIPT_FILE],
        matches: ['http://127.0.0.1/*'],
        allFrames: false,
        runAt: 'document_idle',
      },
    ]);
    expect([...scripts.keys()]).not.toContain(forumScriptId('https://not-granted.example.org'));
  });

  it('unregisters sites that were removed or whose permission was revoked, and leaves other scripts alone', async () => {
    const { api, scripts, granted } = fakeApi(['https://a.example/*', 'https://b.example/*']);
    scripts.set('someone-else', { id: 'someone-else', matches: ['https://x/*'] });
    await reconcileForumScripts([site('https://a.example'), site('https://b.example')], api);
    expect(scripts.size).toBe(3);

    expect(await reconcileForumScripts([site('https://b.example')], api)).toEqual({
      registered: [],
      unregistered: ['forum:https://a.example'],
    });
    granted.splice(granted.indexOf('https://b.example/*'), 1);
    expect(await reconcileForumScripts([site('https://b.example')], api)).toEqual({
      registered: [],
      unregistered: ['forum:https://b.example'],
    });
    expect([...scripts.keys()]).toEqual(['someone-else']);
  });

  it('does nothing when the registrations already match', async () => {
    const { api } = fakeApi(['https://a.example/*']);
    await reconcileForumScripts([site('https://a.example')], api);
    api.scripting.registerContentScripts.mockClear();
    expect(await reconcileForumScripts([site('https://a.example')], api)).toEqual({
      registered: [],
      unregistered: [],
    });
    expect(api.scripting.registerContentScripts).not.toHaveBeenCalled();
    expect(api.scripting.unregisterContentScripts).not.toHaveBeenCalled();
  });

  it('replaces a registration whose file or pattern is out of date', async () => {
    const { api, scripts } = fakeApi(
      ['https://a.example/*'],
      [{ id: 'forum:https://a.example', js: ['content-scripts/old.js'], matches: ['https://a.example/*'] }],
    );
    await reconcileForumScripts([site('https://a.example')], api);
    expect(scripts.get('forum:https://a.example')?.js).toEqual([FORUM_SCRIPT_FILE]);
  });

  it('registers a host once even when two sites (ports) share its match pattern', async () => {
    const { api, scripts } = fakeApi(['http://127.0.0.1/*']);
    await reconcileForumScripts([site('http://127.0.0.1:3000'), site('http://127.0.0.1:4000')], api);
    expect([...scripts.keys()]).toEqual(['forum:http://127.0.0.1:3000']);
  });

  it('skips sites with an unusable origin or a failing permission check', async () => {
    const { api, scripts } = fakeApi(['https://a.example/*']);
    api.permissions.contains.mockRejectedValueOnce(new Error('bad pattern'));
    await reconcileForumScripts([site('https://b.example'), site('ftp://x'), site('https://a.example')], api);
    expect([...scripts.keys()]).toEqual(['forum:https://a.example']);
  });

  it('uses browser.scripting and browser.permissions by default', async () => {
    fakeBrowser.reset();
    const register = vi
      .spyOn(fakeBrowser.scripting, 'registerContentScripts')
      .mockResolvedValue(undefined as never);
    vi.spyOn(fakeBrowser.scripting, 'getRegisteredContentScripts').mockResolvedValue([] as never);
    vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
    await reconcileForumScripts([site('https://a.example')]);
    expect(register).toHaveBeenCalledOnce();
  });
});

describe('createForumRegistrar', () => {
  let sites: ForumSite[];
  beforeEach(() => {
    sites = [];
  });

  it('runs one reconcile at a time and folds requests made meanwhile into one more run', async () => {
    const { api, scripts } = fakeApi(['https://a.example/*', 'https://b.example/*']);
    const registrar = createForumRegistrar(async () => sites, api);
    sites = [site('https://a.example')];
    const first = registrar.reconcile();
    sites = [site('https://a.example'), site('https://b.example')];
    await Promise.all([first, registrar.reconcile(), registrar.reconcile(), registrar.reconcile()]);
    expect(api.scripting.getRegisteredContentScripts).toHaveBeenCalledTimes(2);
    expect([...scripts.keys()].sort()).toEqual(['forum:https://a.example', 'forum:https://b.example']);
  });

  it('survives a failing browser call (and tries again next time)', async () => {
    const { api, scripts } = fakeApi(['https://a.example/*']);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    api.scripting.getRegisteredContentScripts.mockRejectedValueOnce(new Error('gone'));
    const registrar = createForumRegistrar(async () => [site('https://a.example')], api);
    await registrar.reconcile();
    expect(warn).toHaveBeenCalled();
    await registrar.reconcile();
    expect(scripts.size).toBe(1);
  });
});

import { describe, expect, it, vi } from 'vitest';
import {
  FORUM_LINK_MENU_ID,
  lookupMenus,
  type MenuItemsApi,
  type MenuProperties,
  replaceMenus,
  SELECTION_MENU_ID,
  serially,
} from '@/entrypoints/background/lookup/lookup-menus';

/** A menu API like Chrome's: ids are unique, creation reports errors through lastError. */
function fakeMenus() {
  const items = new Map<string, MenuProperties>();
  let error: { message: string } | undefined;
  const api = {
    create: vi.fn((properties: MenuProperties, callback?: () => void) => {
      error = items.has(properties.id)
        ? { message: `Cannot create item with duplicate id ${properties.id}` }
        : undefined;
      if (!error) items.set(properties.id, properties);
      queueMicrotask(() => {
        callback?.();
        error = undefined;
      });
    }),
    remove: vi.fn(async (id: string) => {
      if (!items.delete(id)) throw new Error(`Cannot find menu item with id ${id}`);
    }),
  } satisfies MenuItemsApi;
  return { api, items, lastError: () => error };
}

describe('lookupMenus', () => {
  it('selection anywhere; links only on the forum sites', () => {
    expect(lookupMenus(['https://forum.example.net/*', 'http://127.0.0.1/*'])).toEqual([
      { id: SELECTION_MENU_ID, title: 'Look up “%s”', contexts: ['selection'] },
      {
        id: FORUM_LINK_MENU_ID,
        title: 'Look up this player',
        contexts: ['link'],
        documentUrlPatterns: ['https://forum.example.net/*', 'http://127.0.0.1/*'],
        visible: true,
      },
    ]);
  });

  it('without forum sites the link item is hidden (an empty pattern list would show it everywhere)', () => {
    const link = lookupMenus([]).find((menu) => menu.id === FORUM_LINK_MENU_ID);
    expect(link).toEqual({
      id: FORUM_LINK_MENU_ID,
      title: 'Look up this player',
      contexts: ['link'],
      visible: false,
    });
  });
});

describe('replaceMenus', () => {
  it('creates the items the first time', async () => {
    const { api, items, lastError } = fakeMenus();
    await replaceMenus(api, lookupMenus(['https://a.example/*']), lastError);
    expect([...items.keys()]).toEqual([SELECTION_MENU_ID, FORUM_LINK_MENU_ID]);
  });

  it('replaces existing items without a duplicate-id error (the patterns follow the sites)', async () => {
    const { api, items, lastError } = fakeMenus();
    await replaceMenus(api, lookupMenus(['https://a.example/*']), lastError);
    await replaceMenus(api, lookupMenus(['https://b.example/*']), lastError);
    expect(items.get(FORUM_LINK_MENU_ID)?.documentUrlPatterns).toEqual(['https://b.example/*']);
    expect(api.create).toHaveBeenCalledTimes(4);
  });

  it('rejects when the browser refuses an item', async () => {
    const { api, lastError } = fakeMenus();
    const refusing = {
      ...api,
      create: (_: MenuProperties, callback?: () => void) => queueMicrotask(() => callback?.()),
    };
    await expect(
      replaceMenus(refusing, lookupMenus([]), () => ({ message: 'Invalid url pattern' })),
    ).rejects.toThrow('Invalid url pattern');
    expect(lastError()).toBeUndefined();
  });
});

describe('serially', () => {
  it('never runs twice at once; calls made meanwhile share one more run', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const release: (() => void)[] = [];
    const run = serially(async () => {
      running += 1;
      runs += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => release.push(resolve));
      running -= 1;
    });
    const calls = [run(), run(), run()];
    release.shift()?.();
    await calls[0];
    await vi.waitFor(() => expect(release).toHaveLength(1));
    release.shift()?.();
    await Promise.all(calls);
    expect(runs).toBe(2);
    expect(most).toBe(1);
  });

  it('a failed run does not stop the next one', async () => {
    let runs = 0;
    const run = serially(async () => {
      runs += 1;
      if (runs === 1) throw new Error('first fails');
    });
    const first = run();
    const second = run();
    await expect(first).rejects.toThrow('first fails');
    await expect(second).resolves.toBeUndefined();
    expect(runs).toBe(2);
  });
});

// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { FORUM_LINK_MENU_ID, SELECTION_MENU_ID } from '@/entrypoints/background/lookup/lookup-menus';
import type { MenuClickInfo, MenuTab } from '@/entrypoints/background/lookup/menu-click';
import type { OmniboxSuggestion } from '@/entrypoints/background/lookup/omnibox-suggestions';
import { type LookupDeps, registerLookups } from '@/entrypoints/background/lookup/register-lookups';
import { CONTEXT_USERNAME_REQUEST } from '@/utils/forum/context-username-request';
import { updateSettings } from '@/utils/settings';

const POPUP = fakeBrowser.runtime.getURL('/popup.html');
const FORUM = { origin: 'https://forum.example.net', customSelector: '' };

type Click = (info: MenuClickInfo, tab?: MenuTab) => void;
type Changed = (text: string, suggest: (rows: OmniboxSuggestion[]) => void) => void;
type Entered = (text: string, disposition: string) => void;

/** The menu and omnibox parts the fake browser leaves unimplemented, held here instead. */
function spyOnMenusAndOmnibox() {
  const listeners: { click?: Click; changed?: Changed; entered?: Entered; permissions: (() => void)[] } = {
    permissions: [],
  };
  const menus = new Map<string, Record<string, unknown>>();
  const create = vi.spyOn(fakeBrowser.contextMenus, 'create').mockImplementation(((
    properties: { id: string },
    callback?: () => void,
  ) => {
    menus.set(properties.id, properties);
    queueMicrotask(() => callback?.());
    return properties.id;
  }) as never);
  vi.spyOn(fakeBrowser.contextMenus, 'remove').mockImplementation((async (id: string) => {
    menus.delete(id);
  }) as never);
  vi.spyOn(fakeBrowser.contextMenus.onClicked, 'addListener').mockImplementation((listener) => {
    listeners.click = listener as unknown as Click;
  });
  vi.spyOn(fakeBrowser.omnibox.onInputStarted, 'addListener').mockImplementation(() => undefined);
  vi.spyOn(fakeBrowser.omnibox.onInputChanged, 'addListener').mockImplementation((listener) => {
    listeners.changed = listener as unknown as Changed;
  });
  vi.spyOn(fakeBrowser.omnibox.onInputEntered, 'addListener').mockImplementation((listener) => {
    listeners.entered = listener as unknown as Entered;
  });
  const setDefault = vi.spyOn(fakeBrowser.omnibox, 'setDefaultSuggestion').mockResolvedValue(undefined);
  for (const event of [fakeBrowser.permissions.onAdded, fakeBrowser.permissions.onRemoved]) {
    vi.spyOn(event, 'addListener').mockImplementation((listener) => {
      listeners.permissions.push(listener as () => void);
    });
  }
  vi.spyOn(fakeBrowser.permissions, 'contains').mockResolvedValue(true as never);
  return { listeners, menus, create, setDefault };
}

const warnings: string[] = [];
function deps(overrides: Partial<LookupDeps> = {}): LookupDeps {
  return {
    names: async () => ['Notch', 'Steve'],
    warn: (what) => () => void warnings.push(what),
    menusPersist: true,
    ...overrides,
  };
}

async function tabUrls(): Promise<(string | undefined)[]> {
  return (await fakeBrowser.tabs.query({})).map((tab) => tab.url);
}

beforeEach(() => {
  fakeBrowser.reset();
  warnings.length = 0;
});

describe('registerLookups', () => {
  it('adds every listener synchronously and creates no menu before install (Chrome keeps them)', () => {
    const { listeners, create } = spyOnMenusAndOmnibox();
    registerLookups(deps());
    expect(listeners.click).toBeTypeOf('function');
    expect(listeners.changed).toBeTypeOf('function');
    expect(listeners.entered).toBeTypeOf('function');
    expect(listeners.permissions).toHaveLength(2);
    expect(create).not.toHaveBeenCalled();
  });

  it('on install: the selection item, and the link item for the granted forum sites', async () => {
    const { menus } = spyOnMenusAndOmnibox();
    await updateSettings({ forumSites: [FORUM] });
    registerLookups(deps());
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install' } as never);
    await vi.waitFor(() => expect(menus.size).toBe(2));
    expect(menus.get(SELECTION_MENU_ID)).toMatchObject({ contexts: ['selection'] });
    expect(menus.get(FORUM_LINK_MENU_ID)).toMatchObject({
      contexts: ['link'],
      documentUrlPatterns: ['https://forum.example.net/*'],
      visible: true,
    });
  });

  it('a persistent background page (Firefox MV2) creates the items as it starts', async () => {
    const { menus } = spyOnMenusAndOmnibox();
    registerLookups(deps({ menusPersist: false }));
    await vi.waitFor(() => expect(menus.size).toBe(2));
    expect(menus.get(FORUM_LINK_MENU_ID)).toMatchObject({ visible: false });
  });

  it('the link item follows the forum sites and their permissions', async () => {
    const { menus, create, listeners } = spyOnMenusAndOmnibox();
    registerLookups(deps());
    await updateSettings({ forumSites: [FORUM] });
    await vi.waitFor(() =>
      expect(menus.get(FORUM_LINK_MENU_ID)).toMatchObject({
        documentUrlPatterns: ['https://forum.example.net/*'],
      }),
    );
    const calls = create.mock.calls.length;
    await updateSettings({ hoverDelayMs: 500 });
    expect(create).toHaveBeenCalledTimes(calls);

    vi.mocked(fakeBrowser.permissions.contains).mockResolvedValue(false as never);
    for (const listener of listeners.permissions.slice(1)) listener();
    await vi.waitFor(() => expect(menus.get(FORUM_LINK_MENU_ID)).toMatchObject({ visible: false }));
  });

  it('a click on the selection item opens the player view next to the tab', async () => {
    const { listeners } = spyOnMenusAndOmnibox();
    registerLookups(deps());
    listeners.click?.({ menuItemId: SELECTION_MENU_ID, selectionText: 'Notch' }, { id: 1, index: 0 });
    await vi.waitFor(async () => expect(await tabUrls()).toContain(`${POPUP}?player=Notch`));
  });

  it('a click on a forum link asks that frame for the username', async () => {
    const { listeners } = spyOnMenusAndOmnibox();
    const send = vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockResolvedValue({ name: 'Steve' } as never);
    registerLookups(deps());
    listeners.click?.({ menuItemId: FORUM_LINK_MENU_ID, frameId: 4 }, { id: 1, index: 0 });
    await vi.waitFor(async () => expect(await tabUrls()).toContain(`${POPUP}?player=Steve`));
    expect(send).toHaveBeenCalledExactlyOnceWith(1, { type: CONTEXT_USERNAME_REQUEST }, { frameId: 4 });
  });

  it('address bar: suggestions from the names (markup here: no getBrowserInfo), Enter opens the view', async () => {
    const { listeners, setDefault } = spyOnMenusAndOmnibox();
    registerLookups(deps());
    const suggest = vi.fn<(rows: OmniboxSuggestion[]) => void>();
    listeners.changed?.('Ste', suggest);
    await vi.waitFor(() => expect(suggest).toHaveBeenCalledTimes(1));
    expect(suggest.mock.calls[0]?.[0]).toEqual([
      { content: 'Steve', description: '<match>Ste</match>ve<dim> – open the player view</dim>' },
    ]);
    expect(setDefault).toHaveBeenCalledTimes(1);
    listeners.entered?.('Steve', 'newForegroundTab');
    await vi.waitFor(async () => expect(await tabUrls()).toContain(`${POPUP}?player=Steve`));
  });

  it('Firefox (menus.onShown): hides the selection item for text that could not be a player', async () => {
    spyOnMenusAndOmnibox();
    let shown: ((info: { contexts: string[]; selectionText?: string }) => void) | undefined;
    const refresh = vi.fn(async () => undefined);
    const firefoxOnly = {
      onShown: {
        addListener: (listener: typeof shown) => {
          shown = listener;
        },
      },
      refresh,
    };
    Object.assign(fakeBrowser.contextMenus, firefoxOnly);
    try {
      const update = vi.spyOn(fakeBrowser.contextMenus, 'update').mockResolvedValue(undefined);
      registerLookups(deps());
      shown?.({ contexts: ['selection'], selectionText: 'hello world' });
      await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
      expect(update).toHaveBeenCalledExactlyOnceWith(SELECTION_MENU_ID, { visible: false });
    } finally {
      for (const key of Object.keys(firefoxOnly)) Reflect.deleteProperty(fakeBrowser.contextMenus, key);
    }
  });

  it('a browser without the menu or address bar APIs: a warning each, nothing thrown', () => {
    // The fake browser's unmocked APIs throw, like a browser lacking them would.
    expect(() => registerLookups(deps())).not.toThrow();
    expect(warnings).toEqual(['registering the address bar keyword', 'registering the context menu']);
  });
});

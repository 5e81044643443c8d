import { browser } from 'wxt/browser';
import { type ForumSite, getSettings, sanitizeSettings, settingsItem } from '@/utils/settings';
import { wantedForumScripts } from '../forum-registration';
import { askFrameForUsername, type SendToFrame } from './frame-username';
import { lookupMenus, type MenuItemsApi, replaceMenus, serially } from './lookup-menus';
import { handleMenuClick, type MenuClickInfo, type MenuTab } from './menu-click';
import { type OmniboxApi, registerOmnibox } from './omnibox';
import { omniboxDescriptionsAreMarkup } from './omnibox-description';
import { openPlayerView } from './open-player-view';
import { type MenuShownInfo, type MenuVisibilityApi, updateSelectionItem } from './selection-visibility';

/**
 * Looking a player up from anywhere: the address bar (`nc NAME`) and the context menu (selected
 * text, forum links). Every listener is added synchronously, in the background's first turn.
 */

export interface LookupDeps {
  /** Names the address bar suggests, best first (the watchlist, then recent players). */
  names: () => Promise<string[]>;
  warn: (what: string) => (error: unknown) => void;
  /**
   * Whether the browser keeps menu items across restarts: Chrome does, and Firefox for event
   * pages, but not for a persistent background page (our Firefox MV2 build), which must
   * create them each time it starts. Default: kept when running in a service worker.
   */
  menusPersist?: boolean;
}

interface Listenable<L> {
  addListener(listener: L): void;
}

type MenusApi = MenuItemsApi &
  Partial<MenuVisibilityApi> & {
    onClicked: Listenable<(info: MenuClickInfo, tab?: MenuTab) => void>;
    /** Firefox only. */
    onShown?: Listenable<(info: MenuShownInfo) => void>;
  };

function inServiceWorker(): boolean {
  return (
    typeof (globalThis as { ServiceWorkerGlobalScope?: unknown }).ServiceWorkerGlobalScope === 'function'
  );
}

/** The match patterns of the forum sites whose content script runs (granted sites only). */
async function forumPatterns(sites: readonly ForumSite[]): Promise<string[]> {
  return (await wantedForumScripts(sites)).flatMap((script) => script.matches);
}

function registerMenus(menus: MenusApi, deps: LookupDeps): void {
  const { warn } = deps;
  const sendToFrame = browser.tabs.sendMessage as unknown as SendToFrame;
  const lastError = () => browser.runtime.lastError;
  const sync = serially(async () =>
    replaceMenus(menus, lookupMenus(await forumPatterns((await getSettings()).forumSites)), lastError),
  );
  const resync = () => void sync().catch(warn('the context menu'));

  menus.onClicked.addListener((info, tab) => {
    handleMenuClick(info, tab, {
      askFrame: (tabId, frameId) => askFrameForUsername(sendToFrame, tabId, frameId),
      open: (identifier, opener) => openPlayerView(identifier, { opener }),
    }).catch(warn('opening the player view'));
  });
  const { update, refresh } = menus;
  if (menus.onShown && update && refresh) {
    const api = { update: update.bind(menus), refresh: refresh.bind(menus) };
    menus.onShown.addListener((info) => {
      updateSelectionItem(api, info).catch(warn('the context menu'));
    });
  }
  browser.runtime.onInstalled.addListener(resync);
  // The link item follows the forum sites, and only where their access is granted.
  browser.permissions.onAdded.addListener(resync);
  browser.permissions.onRemoved.addListener(resync);
  settingsItem.watch((next, previous) => {
    const sites = (value: unknown) => JSON.stringify(sanitizeSettings(value).forumSites);
    if (sites(next) !== sites(previous)) resync();
  });
  if (!(deps.menusPersist ?? inServiceWorker())) resync();
}

/** Registers one feature, or warns when this browser lacks it (Firefox for Android has neither). */
function attempt(what: string, register: () => void, warn: LookupDeps['warn']): void {
  try {
    register();
  } catch (error) {
    warn(what)(error);
  }
}

export function registerLookups(deps: LookupDeps): void {
  const api = browser as unknown as { omnibox?: OmniboxApi; contextMenus?: MenusApi };
  const { omnibox, contextMenus } = api;
  if (omnibox) {
    attempt(
      'registering the address bar keyword',
      () =>
        registerOmnibox(omnibox, {
          names: deps.names,
          markup: omniboxDescriptionsAreMarkup(browser.runtime),
          open: (identifier, disposition) => openPlayerView(identifier, { disposition }),
          warn: deps.warn,
        }),
      deps.warn,
    );
  }
  if (contextMenus)
    attempt('registering the context menu', () => registerMenus(contextMenus, deps), deps.warn);
}

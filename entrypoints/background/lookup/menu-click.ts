import { isGameName } from '@/utils/api/identifiers';
import { lookupIdentifier } from './lookup-identifier';
import { FORUM_LINK_MENU_ID, SELECTION_MENU_ID } from './lookup-menus';
import type { OpenerTab } from './open-player-view';

/** What the browser tells a click listener (`contextMenus.OnClickData`), the parts used here. */
export interface MenuClickInfo {
  menuItemId: string | number;
  selectionText?: string;
  /** Firefox only (and only with access to the page). */
  linkText?: string;
  frameId?: number;
}

export interface MenuTab extends OpenerTab {
  id?: number;
  index: number;
}

export interface MenuClickDeps {
  /** The username the forum content script saw under the pointer in that frame, or null. */
  askFrame: (tabId: number, frameId: number) => Promise<string | null>;
  open: (identifier: string, opener: MenuTab | undefined) => Promise<unknown>;
}

/** A link's own text as Firefox reports it, when it is a name (a mention's `@` dropped). */
function linkTextName(text: string | undefined): string | null {
  const name = text?.trim().replace(/^@/, '') ?? '';
  return isGameName(name) ? name : null;
}

/** The player a forum link stands for: the content script's answer first, Firefox's link text second. */
async function forumLinkName(info: MenuClickInfo, tab: MenuTab | undefined, deps: MenuClickDeps) {
  const fromFrame = tab?.id === undefined ? null : await deps.askFrame(tab.id, info.frameId ?? 0);
  return fromFrame ?? linkTextName(info.linkText);
}

/**
 * A click on one of our items → the player view, or nothing when the text could not be a
 * player (Chrome shows the selection item for any selection; the click decides). Resolves
 * true when the view was opened.
 */
export async function handleMenuClick(
  info: MenuClickInfo,
  tab: MenuTab | undefined,
  deps: MenuClickDeps,
): Promise<boolean> {
  let identifier: string | null = null;
  if (info.menuItemId === SELECTION_MENU_ID) identifier = lookupIdentifier(info.selectionText);
  else if (info.menuItemId === FORUM_LINK_MENU_ID) identifier = await forumLinkName(info, tab, deps);
  if (identifier === null) return false;
  await deps.open(identifier, tab);
  return true;
}

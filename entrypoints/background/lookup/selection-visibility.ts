import { lookupIdentifier } from './lookup-identifier';
import { SELECTION_MENU_ID } from './lookup-menus';

/** `menus.onShown` data (Firefox; `selectionText` only where the extension has host access). */
export interface MenuShownInfo {
  contexts: string[];
  selectionText?: string;
}

export interface MenuVisibilityApi {
  update(id: string, properties: { visible: boolean }): Promise<void>;
  refresh(): Promise<void> | void;
}

/**
 * Firefox can change a menu while it opens: there the selection item is hidden when the
 * selected text could not be a player. Where Firefox does not pass the text (no access to the
 * page) and in Chrome (no `onShown`), the item shows for any selection and the click decides.
 */
export async function updateSelectionItem(api: MenuVisibilityApi, info: MenuShownInfo): Promise<void> {
  if (!info.contexts.includes('selection')) return;
  const visible = info.selectionText === undefined || lookupIdentifier(info.selectionText) !== null;
  await api.update(SELECTION_MENU_ID, { visible });
  await api.refresh();
}

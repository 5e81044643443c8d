import { t } from '@/utils/i18n/translate';

/**
 * The context-menu items: "Look up “%s”" on selected text anywhere, and "Look up this player"
 * on links on the user's forum sites (where the forum content script runs and can say which
 * username the link is). Neither needs access to the page.
 */

export const SELECTION_MENU_ID = 'lookup-selection';
export const FORUM_LINK_MENU_ID = 'lookup-forum-link';
export const LOOKUP_MENU_IDS = [SELECTION_MENU_ID, FORUM_LINK_MENU_ID] as const;

/** "Look up “%s”": `%s` is the selection (Chrome and Firefox put it in the title, shortened). */
export function selectionMenuTitle(): string {
  return t('background.menus.lookUpSelection');
}

/** "Look up this player", in the UI language. */
export function forumLinkMenuTitle(): string {
  return t('background.menus.lookUpForumLink');
}

export type MenuContext = 'selection' | 'link';

export interface MenuProperties {
  id: string;
  title: string;
  contexts: [MenuContext, ...MenuContext[]];
  documentUrlPatterns?: string[];
  visible?: boolean;
}

/** The items for the forum sites whose content script runs (their match patterns). */
export function lookupMenus(forumPatterns: readonly string[]): MenuProperties[] {
  return [
    { id: SELECTION_MENU_ID, title: selectionMenuTitle(), contexts: ['selection'] },
    {
      id: FORUM_LINK_MENU_ID,
      title: forumLinkMenuTitle(),
      contexts: ['link'],
      // Without forum sites the item is hidden: an empty pattern list would not restrict it.
      ...(forumPatterns.length > 0
        ? { documentUrlPatterns: [...forumPatterns], visible: true }
        : { visible: false }),
    },
  ];
}

/** The part of `browser.contextMenus` that creates and removes items. */
export interface MenuItemsApi {
  create(properties: MenuProperties, callback?: () => void): unknown;
  remove(id: string): Promise<void>;
}

/**
 * Replace our items with `menus` (remove, then create: creating an id that exists fails).
 * Creation reports errors through `lastError` in its callback, not by throwing.
 */
export async function replaceMenus(
  api: MenuItemsApi,
  menus: readonly MenuProperties[],
  lastError: () => { message?: string } | undefined,
): Promise<void> {
  for (const menu of menus) await api.remove(menu.id).catch(() => undefined);
  await Promise.all(
    menus.map(
      (menu) =>
        new Promise<void>((resolve, reject) => {
          api.create(menu, () => {
            const error = lastError();
            if (error) reject(new Error(error.message ?? `could not create ${menu.id}`));
            else resolve();
          });
        }),
    ),
  );
}

/**
 * Runs `task` one at a time; a call made while it runs gets one more run after it (two runs
 * at once would both create the same ids).
 */
export function serially(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let again: Promise<void> | undefined;
  const run = (): Promise<void> => {
    if (!running) {
      running = task().finally(() => {
        running = undefined;
      });
      return running;
    }
    again ??= running
      .catch(() => undefined)
      .then(() => {
        again = undefined;
        return run();
      });
    return again;
  };
  return run;
}

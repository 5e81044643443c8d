import { browser } from 'wxt/browser';
import { parseIdentifier } from '@/utils/api/identifiers';

/**
 * The one way the extension opens the full player view: the popup page in a tab with
 * `?player=NAME` (or a UUID), which the popup reads on load (entrypoints/popup/linked-player.ts).
 * Used by the hover card's "Open in popup", the address bar and the context menu.
 */

/** Where the address bar wants the result (`omnibox.OnInputEnteredDisposition`). */
export type Disposition = 'currentTab' | 'newForegroundTab' | 'newBackgroundTab';

export interface OpenerTab {
  id?: number;
  index?: number;
}

export interface OpenPlayerViewOptions {
  /** The tab the request came from: the view opens right after it. */
  opener?: OpenerTab;
  /** The address bar's choice; without it a new foreground tab. */
  disposition?: Disposition;
}

export function playerViewUrl(identifier: string): string {
  return `${browser.runtime.getURL('/popup.html')}?player=${encodeURIComponent(identifier)}`;
}

/**
 * Opens the player view on `identifier` (a game name or UUID, checked again here: whatever
 * calls this, nothing else can end up in the URL). Resolves `{ ok: false }` without opening
 * anything for text that is neither.
 */
export async function openPlayerView(
  identifier: string,
  options: OpenPlayerViewOptions = {},
): Promise<{ ok: boolean }> {
  const parsed = parseIdentifier(identifier);
  if (!parsed.ok) return { ok: false };
  const url = playerViewUrl(parsed.value);
  const { opener, disposition } = options;
  if (disposition === 'currentTab') {
    await browser.tabs.update({ url });
    return { ok: true };
  }
  const next =
    opener?.id !== undefined && opener.index !== undefined
      ? { openerTabId: opener.id, index: opener.index + 1 }
      : {};
  await browser.tabs.create({ url, active: disposition !== 'newBackgroundTab', ...next });
  return { ok: true };
}

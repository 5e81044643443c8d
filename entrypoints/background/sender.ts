import type { Browser } from 'wxt/browser';
import type { SenderRole } from '../../utils/messages';

/**
 * Who sent a message, as far as the background is concerned:
 * - `extension-page`: the popup, the options page or any other page of this extension
 *   (its URL is under the extension's own base URL, in a tab or not);
 * - `content-script`: our own content script in a web page (our id, a tab, a web URL). It runs
 *   beside pages we do not control, so it may ask only what the table opens to content scripts
 *   (`contentScripts: true` in utils/messages.ts: the player card and its Watch toggle);
 * - undefined: anything else, refused (other extensions, senders without an id).
 */

export interface Self {
  /** `browser.runtime.id`. */
  id: string;
  /** `browser.runtime.getURL('')`: `chrome-extension://<id>/`, `moz-extension://<uuid>/`. */
  baseUrl: string;
}

export function senderRole(sender: Browser.runtime.MessageSender, self: Self): SenderRole | undefined {
  if (!self.id || sender.id !== self.id) return undefined;
  if (self.baseUrl && typeof sender.url === 'string' && sender.url.startsWith(self.baseUrl))
    return 'extension-page';
  if (sender.tab !== undefined) return 'content-script';
  return undefined;
}

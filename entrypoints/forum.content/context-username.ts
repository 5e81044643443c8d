/**
 * The username under the last right-click, for the context menu's "Look up this player" on
 * forum links: Chrome does not tell the background a link's text, so the background asks the
 * frame the menu was opened in (`tabs.sendMessage` with its frameId) and this answers.
 * One request, checked here; the background validates the reply.
 */
import type { browser } from 'wxt/browser';

import {
  CONTEXT_USERNAME_REQUEST,
  type ContextUsernameReply,
} from '../../utils/forum/context-username-request';

export interface ContextUsernameOptions {
  doc: Document;
  /** The username at an event target (the hover cards' detection, with this site's selector). */
  find: (target: EventTarget | null) => string | null;
  runtime: Pick<typeof browser.runtime, 'id' | 'onMessage'>;
  signal?: AbortSignal;
}

function isRequest(message: unknown): boolean {
  if (typeof message !== 'object' || message === null) return false;
  const keys = Object.keys(message);
  return keys.length === 1 && (message as { type?: unknown }).type === CONTEXT_USERNAME_REQUEST;
}

export function answerContextUsername({ doc, find, runtime, signal }: ContextUsernameOptions): void {
  let last: string | null = null;
  doc.addEventListener(
    'contextmenu',
    (event) => {
      // A page can fire its own contextmenu events; only the user's right-click counts.
      last = event.isTrusted ? find(event.target) : null;
    },
    { capture: true, passive: true, signal },
  );
  // Answered through sendResponse, at once: Chrome ignores a returned promise without a polyfill.
  const listener = (
    message: unknown,
    sender: { id?: string },
    sendResponse: (reply: ContextUsernameReply) => void,
  ): undefined => {
    if (sender.id === runtime.id && isRequest(message)) sendResponse({ name: last });
    return undefined;
  };
  runtime.onMessage.addListener(listener);
  signal?.addEventListener('abort', () => runtime.onMessage.removeListener(listener));
}

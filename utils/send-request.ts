import type { MessageType, RequestFor } from './messages';

/**
 * The one way a page or a content script sends a request of the table (utils/messages.ts) to the
 * background. It resolves with the reply unchecked: views check it against the table's schema
 * (askBackground, utils/ask-background.ts); the content script and the hover card, which must not
 * load zod (their size budgets), check theirs by hand. Neither `wxt/browser` nor zod is imported,
 * so any script may use it.
 */

export type SendRequest = <T extends MessageType>(request: RequestFor<T>) => Promise<unknown>;

interface Runtime {
  sendMessage(message: unknown): Promise<unknown>;
}

/** `browser.runtime` in Firefox, `chrome.runtime` in Chromium (both return promises). Rejects without one. */
export const sendRequest: SendRequest = (request) => {
  const scope = globalThis as { browser?: { runtime?: Runtime }; chrome?: { runtime?: Runtime } };
  const runtime = scope.browser?.runtime ?? scope.chrome?.runtime;
  return runtime
    ? runtime.sendMessage(request)
    : Promise.reject(new Error('No extension runtime to send to'));
};

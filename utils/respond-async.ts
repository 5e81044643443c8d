/**
 * Answers a runtime message with what `answer` resolves to. Chrome's `onMessage` ignores a
 * promise returned by the listener (only Firefox reads it, or a polyfill, which this extension
 * does not load: docs/architecture.md, "What a view loads first"); calling `sendResponse` and
 * returning `true` to keep the channel open works in both.
 * https://developer.chrome.com/docs/extensions/develop/concepts/messaging#simple
 */
export function respondAsync<T>(answer: Promise<T>, sendResponse: (reply: T | undefined) => void): true {
  answer.then(sendResponse, (error: unknown) => {
    console.warn('Network Companion: a message could not be answered', error);
    sendResponse(undefined);
  });
  return true;
}

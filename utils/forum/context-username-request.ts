/**
 * The one message the background sends a forum frame (entrypoints/background/lookup/frame-username.ts)
 * and its answer from the content script (entrypoints/forum.content/context-username.ts): the
 * username under the last right-click, which Chrome's context-menu click data does not carry.
 */
export const CONTEXT_USERNAME_REQUEST = 'context-menu-username';

export interface ContextUsernameReply {
  name: string | null;
}

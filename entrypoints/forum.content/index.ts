import { browser } from 'wxt/browser';
import { loadInjectedCardUi } from '../../utils/forum/card-ui-handshake';
import { sendRequest } from '../../utils/send-request';
import { answerContextUsername } from './context-username';
import { startHoverCards } from './username-hovers';

/**
 * Player cards on forum usernames. Registered at run time by the background for each forum
 * site the user adds (no `matches` here, so no host permission is asked for at install). Only
 * the listeners load with the page; the card UI comes on the first hover (docs/architecture.md).
 */
export default defineContentScript({
  registration: 'runtime',
  // The card's CSS goes into its shadow root, never onto the page.
  cssInjectionMode: 'manual',
  main(ctx) {
    const cards = startHoverCards({
      signal: ctx.signal,
      loadCardUi: () => loadInjectedCardUi(() => sendRequest({ type: 'hover-card-ui' })),
    });
    answerContextUsername({
      doc: document,
      find: cards.usernameAt,
      runtime: browser.runtime,
      signal: ctx.signal,
    });
  },
});

import { browser } from 'wxt/browser';
import { loadInjectedCardUi } from './card-ui-global';
import { startHoverCards } from './hover-cards';

/**
 * Player cards on forum usernames. Registered at run time by the background for each forum
 * site the user adds (no `matches` here, so no host permission is asked for at install).
 * Everything visible lives in a shadow root; its CSS is injected there by hand, never on the
 * page (`cssInjectionMode: 'manual'`). The card UI (Preact, PlayerCard, Floating UI, the
 * styles) is its own script, `hover-card.js`, which the background injects into this frame
 * the first time a name is hovered (card-ui-global.ts), so pages load only the listeners.
 */
export default defineContentScript({
  registration: 'runtime',
  cssInjectionMode: 'manual',
  main(ctx) {
    startHoverCards({
      signal: ctx.signal,
      loadCardUi: () => loadInjectedCardUi(() => browser.runtime.sendMessage({ type: 'hover-card-ui' })),
    });
  },
});

import { createCardUi } from './forum.content/card-ui';
import { registerCardUi } from './forum.content/card-ui-global';

/**
 * The forum hover card's UI (Preact, PlayerCard, placement, styles), injected by the
 * background into a forum page's frame the first time a name there is hovered; see
 * entrypoints/forum.content/card-ui-global.ts.
 */
export default defineUnlistedScript(() => {
  registerCardUi(createCardUi);
});

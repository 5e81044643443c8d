import { registerCardUi } from '../../utils/forum/card-ui-handshake';
import { createCardUi } from './card-ui';

/**
 * The forum hover card's UI (Preact, PlayerCard, placement, styles), injected by the
 * background into a forum page's frame the first time a name there is hovered; see
 * utils/forum/card-ui-handshake.ts.
 */
export default defineUnlistedScript(() => {
  registerCardUi(createCardUi);
});

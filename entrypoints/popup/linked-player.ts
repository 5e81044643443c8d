import { isGameName } from '../../utils/api/identifiers';
import type { PopupState } from '../../utils/popup-state';

/**
 * `popup.html?player=NAME` opens the Player tab on that player: the hover card's "Open in
 * popup" button opens this page in a tab (content scripts cannot open the toolbar popup).
 * Anything that is not a valid game name is ignored.
 */
export function withLinkedPlayer(state: PopupState, search: string): PopupState {
  const name = new URLSearchParams(search).get('player')?.trim() ?? '';
  return isGameName(name) ? { ...state, tab: 'player', playerQuery: name } : state;
}

import { parseIdentifier } from '../../utils/api/identifiers';
import type { PopupState } from './popup-state';

/**
 * `popup.html?player=NAME` (or a UUID) opens the Player tab on that player: the hover card's
 * "Open in popup", the address bar and the context menu open this page in a tab (see
 * entrypoints/background/lookup/open-player-view.ts). Anything that is not a valid game name
 * or UUID is ignored.
 */
export function withLinkedPlayer(state: PopupState, search: string): PopupState {
  const parsed = parseIdentifier(new URLSearchParams(search).get('player') ?? '');
  return parsed.ok ? { ...state, tab: 'player', playerQuery: parsed.value } : state;
}

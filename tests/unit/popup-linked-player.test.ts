import { describe, expect, it } from 'vitest';
import { withLinkedPlayer } from '../../entrypoints/popup/linked-player';
import { DEFAULT_POPUP_STATE } from '../../utils/popup-state';

describe('popup.html?player=NAME', () => {
  const saved = { ...DEFAULT_POPUP_STATE, tab: 'auctions' as const, playerQuery: 'Alex' };

  it('opens the Player tab on the named player', () => {
    expect(withLinkedPlayer(saved, '?player=Steve')).toEqual({
      ...saved,
      tab: 'player',
      playerQuery: 'Steve',
    });
  });

  it('keeps the saved state without a player parameter', () => {
    expect(withLinkedPlayer(saved, '')).toBe(saved);
    expect(withLinkedPlayer(saved, '?other=1')).toBe(saved);
  });

  it('ignores anything that is not a game name', () => {
    for (const search of ['?player=', '?player=Jo', '?player=%3Cscript%3E', '?player=John%20Smith']) {
      expect(withLinkedPlayer(saved, search)).toBe(saved);
    }
  });
});

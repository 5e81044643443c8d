import { describe, expect, it } from 'vitest';
import { withLinkedPlayer } from '@/entrypoints/popup/linked-player';
import { DEFAULT_POPUP_STATE } from '@/entrypoints/popup/popup-state';

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

  it('opens a UUID too, in the dashed lower-case form', () => {
    expect(withLinkedPlayer(saved, '?player=069A79F444E94726A5BEFCA90E38AAF5').playerQuery).toBe(
      '069a79f4-44e9-4726-a5be-fca90e38aaf5',
    );
  });

  it('ignores anything that is not a game name or UUID', () => {
    for (const search of ['?player=', '?player=Jo', '?player=%3Cscript%3E', '?player=John%20Smith']) {
      expect(withLinkedPlayer(saved, search)).toBe(saved);
    }
  });
});

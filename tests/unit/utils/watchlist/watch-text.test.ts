// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { onlineSentence, seenOnlineText } from '../../../../utils/watchlist/watch-text';

describe('the watchlist’s words', () => {
  it('folds everyone who came online into one sentence', () => {
    expect(onlineSentence(['Notch'])).toBe('Notch is online');
    expect(onlineSentence(['Notch', 'jeb_'])).toBe('Notch and jeb_ are online');
    expect(onlineSentence(['Notch', 'jeb_', 'Dinnerbone'])).toBe('Notch, jeb_ and Dinnerbone are online');
    expect(onlineSentence(['Notch', 'jeb_', 'a_1', 'b_2', 'c_3'])).toBe(
      'Notch, jeb_ and 3 others are online',
    );
  });

  it('says when a player was last seen online, as this browser saw it', () => {
    const now = 10 * 24 * 3_600_000;
    expect(seenOnlineText(undefined, now)).toBe('not seen online yet');
    expect(seenOnlineText(now - 10_000, now)).toBe('seen online just now');
    expect(seenOnlineText(now - 5 * 60_000, now)).toBe('seen online 5 min ago');
    expect(seenOnlineText(now - 2 * 3_600_000 - 60_000, now)).toBe('seen online 2 h ago');
    expect(seenOnlineText(now - 3 * 24 * 3_600_000, now)).toBe('seen online 3 d ago');
  });
});

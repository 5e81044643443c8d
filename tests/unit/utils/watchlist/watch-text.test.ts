// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { speak } from '@/tests/fixtures/catalogues';
import { formatRelativeTime, JUST_NOW_SECONDS } from '@/utils/format';
import {
  onlineSentence,
  seenOnlineText,
  watchFailedMessage,
  watchlistFullMessage,
} from '@/utils/watchlist/watch-text';

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

  it('uses formatRelativeTime’s words and its "just now" threshold', () => {
    const now = 10 * 24 * 3_600_000;
    const justPast = now - JUST_NOW_SECONDS * 1000;
    expect(seenOnlineText(justPast, now)).toBe(`seen online ${formatRelativeTime(justPast, now)}`);
    expect(seenOnlineText(now - 50_000, now)).toBe('seen online 1 min ago');
    // Another clock a little ahead still reads as now, never "in 2 min".
    expect(seenOnlineText(now + 2 * 60_000, now)).toBe('seen online just now');
  });
});

describe('the watchlist’s words in other languages', () => {
  it('German: the folded sentence, with the plural of the others', async () => {
    await speak('de');
    expect(onlineSentence(['Notch'])).toBe('Notch ist online');
    expect(onlineSentence(['Notch', 'jeb_', 'Dinnerbone'])).toBe('Notch, jeb_ und Dinnerbone sind online');
    expect(onlineSentence(['Notch', 'jeb_', 'a_1', 'b_2', 'c_3'])).toBe(
      'Notch, jeb_ und 3 weitere sind online',
    );
    expect(seenOnlineText(undefined, 0)).toBe('noch nicht online gesehen');
    expect(seenOnlineText(0, 5 * 60_000)).toBe('zuletzt online vor 5 Min.');
  });

  it('French and Spanish: the watchlist messages', async () => {
    await speak('fr');
    expect(watchlistFullMessage()).toMatch(/^Votre liste de suivis est pleine \(\d+ joueurs\)/);
    expect(watchFailedMessage()).toBe('Impossible de modifier la liste de suivis. Réessayez.');
    await speak('es');
    expect(onlineSentence(['Notch', 'jeb_'])).toBe('Notch y jeb_ están conectados');
    expect(seenOnlineText(0, 3 * 24 * 3_600_000)).toBe('visto conectado hace 3 días');
  });
});

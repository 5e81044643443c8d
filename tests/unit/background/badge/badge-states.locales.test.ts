import { describe, expect, it } from 'vitest';
import {
  type BadgeState,
  badgeLook,
  clockTime,
  PRODUCT_NAME,
} from '@/entrypoints/background/badge/badge-states';
import { LOCALES, speak } from '@/tests/fixtures/catalogues';

const FETCHED = Date.UTC(2025, 0, 15, 12, 0, 0);
const RETRY = FETCHED + 90_000;

const STATES: readonly BadgeState[] = [
  { kind: 'count', count: { online: 12_345, fetchedAt: FETCHED } },
  { kind: 'watched', online: 0, watched: 0 },
  { kind: 'watched', online: 1, watched: 1 },
  { kind: 'watched', online: 3, watched: 20 },
  { kind: 'not-configured' },
  { kind: 'invalid-key', retryAt: RETRY },
  { kind: 'rate-limited', last: undefined, retryAt: RETRY },
  { kind: 'rate-limited', last: { online: 1, fetchedAt: FETCHED }, retryAt: RETRY },
  { kind: 'offline', retryAt: RETRY },
  { kind: 'error', retryAt: RETRY },
  { kind: 'disabled' },
];

describe('badge tooltips in other languages', () => {
  it('German: the count, plural by number, with the time in German', async () => {
    await speak('de');
    expect(badgeLook(STATES[0] as BadgeState).title).toBe(
      `Network Companion: 12.345 Spieler online (Stand ${clockTime(FETCHED)}).`,
    );
    expect(clockTime(FETCHED)).toBe(
      new Date(FETCHED).toLocaleTimeString('de', { hour: '2-digit', minute: '2-digit', second: '2-digit' }),
    );
    expect(badgeLook({ kind: 'watched', online: 1, watched: 1 }).title).toBe(
      'Network Companion: 1 von 1 beobachteten Spieler online, laut letzter Prüfung.',
    );
    expect(badgeLook({ kind: 'watched', online: 3, watched: 20 }).title).toBe(
      'Network Companion: 3 von 20 beobachteten Spielern online, laut letzter Prüfung.',
    );
  });

  it('French: the rate-limit wait names the last count in one sentence', async () => {
    await speak('fr');
    const title = badgeLook({
      kind: 'rate-limited',
      last: { online: 1, fetchedAt: FETCHED },
      retryAt: RETRY,
    }).title;
    expect(title).toBe(
      `Network Companion : trop de requêtes, le comptage est en pause jusqu’à ${clockTime(RETRY)}. ` +
        `Dernier comptage : 1 joueur en ligne (à ${clockTime(FETCHED)}). Rien à faire : il reprend tout seul.`,
    );
  });

  it.each(LOCALES.filter((locale) => locale !== 'en'))(
    '%s: every tooltip is translated, starts with the product name; numbers on the badge stay numbers',
    async (locale) => {
      const english = STATES.map(badgeLook);
      await speak(locale);
      STATES.map(badgeLook).forEach((look, i) => {
        expect(look.title).not.toBe(english[i]?.title);
        expect(look.title.startsWith(PRODUCT_NAME)).toBe(true);
        expect(look.title).not.toMatch(/\{\w+\}|background\./);
        if (/^\d/.test(english[i]?.text ?? '')) expect(look.text).toBe(english[i]?.text);
      });
    },
  );
});

/** The states whose badge shows a word instead of a number. */
const MARKED: readonly BadgeState[] = [
  { kind: 'not-configured' },
  { kind: 'invalid-key', retryAt: RETRY },
  { kind: 'rate-limited', last: undefined, retryAt: RETRY },
  { kind: 'offline', retryAt: RETRY },
  { kind: 'error', retryAt: RETRY },
];

describe('badge markers', () => {
  it.each(LOCALES)(
    '%s: distinct capitals, at most 4 characters, never mistaken for a count',
    async (locale) => {
      await speak(locale);
      const markers = MARKED.map((state) => badgeLook(state).text);
      expect(new Set(markers).size).toBe(markers.length);
      for (const marker of markers) {
        expect([...marker].length).toBeLessThanOrEqual(4);
        expect(marker).toMatch(/^\p{Lu}+$/u);
      }
    },
  );

  it('follow the UI language: German asks for setup with EINR', async () => {
    await speak('de');
    expect(MARKED.map((state) => badgeLook(state).text)).toEqual(['EINR', 'KEY', 'WART', 'OFF', 'FEHL']);
  });
});

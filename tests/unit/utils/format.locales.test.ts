import { describe, expect, it } from 'vitest';
import {
  formatKd,
  formatNumber,
  formatPlaytime,
  formatRelativeTime,
  formatTimeLeft,
  JUST_NOW_SECONDS,
} from '@/utils/format';
import { speak } from '../../fixtures/catalogues';

const TICKS_PER_HOUR = 72_000;
const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** Each locale: its BCP 47 tag and the catalogue's words for the same values. */
const CASES = [
  {
    locale: 'en',
    tag: 'en',
    number: '1,234,567.5',
    kd: '1.50',
    short: '3.5 h',
    long: '1,234 h (51 days)',
    ago: ['just now', '5 min ago', '3 h ago', '1 d ago', '2 d ago'],
    ahead: ['in 1 min', 'in 3 h', 'in 2 d'],
    ended: 'ended',
    countdown: ['2d 3h', '1h 05m', '1,234d 0h'],
  },
  {
    locale: 'de',
    tag: 'de',
    number: '1.234.567,5',
    kd: '1,50',
    short: '3,5 Std.',
    long: '1.234 Std. (51 Tage)',
    ago: ['gerade eben', 'vor 5 Min.', 'vor 3 Std.', 'vor 1 Tag', 'vor 2 Tagen'],
    ahead: ['in 1 Min.', 'in 3 Std.', 'in 2 Tagen'],
    ended: 'beendet',
    countdown: ['2 Tg. 3 Std.', '1 Std. 05 Min.', '1.234 Tg. 0 Std.'],
  },
  {
    locale: 'es',
    tag: 'es',
    number: '1.234.567,5',
    kd: '1,50',
    short: '3,5 h',
    long: '1.234 h (51 días)',
    ago: ['ahora mismo', 'hace 5 min', 'hace 3 h', 'hace 1 día', 'hace 2 días'],
    ahead: ['en 1 min', 'en 3 h', 'en 2 días'],
    ended: 'terminada',
    countdown: ['2 d 3 h', '1 h 05 min', '1.234 d 0 h'],
  },
  {
    locale: 'pt_BR',
    tag: 'pt-BR',
    number: '1.234.567,5',
    kd: '1,50',
    short: '3,5 h',
    long: '1.234 h (51 dias)',
    ago: ['agora mesmo', 'há 5 min', 'há 3 h', 'há 1 dia', 'há 2 dias'],
    ahead: ['em 1 min', 'em 3 h', 'em 2 dias'],
    ended: 'encerrado',
    countdown: ['2 d 3 h', '1 h 05 min', '1.234 d 0 h'],
  },
  {
    locale: 'fr',
    tag: 'fr',
    // French groups with a narrow no-break space.
    number: '1\u202f234\u202f567,5',
    kd: '1,50',
    short: '3,5 h',
    long: '1\u202f234 h (51 jours)',
    ago: ['à l’instant', 'il y a 5 min', 'il y a 3 h', 'il y a 1 jour', 'il y a 2 jours'],
    ahead: ['dans 1 min', 'dans 3 h', 'dans 2 jours'],
    ended: 'terminée',
    countdown: ['2 j 3 h', '1 h 05 min', '1\u202f234 j 0 h'],
  },
] as const;

describe.each(CASES)('format.ts in $locale', (c) => {
  it('groups numbers and ratios as the language writes them', async () => {
    await speak(c.locale);
    expect(formatNumber(1_234_567.5)).toBe(c.number);
    expect(formatKd(3, 2)).toBe(c.kd);
    // An explicit locale still wins over the UI language.
    expect(formatNumber(1234, 'en')).toBe('1,234');
  });

  it('writes playtime with the catalogue’s hour and day words', async () => {
    await speak(c.locale);
    expect(formatPlaytime(3.5 * TICKS_PER_HOUR)).toBe(c.short);
    expect(formatPlaytime(1234 * TICKS_PER_HOUR)).toBe(c.long);
  });

  it('says how long ago and how far ahead, with plurals', async () => {
    await speak(c.locale);
    const ago = [10_000, 5 * MIN, 3 * HOUR, DAY, 2 * DAY].map((ms) => formatRelativeTime(NOW - ms, NOW));
    expect(ago).toEqual(c.ago);
    const ahead = [MIN, 3 * HOUR, 2 * DAY].map((ms) => formatRelativeTime(NOW + ms, NOW));
    expect(ahead).toEqual(c.ahead);
  });

  it('counts down with the catalogue’s unit words, alike in both forms, and says when it ended', async () => {
    await speak(c.locale);
    const [daysHours, hoursMinutes, manyDays] = c.countdown;
    expect(formatTimeLeft(2 * 86_400 + 3 * 3600)).toBe(daysHours);
    expect(formatTimeLeft(3600 + 5 * 60)).toBe(hoursMinutes);
    expect(formatTimeLeft(1234 * 86_400)).toBe(manyDays);
    expect(formatTimeLeft(249)).toBe('4:09');
    expect(formatTimeLeft(0)).toBe(c.ended);
  });
});

describe('English stays as it was', () => {
  it('countdowns read 2d 3h and 1h 05m', () => {
    expect(formatTimeLeft(2 * 86_400 + 3 * 3600)).toBe('2d 3h');
    expect(formatTimeLeft(3600 + 5 * 60)).toBe('1h 05m');
  });

  it('"just now" ends at JUST_NOW_SECONDS', () => {
    expect(formatRelativeTime(NOW - (JUST_NOW_SECONDS * 1000 - 1), NOW)).toBe('just now');
    expect(formatRelativeTime(NOW - JUST_NOW_SECONDS * 1000, NOW)).toBe('1 min ago');
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RETRY_AFTER_SECONDS,
  MAX_RETRY_AFTER_SECONDS,
  parseHttpDate,
  parseRetryAfter,
} from '@/utils/api/retry-after';

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const httpDate = (ms: number) => new Date(ms).toUTCString();

describe('parseRetryAfter: delta-seconds', () => {
  it.each([
    ['30', 30],
    ['1', 1],
    [' 45 ', 45],
    ['1.2', 2],
    ['0.1', 1],
    ['0', 1],
    ['86400', 86_400],
    ['86401', MAX_RETRY_AFTER_SECONDS],
    ['99999999999999999999999', MAX_RETRY_AFTER_SECONDS],
  ])('%j → %i', (value, seconds) => {
    expect(parseRetryAfter(value, NOW)).toBe(seconds);
  });
});

describe('parseRetryAfter: HTTP dates', () => {
  it('counts whole seconds from now, rounded up', () => {
    expect(parseRetryAfter(httpDate(NOW + 90_000), NOW)).toBe(90);
    expect(parseRetryAfter(httpDate(NOW + 90_000), NOW + 500)).toBe(90);
    expect(parseRetryAfter(httpDate(NOW + 1000), NOW + 999)).toBe(1);
  });

  it('gives at least 1 for a date in the future, and 1 for a past date or now', () => {
    expect(parseRetryAfter(httpDate(NOW + 1000), NOW + 900)).toBe(1);
    expect(parseRetryAfter(httpDate(NOW), NOW)).toBe(1);
    expect(parseRetryAfter(httpDate(NOW - 3_600_000), NOW)).toBe(1);
  });

  it('caps a far-future date at 24 hours', () => {
    expect(parseRetryAfter(httpDate(NOW + 3 * 86_400_000), NOW)).toBe(MAX_RETRY_AFTER_SECONDS);
  });

  it('reads all three date forms of RFC 9110', () => {
    const expected = Date.UTC(1994, 10, 6, 8, 49, 37);
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT')).toBe(expected);
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT')).toBe(expected);
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994')).toBe(expected);
  });

  it('refuses dates that do not exist', () => {
    expect(parseHttpDate('Mon, 31 Feb 2025 00:00:00 GMT')).toBeUndefined();
    expect(parseHttpDate('Mon, 01 Feb 2025 25:00:00 GMT')).toBeUndefined();
  });
});

describe('parseRetryAfter: fallback to 60', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['empty', ''],
    ['blank', '   '],
    ['garbage', 'soon'],
    ['a number and words', '30 seconds'],
    ['negative', '-5'],
    ['exponent', '1e3'],
    ['text that Date.parse would take', 'hello 5'],
    ['an ISO date', '2025-01-15T12:01:00Z'],
  ])('%s', (_label, value) => {
    expect(parseRetryAfter(value, NOW)).toBe(DEFAULT_RETRY_AFTER_SECONDS);
  });

  it('is 60', () => {
    expect(DEFAULT_RETRY_AFTER_SECONDS).toBe(60);
  });
});

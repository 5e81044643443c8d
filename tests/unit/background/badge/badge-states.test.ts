import { describe, expect, it } from 'vitest';
import {
  BADGE_STATES,
  type BadgeKind,
  type BadgeState,
  badgeLook,
  badgeNumber,
  COUNT_COLOR,
  clockTime,
  failureKind,
  PRODUCT_NAME,
} from '@/entrypoints/background/badge/badge-states';
import type { ApiError } from '@/utils/api/errors';

const FETCHED = Date.UTC(2025, 0, 15, 12, 0, 0);
const RETRY = FETCHED + 90_000;

/** Relative luminance contrast (WCAG 2) of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const EXAMPLES: Record<BadgeKind, BadgeState> = {
  count: { kind: 'count', count: { online: 12_345, fetchedAt: FETCHED } },
  'not-configured': { kind: 'not-configured' },
  'invalid-key': { kind: 'invalid-key', retryAt: RETRY },
  'rate-limited': { kind: 'rate-limited', last: { online: 12_345, fetchedAt: FETCHED }, retryAt: RETRY },
  offline: { kind: 'offline', retryAt: RETRY },
  error: { kind: 'error', retryAt: RETRY },
  disabled: { kind: 'disabled' },
  watched: { kind: 'watched', online: 3, watched: 20 },
};

describe('the badge state table', () => {
  it('has one row per state', () => {
    expect(Object.keys(BADGE_STATES).sort()).toEqual(Object.keys(EXAMPLES).sort());
  });

  it.each(Object.values(EXAMPLES))(
    '$kind: text of at most 4 characters, readable colours, a titled sentence',
    (state) => {
      const look = badgeLook(state);
      expect(look.text.length).toBeLessThanOrEqual(4);
      expect(look.title.startsWith(PRODUCT_NAME)).toBe(true);
      expect(look.title.endsWith('.')).toBe(true);
      if (look.text !== '') expect(contrast(look.color, look.textColor)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('count: the compact number on a neutral colour; the title has the full number and when it was fetched', () => {
    const look = badgeLook(EXAMPLES.count);
    expect(look).toMatchObject({ text: '12k', color: COUNT_COLOR, textColor: '#ffffff' });
    expect(look.title).toBe(`Network Companion: 12,345 players online (as of ${clockTime(FETCHED)}).`);
    expect(badgeLook({ kind: 'count', count: { online: 1, fetchedAt: FETCHED } }).title).toContain(
      '1 player online',
    );
    expect(badgeLook({ kind: 'count', count: { online: 0, fetchedAt: FETCHED } }).text).toBe('0');
  });

  it('watched players online: their number, nothing while none is; the title says how to start watching', () => {
    expect(badgeLook(EXAMPLES.watched)).toMatchObject({
      text: '3',
      title: 'Network Companion: 3 of 20 watched players online, as last checked.',
    });
    expect(badgeLook({ kind: 'watched', online: 0, watched: 4 }).text).toBe('');
    expect(badgeLook({ kind: 'watched', online: 0, watched: 0 }).title).toContain('press Watch');
  });

  it('no key set: a marker that asks for setup', () => {
    const look = badgeLook(EXAMPLES['not-configured']);
    expect(look.text).toBe('SET');
    expect(look.title).toMatch(/no API key is set.*options/);
  });

  it('invalid key: KEY in red, the title names the API key and says when it checks again', () => {
    const look = badgeLook(EXAMPLES['invalid-key']);
    expect(look).toMatchObject({ text: 'KEY', color: '#c5221f' });
    expect(look.title).toContain('API key');
    expect(look.title).toContain(clockTime(RETRY));
  });

  it('rate limited: the last count, greyed, and when it retries', () => {
    const look = badgeLook(EXAMPLES['rate-limited']);
    expect(look.text).toBe('12k');
    expect(look.color).not.toBe(COUNT_COLOR);
    expect(look.title).toContain('too many requests');
    expect(look.title).toContain(clockTime(RETRY));
    expect(look.title).toContain('12,345 players online');
    const noCount = badgeLook({ kind: 'rate-limited', last: undefined, retryAt: RETRY });
    expect(noCount.text).toBe('WAIT');
    expect(noCount.title).not.toContain('Last count');
  });

  it('unreachable / offline: OFF, and when it tries again', () => {
    const look = badgeLook(EXAMPLES.offline);
    expect(look.text).toBe('OFF');
    expect(look.title).toContain("can't reach the server");
    expect(look.title).toContain(clockTime(RETRY));
  });

  it('bad response: ERR, and when it tries again', () => {
    const look = badgeLook(EXAMPLES.error);
    expect(look.text).toBe('ERR');
    expect(look.title).toContain('could not use');
    expect(look.title).toContain(clockTime(RETRY));
  });

  it('disabled: an empty badge; the title says how to turn it on', () => {
    const look = badgeLook(EXAMPLES.disabled);
    expect(look.text).toBe('');
    expect(look.title).toContain('turn it on in the options');
  });
});

describe('badgeNumber', () => {
  it('shows the exact number while its digits fit in 4 characters, the compact form beyond', () => {
    expect(badgeNumber(0)).toBe('0');
    expect(badgeNumber(322)).toBe('322');
    expect(badgeNumber(1058)).toBe('1058');
    expect(badgeNumber(9999)).toBe('9999');
    expect(badgeNumber(10_000)).toBe('10k');
    expect(badgeNumber(12_345)).toBe('12k');
  });

  it('the count, watched and rate-limited states show 1058 as 1058', () => {
    const count = { online: 1058, fetchedAt: FETCHED };
    expect(badgeLook({ kind: 'count', count }).text).toBe('1058');
    expect(badgeLook({ kind: 'watched', online: 1058, watched: 2000 }).text).toBe('1058');
    expect(badgeLook({ kind: 'rate-limited', last: count, retryAt: RETRY }).text).toBe('1058');
  });
});

describe('failureKind', () => {
  it.each<[ApiError, string]>([
    [{ kind: 'not-configured' }, 'not-configured'],
    [{ kind: 'unauthorized' }, 'invalid-key'],
    [{ kind: 'rate-limited', retryAfterSeconds: 5 }, 'rate-limited'],
    [{ kind: 'offline' }, 'offline'],
    [{ kind: 'timeout' }, 'offline'],
    [{ kind: 'bad-response', detail: 'x' }, 'error'],
    [{ kind: 'unavailable' }, 'error'],
    [{ kind: 'bad-request', message: 'x' }, 'error'],
    [{ kind: 'invalid-input', message: 'x' }, 'error'],
    [{ kind: 'not-found', identifier: 'x' }, 'error'],
    [{ kind: 'no-background' }, 'error'],
  ])('%o → %s', (error, kind) => {
    expect(failureKind(error)).toBe(kind);
  });
});

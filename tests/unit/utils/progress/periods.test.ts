import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '@/utils/history/history-limits';
import { dayStart, periodStart, weekStart } from '@/utils/progress/periods';

/**
 * Period starts in local time, in Berlin, across its DST changes of 2026 (29 March: 02:00 CET
 * becomes 03:00 CEST, a 23 h day; 25 October: 03:00 CEST becomes 02:00 CET, a 25 h day).
 */
const previousTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  process.env.TZ = previousTz;
});

/** A Berlin wall-clock time given as UTC with its offset. */
const utc = (iso: string) => Date.parse(iso);

describe('dayStart', () => {
  it('is local midnight by default, and the day before when the reset hour is still ahead', () => {
    expect(dayStart(utc('2026-06-10T10:00:00Z'), 0)).toBe(utc('2026-06-09T22:00:00Z'));
    // 05:30 local, reset at 06:00: the day began yesterday at 06:00.
    expect(dayStart(utc('2026-06-10T03:30:00Z'), 6)).toBe(utc('2026-06-09T04:00:00Z'));
    // Exactly the reset hour: the new day.
    expect(dayStart(utc('2026-06-10T04:00:00Z'), 6)).toBe(utc('2026-06-10T04:00:00Z'));
  });

  it('keeps the wall-clock reset hour across the spring change (a 23 h day)', () => {
    const now = utc('2026-03-29T20:00:00Z'); // 22:00 CEST
    const start = dayStart(now, 0);
    expect(start).toBe(utc('2026-03-28T23:00:00Z')); // 00:00 CET
    const next = dayStart(utc('2026-03-30T08:00:00Z'), 0);
    expect(next - start).toBe(23 * HOUR_MS);
  });

  it('keeps the wall-clock reset hour across the autumn change (a 25 h day)', () => {
    const start = dayStart(utc('2026-10-25T12:00:00Z'), 0);
    expect(start).toBe(utc('2026-10-24T22:00:00Z')); // 00:00 CEST
    const next = dayStart(utc('2026-10-26T12:00:00Z'), 0);
    expect(next).toBe(utc('2026-10-25T23:00:00Z')); // 00:00 CET
    expect(next - start).toBe(25 * HOUR_MS);
  });

  it('goes back one calendar day, not 24 h, when the reset hour is still ahead across a change', () => {
    // 00:30 CET on 26 October, reset at 01:00: the day began at 01:00 CEST on the 25th, 25 h
    // before the next reset; 24 h back would say 02:00 CEST.
    expect(dayStart(utc('2026-10-25T23:30:00Z'), 1)).toBe(utc('2026-10-24T23:00:00Z'));
    // 00:30 CEST on 30 March, reset at 01:00: the 23 h day began at 01:00 CET on the 29th.
    expect(dayStart(utc('2026-03-29T22:30:00Z'), 1)).toBe(utc('2026-03-29T00:00:00Z'));
  });

  it('places a reset hour the spring change skips at the first hour after it', () => {
    // 02:00 does not exist on 29 March in Berlin: the day starts at 03:00 CEST (01:00 UTC).
    expect(dayStart(utc('2026-03-29T10:00:00Z'), 2)).toBe(utc('2026-03-29T01:00:00Z'));
  });
});

describe('weekStart', () => {
  it('is Monday at the reset hour', () => {
    // Thursday 11 June 2026, 12:00 local: Monday 8 June, 00:00 local.
    expect(weekStart(utc('2026-06-11T10:00:00Z'), 0)).toBe(utc('2026-06-07T22:00:00Z'));
    // Monday 05:00 local with the reset at 06:00: still last week, from the Monday before.
    expect(weekStart(utc('2026-06-08T03:00:00Z'), 6)).toBe(utc('2026-06-01T04:00:00Z'));
  });

  it('spans the autumn change as 7 calendar days (169 h)', () => {
    // The week of 19 to 26 October 2026 holds the 25 h Sunday.
    const start = weekStart(utc('2026-10-25T12:00:00Z'), 0);
    expect(start).toBe(utc('2026-10-18T22:00:00Z'));
    const next = weekStart(utc('2026-10-27T12:00:00Z'), 0);
    expect(next - start).toBe(169 * HOUR_MS);
  });
});

describe('period starts (properties)', () => {
  const times = fc.integer({ min: utc('2024-01-01T00:00:00Z'), max: utc('2028-12-31T00:00:00Z') });
  const hours = fc.integer({ min: 0, max: 23 });

  it('a period starts at or before now, less than its length (plus a DST hour) ago, at the reset hour', () => {
    fc.assert(
      fc.property(times, hours, (now, hour) => {
        const day = periodStart('day', now, hour);
        expect(day).toBeLessThanOrEqual(now);
        expect(now - day).toBeLessThan(25 * HOUR_MS);
        const week = periodStart('week', now, hour);
        expect(week).toBeLessThanOrEqual(day);
        expect(now - week).toBeLessThan(7 * 24 * HOUR_MS + HOUR_MS);
        expect(new Date(week).getDay()).toBe(1);
        // The reset hour, or the hour after it when a DST change skipped it.
        expect([hour, hour + 1]).toContain(new Date(day).getHours());
      }),
    );
  });

  it('is the same for every moment of the period (idempotent)', () => {
    fc.assert(
      fc.property(times, hours, (now, hour) => {
        const day = dayStart(now, hour);
        expect(dayStart(day, hour)).toBe(day);
        const week = weekStart(now, hour);
        expect(weekStart(week, hour)).toBe(week);
      }),
    );
  });
});

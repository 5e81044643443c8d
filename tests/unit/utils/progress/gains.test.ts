import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HOUR_MS, MINUTE_MS } from '@/utils/history/history-limits';
import type { PlayerSnapshotRow } from '@/utils/history/history-rows';
import { gainsBetween, statGain } from '@/utils/progress/gains';
import { snapshot } from '../history/history-fixtures';

const T0 = Date.UTC(2026, 5, 10, 12);
const at = (minutes: number) => T0 + minutes * MINUTE_MS;

describe('statGain', () => {
  it('counts from the last snapshot at or before the start', () => {
    const rows = [
      snapshot(at(-90), { kills: 10 }),
      snapshot(at(-30), { kills: 12 }),
      snapshot(at(20), { kills: 15 }),
    ];
    expect(statGain(rows, 'kills', at(0), at(30))).toEqual({
      kind: 'gain',
      delta: 3,
      from: { time: at(-30), value: 12 },
      to: { time: at(20), value: 15 },
      partial: false,
    });
  });

  it('counts from the first snapshot after the start when none is before it, and says so', () => {
    const rows = [snapshot(at(10), { balance: 100 }), snapshot(at(40), { balance: 250 })];
    const gain = statGain(rows, 'balance', at(0), at(60));
    expect(gain).toMatchObject({ kind: 'gain', delta: 150, partial: true, from: { time: at(10) } });
  });

  it('says what is missing with one snapshot and none before the start', () => {
    expect(statGain([snapshot(at(10))], 'kills', at(0), at(60))).toEqual({
      kind: 'not-enough',
      first: at(10),
    });
    expect(statGain([], 'kills', at(0), at(60))).toEqual({ kind: 'not-enough' });
  });

  it('ignores a snapshot stamped after the end (a clock set ahead)', () => {
    const rows = [
      snapshot(at(-10), { kills: 10 }),
      snapshot(at(5), { kills: 11 }),
      snapshot(at(600), { kills: 99 }),
    ];
    expect(statGain(rows, 'kills', at(0), at(30))).toMatchObject({ kind: 'gain', delta: 1 });
  });

  it('counts kills from a confirmed start to the newest snapshot, saying when that one may lag', () => {
    const rows = [
      snapshot(at(-20), { kills: 10 }),
      snapshot(at(-5), { kills: 9, statsMayLag: true }),
      snapshot(at(25), { kills: 14, balance: 2500, statsMayLag: true }),
    ];
    // The lagging value before the start is passed over for the confirmed one.
    expect(statGain(rows, 'kills', at(0), at(30))).toEqual({
      kind: 'gain',
      delta: 4,
      from: { time: at(-20), value: 10 },
      to: { time: at(25), value: 14 },
      partial: false,
      mayLag: true,
    });
    // Balance never lags: the last snapshot before the start, whatever its flag.
    expect(statGain(rows, 'balance', at(0), at(30))).toMatchObject({
      kind: 'gain',
      delta: 1500,
      from: { time: at(-5) },
    });
    expect(statGain(rows, 'balance', at(0), at(30))).not.toHaveProperty('mayLag');
  });

  it('reports a reset of a growing counter and counts from it, never a negative', () => {
    const rows = [
      snapshot(at(-10), { kills: 500 }),
      snapshot(at(10), { kills: 510 }),
      snapshot(at(20), { kills: 0 }),
      snapshot(at(40), { kills: 7 }),
    ];
    expect(statGain(rows, 'kills', at(0), at(60))).toEqual({
      kind: 'gain',
      delta: 7,
      from: { time: at(20), value: 0 },
      to: { time: at(40), value: 7 },
      partial: true,
      resetAt: at(20),
    });
  });

  it('lets balance go down: money is spent, not reset', () => {
    const rows = [snapshot(at(-10), { balance: 1000 }), snapshot(at(10), { balance: 400 })];
    expect(statGain(rows, 'balance', at(0), at(60))).toMatchObject({ kind: 'gain', delta: -600 });
  });
});

describe('gainsBetween', () => {
  it('says the newest stats may lag, and when the first snapshot is', () => {
    const rows = [snapshot(at(10)), snapshot(at(20), { kills: 12, statsMayLag: true })];
    const gains = gainsBetween(rows, at(0), at(30));
    expect(gains.mayLag).toBe(true);
    expect(gains.firstSnapshot).toBe(at(10));
    expect(gains.stats.kills).toMatchObject({ kind: 'gain', delta: 2, partial: true, mayLag: true });
    expect(gainsBetween([snapshot(at(10))], at(0), at(30)).stats.kills).toEqual({
      kind: 'not-enough',
      first: at(10),
    });
  });
});

describe('gains (properties)', () => {
  const series = fc
    .array(
      fc.record({
        step: fc.integer({ min: 1, max: 5 * HOUR_MS }),
        kills: fc.integer({ min: 0, max: 50 }),
        balance: fc.integer({ min: -10_000, max: 10_000 }),
        lag: fc.boolean(),
      }),
      { minLength: 1, maxLength: 30 },
    )
    .map((steps) => {
      let time = T0;
      let kills = 0;
      let balance = 0;
      return steps.map((step): PlayerSnapshotRow => {
        time += step.step;
        kills += step.kills;
        balance += step.balance;
        return snapshot(time, { kills, balance, statsMayLag: step.lag });
      });
    });

  it('a growing counter never gains a negative amount, and the gain is last minus first', () => {
    fc.assert(
      fc.property(series, fc.integer({ min: 0, max: 60 * HOUR_MS }), (rows, offset) => {
        const start = T0 + offset;
        const end = (rows.at(-1)?.time ?? T0) + HOUR_MS;
        const gain = statGain(rows, 'kills', start, end);
        if (gain.kind === 'gain') {
          expect(gain.delta).toBeGreaterThanOrEqual(0);
          expect(gain.delta).toBe(gain.to.value - gain.from.value);
          expect(gain.from.time).toBeLessThanOrEqual(gain.to.time);
        }
      }),
    );
  });

  it('gains over two adjacent periods add up to the gain over both (no reset, no lag)', () => {
    fc.assert(
      fc.property(series, fc.nat(), fc.nat(), (rows, a, b) => {
        const clean = rows.map((row) => ({ ...row, statsMayLag: false }));
        const first = clean[0]?.time ?? T0;
        const last = clean.at(-1)?.time ?? T0;
        const span = last - first + 1;
        const [mid, end] = [first + (a % span), first + (a % span) + (b % span)].sort((x, y) => x - y) as [
          number,
          number,
        ];
        const whole = statGain(clean, 'balance', first, end);
        const left = statGain(clean, 'balance', first, mid);
        const right = statGain(clean, 'balance', mid, end);
        const value = (gain: typeof whole) => (gain.kind === 'gain' ? gain.delta : 0);
        expect(value(left) + value(right)).toBe(value(whole));
      }),
    );
  });

  it('a snapshot in the future changes nothing', () => {
    fc.assert(
      fc.property(series, fc.integer({ min: 1, max: 1_000_000 }), (rows, kills) => {
        const end = rows.at(-1)?.time ?? T0;
        const future = snapshot(end + HOUR_MS, { kills });
        expect(gainsBetween([...rows, future], T0, end)).toEqual(gainsBetween(rows, T0, end));
      }),
    );
  });
});

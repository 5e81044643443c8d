// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { OnlineCountRow } from '@/utils/history/history-rows';
import {
  COUNT_READ_MAX_MS,
  COUNT_READ_MIN_MS,
  countModel,
  nextCountReadAt,
  withRecentSlope,
} from '@/utils/scheduler/count-pace';
import { fitWiggle, wiggleMove } from '@/utils/scheduler/wiggle';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const START = Date.UTC(2026, 10, 2);
const PAIR_MAX = 15 * MINUTE;

/** A seeded uniform in [0, 1). */
function uniform(seed: number) {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
}

/** The demo's count: 1,200 with a ±25 wiggle every 7 minutes and a small walk. */
const demoCount = (walk: number[]) => (time: number) => {
  const minute = Math.floor((time - START) / MINUTE);
  return Math.round(1200 + 25 * Math.sin((2 * Math.PI * minute) / 7 + 1) + (walk[minute] ?? 0));
};

/** Readings every 1 to 4 minutes (at any second) of `count` from `from` for `minutes`. */
function readings(
  count: (time: number) => number,
  from: number,
  minutes: number,
  seed = 3,
): OnlineCountRow[] {
  const random = uniform(seed);
  const rows: OnlineCountRow[] = [];
  for (let time = from; time < from + minutes * MINUTE; time += MINUTE + Math.floor(random() * 3 * MINUTE))
    rows.push({ time, count: count(time) });
  return rows;
}

function walk(minutes: number, sigma: number, seed = 11): number[] {
  const random = uniform(seed);
  const out: number[] = [];
  let level = 0;
  for (let i = 0; i < minutes; i += 1) {
    level = 0.97 * level + sigma * (random() - 0.5) * 3.46;
    out.push(level);
  }
  return out;
}

describe('fitWiggle', () => {
  it("finds the demo's 7-minute wiggle of ±25 under a walk from three hours of irregular readings", () => {
    const count = demoCount(walk(4 * 60, 4));
    const rows = readings(count, START, 3 * 60);
    const wiggle = fitWiggle(rows, START + 3 * 60 * MINUTE, PAIR_MAX);
    expect(wiggle?.periodMinutes).toBeCloseTo(7, 1);
    expect(Math.hypot(wiggle?.sin ?? 0, wiggle?.cos ?? 0)).toBeGreaterThan(20);
    expect(Math.hypot(wiggle?.sin ?? 0, wiggle?.cos ?? 0)).toBeLessThan(30);
    // What it leaves is the walk's, far below the wiggle's swing.
    expect(wiggle?.noisePerSqrtMinute).toBeLessThan(10);
  });

  it('finds none in a count that only walks or climbs', () => {
    const walking = walk(4 * 60, 4);
    const rows = readings(
      (time) => 1200 + Math.round(walking[Math.floor((time - START) / MINUTE)] ?? 0),
      START,
      180,
    );
    expect(fitWiggle(rows, START + 180 * MINUTE, PAIR_MAX)).toBeUndefined();
    const climbing = readings((time) => 800 + Math.round((time - START) / MINUTE), START, 180);
    expect(fitWiggle(climbing, START + 180 * MINUTE, PAIR_MAX)).toBeUndefined();
  });

  it('finds none where the readings come about a whole period apart (a climb read every 3 min is no 3-minute wiggle)', () => {
    const walking = walk(4 * 60, 1);
    const count = (time: number) =>
      1200 +
      Math.round((1.6 * (time - START)) / MINUTE + (walking[Math.floor((time - START) / MINUTE)] ?? 0));
    const rows: OnlineCountRow[] = [];
    // The fixed pace's slots: one request a minute, the badge's every third, a few ms later each time.
    for (let time = START; time < START + 120 * MINUTE; time += 3 * MINUTE + 252)
      rows.push({ time, count: count(time) });
    expect(fitWiggle(rows, START + 120 * MINUTE, PAIR_MAX)).toBeUndefined();
  });

  it('finds none from too few readings', () => {
    const rows = readings(demoCount([]), START, 40);
    expect(fitWiggle(rows, START + 40 * MINUTE, PAIR_MAX)).toBeUndefined();
  });
});

describe('the badge reads where the wiggle moves the count', () => {
  const count = demoCount(walk(15 * 24 * 60, 4));
  const rows = readings(count, START + 14 * DAY - 3 * 60 * MINUTE, 3 * 60);
  const now = START + 14 * DAY;
  const model = withRecentSlope(
    countModel(rows, now),
    rows.filter((row) => row.time >= now - 30 * MINUTE),
    now,
  );

  it('the model carries the wiggle, and its predicted move follows it', () => {
    expect(model.wiggle?.periodMinutes).toBeCloseTo(7, 1);
    const wiggle = model.wiggle;
    if (wiggle === undefined) return;
    // Over a whole period the wiggle comes back: it moves the count by next to nothing.
    expect(Math.abs(wiggleMove(wiggle, now, now + wiggle.periodMinutes * MINUTE))).toBeLessThan(1);
  });

  it('reads sooner after a reading in the wiggle’s climb than after one at its crest, within the floor and ceiling', () => {
    const wiggle = model.wiggle;
    expect(wiggle).toBeDefined();
    if (wiggle === undefined) return;
    const period = wiggle.periodMinutes * MINUTE;
    // The crest: where the wiggle's own move over the next half minute is smallest.
    let [crest, steep] = [now, now];
    for (let at = now; at < now + period; at += 5_000) {
      const move = Math.abs(wiggleMove(wiggle, at, at + 30_000));
      if (move < Math.abs(wiggleMove(wiggle, crest, crest + 30_000))) crest = at;
      if (move > Math.abs(wiggleMove(wiggle, steep, steep + 30_000))) steep = at;
    }
    const next = (at: number) => nextCountReadAt(model, { count: count(at), at }, MINUTE) - at;
    expect(next(steep)).toBeLessThan(next(crest));
    for (const at of [crest, steep]) {
      expect(next(at)).toBeGreaterThanOrEqual(COUNT_READ_MIN_MS);
      expect(next(at)).toBeLessThanOrEqual(COUNT_READ_MAX_MS);
    }
  });

  it('a model whose wiggle does not parse is no model: the fixed pace', () => {
    const broken = { ...model, wiggle: { periodMinutes: 0, sin: 'x', cos: 1, noisePerSqrtMinute: -1 } };
    expect(nextCountReadAt(broken, { count: 1200, at: now }, 3 * MINUTE)).toBe(now + 3 * MINUTE);
  });

  it('forgets a wiggle the last readings no longer follow', () => {
    const later = now + 60 * MINUTE;
    const flat = readings(() => 1200, now, 60);
    const again = withRecentSlope(
      countModel(rows, now),
      flat.filter((row) => row.time >= later - 30 * MINUTE),
      later,
    );
    expect(model.wiggle).toBeDefined();
    expect(again.wiggle).toBeUndefined();
  });
});

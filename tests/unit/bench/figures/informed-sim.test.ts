// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { IRREGULAR_PER_DAY, type SimPlayer } from '@/bench/figures/habits-sim';
import { replayInformed, sourcesOf, unseenChance } from '@/bench/figures/informed-sim';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2025, 0, 15);

const irregular: SimPlayer = { uuid: 'i', kind: 'irregular', sessions: [] };
/** Plays every evening at 20:00 for about 60 min. */
const evening: SimPlayer = {
  uuid: 'e',
  kind: 'habitual',
  sessions: [],
  habits: [{ at: 20 * HOUR, length: 60 }],
};

describe('the informed policy', () => {
  it('a player logging in at any hour: the chance of an unseen session grows with the time since last looked at, up to the logins of a mean session', () => {
    const sources = sourcesOf(irregular, T0, T0, 3 * 24 * 60);
    const perMinute = IRREGULAR_PER_DAY / (24 * 60);
    expect(unseenChance(sources, 1000, 1010)).toBeCloseTo(10 * perMinute, 6);
    // Sessions of 15 to 180 min: a mean of 97.5 min (to the minute), whatever the gap beyond 180.
    expect(unseenChance(sources, 1000, 1400)).toBeCloseTo(97.5 * perMinute, 2);
    expect(unseenChance(sources, 100, 1400)).toBeCloseTo(unseenChance(sources, 1000, 1400), 9);
  });

  it('a habitual player: likely in an unseen session just after their hour, hardly at all half a day from it', () => {
    const start = T0 + 2 * DAY;
    const sources = sourcesOf(evening, T0, start, 24 * 60);
    const atMinute = (hour: number) => hour * 60;
    const justAfter = unseenChance(sources, atMinute(19), atMinute(20.5));
    expect(justAfter).toBeGreaterThan(0.4);
    expect(justAfter).toBeLessThan(0.85);
    expect(unseenChance(sources, atMinute(6), atMinute(9))).toBeLessThan(1e-6);
    // Looked at since the habit's hour: less left to find.
    expect(unseenChance(sources, atMinute(20.25), atMinute(20.5))).toBeLessThan(justAfter);
  });

  it('checks one player a slot, and goes to the evening player at their hour rather than to one at any hour', () => {
    const start = T0 + 2 * DAY;
    const slots = [start + 19 * HOUR, start + 20 * HOUR + 30 * MINUTE, start + 21 * HOUR];
    const checks = replayInformed([irregular, evening], slots, T0, start);
    expect(checks.map((check) => check.at)).toEqual(slots);
    expect(checks[1]?.uuid).toBe('e');
  });
});

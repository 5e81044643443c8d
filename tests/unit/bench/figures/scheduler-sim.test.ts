// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  detectionDelays,
  maxInAnyHour,
  SIM_START,
  seededRandom,
  simulateInstall,
  spreadOverMinute,
} from '@/bench/figures/scheduler-sim';
import { HOUR_MS } from '@/utils/scheduler/scheduler-limits';
import { gapMs } from '@/utils/scheduler/slots';

describe('maxInAnyHour', () => {
  it('counts the most sends in any hour, an hour-old send no longer counting', () => {
    expect(maxInAnyHour([])).toBe(0);
    expect(maxInAnyHour([0, HOUR_MS])).toBe(1);
    expect(maxInAnyHour([0, HOUR_MS - 1])).toBe(2);
    expect(maxInAnyHour([0, 10, 20, HOUR_MS + 5, HOUR_MS + 15, HOUR_MS + 16])).toBe(4);
  });
});

describe('spreadOverMinute', () => {
  it('counts sends per second of the minute, and the busiest second ÷ the mean', () => {
    const times = [0, 60_000, 1_500, 59_999];
    const spread = spreadOverMinute(times);
    expect(spread.perSecond[0]).toBe(2);
    expect(spread.perSecond[1]).toBe(1);
    expect(spread.perSecond[59]).toBe(1);
    expect(spread.perSecond.reduce((sum, count) => sum + count, 0)).toBe(4);
    expect(spread.maxOverMean).toBe(2 / (4 / 60));
  });

  it('is 1 for sends spread evenly over the seconds, and 0 for none', () => {
    expect(spreadOverMinute(Array.from({ length: 120 }, (_, i) => i * 1000)).maxOverMean).toBe(1);
    expect(spreadOverMinute([]).maxOverMean).toBe(0);
  });
});

describe('detectionDelays', () => {
  it('is the time to the next check of the same player, at or after the event', () => {
    const checks = [
      { at: 10, player: 'a' },
      { at: 20, player: 'b' },
      { at: 40, player: 'a' },
    ];
    const events = [
      { at: 10, player: 'a' },
      { at: 11, player: 'a' },
      { at: 5, player: 'b' },
      { at: 41, player: 'a' },
      { at: 1, player: 'unwatched' },
    ];
    expect(detectionDelays(checks, events)).toEqual([0, 29, 15]);
  });
});

describe('seededRandom', () => {
  it('gives the same numbers for the same seed, within [0, 1)', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const values = Array.from({ length: 1_000 }, () => a());
    expect(values).toEqual(Array.from({ length: 1_000 }, () => b()));
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(seededRandom(8)()).not.toBe(values[0]);
  });
});

describe('simulateInstall', () => {
  it('an active install with the badge and a watchlist: one request per slot, shared, within the budget', async () => {
    const requests = await simulateInstall({
      badge: true,
      watched: 3,
      endAt: SIM_START + 2 * HOUR_MS,
      random: () => 0.5,
    });
    expect(maxInAnyHour(requests.map((request) => request.at))).toBe(60);
    const times = requests.map((request) => request.at);
    expect(times.slice(2).every((at, i) => at - (times[i + 1] as number) === gapMs(60))).toBe(true);
    const watchlist = requests.filter((request) => request.stream === 'watchlist');
    expect(Math.abs(watchlist.length - (requests.length - watchlist.length))).toBeLessThanOrEqual(1);
    expect(watchlist.slice(0, 6).map((request) => request.player)).toEqual([
      'player1',
      'player2',
      'player3',
      'player1',
      'player2',
      'player3',
    ]);
  });

  it('an idle install sends nothing; a restarting worker sends exactly what one worker does', async () => {
    const options = { badge: true, watched: 5, endAt: SIM_START + HOUR_MS, random: () => 0.3 };
    expect(await simulateInstall({ ...options, idle: true })).toEqual([]);
    expect(await simulateInstall({ ...options, restarting: true })).toEqual(await simulateInstall(options));
  });
});

// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchesWorth } from '@/entrypoints/background/saved-searches/search-rotation';
import { COUNT_READ_MAX_MS, type CountModel, MIN_MODEL_PAIRS } from '@/utils/scheduler/count-pace';
import type { StreamDemand } from '@/utils/scheduler/demand';
import { freshHabits, readHabits } from '@/utils/scheduler/habits';
import {
  ALERT_FLOOR_MS,
  alertNews,
  BADGE_NEWS_WEIGHT,
  badgePaceDemand,
  countMoveNews,
  nextNewPerHour,
  watchlistWorth,
  withWorth,
} from '@/utils/scheduler/news';
import { finishSlot, gridFor, planSlot, takeSlot } from '@/utils/scheduler/plan';
import { HOUR_MS, SLOT_TOLERANCE_MS } from '@/utils/scheduler/scheduler-limits';
import { freshState } from '@/utils/scheduler/scheduler-state';
import { savedSearchDemand } from '@/utils/scheduler/stream-ids';
import { floorMs } from '@/utils/scheduler/watch-floor';

const NOW = Date.UTC(2026, 10, 20, 18, 0, 0);
const MIN = 60_000;

const quietModel: CountModel = {
  hourMeans: Array.from({ length: 24 }, () => 1_000),
  noisePerSqrtMinute: 2,
  pairs: MIN_MODEL_PAIRS,
  recentSlopePerMinute: 0,
};
const automatic = {
  badgeEnabled: true,
  badgeShows: 'online-count' as const,
  badgeIntervalSeconds: 60,
  badgePace: 'automatic' as const,
};

describe('one scale: expected user-visible events per request (issue 37)', () => {
  it('the badge: the chance its count moved by the threshold (about 1/3 at it), weighed against an announcement', () => {
    expect(countMoveNews(0, 24)).toBe(0);
    expect(countMoveNews(24, 24)).toBeCloseTo(0.317 * BADGE_NEWS_WEIGHT, 3);
    expect(countMoveNews(48, 24)).toBeCloseTo(0.617 * BADGE_NEWS_WEIGHT, 3);
    expect(countMoveNews(6, 24)).toBeLessThan(0.001);
    expect(countMoveNews(1e9, 24)).toBeLessThanOrEqual(BADGE_NEWS_WEIGHT);
  });

  it('an alert: 1 never looked at, then its recent rate of new listings since the last look', () => {
    expect(alertNews(0.5, undefined, NOW)).toBe(1);
    expect(alertNews(0, NOW - HOUR_MS, NOW)).toBe(0);
    expect(alertNews(1, NOW - HOUR_MS, NOW)).toBeCloseTo(1 - Math.exp(-1), 5);
    // A search that rarely finds new listings says little.
    expect(alertNews(0.05, NOW - 10 * MIN, NOW)).toBeLessThan(0.01);
    expect(nextNewPerHour(undefined, 2, 0.5)).toBe(4);
    expect(nextNewPerHour(4, 0, 1)).toBeCloseTo(3.2, 5);
    expect(nextNewPerHour(4, 1, Number.NaN)).toBe(4);
  });

  it('the watchlist: its best player, 1 for one never looked at, its floor from the least recently checked', () => {
    const worth = watchlistWorth({
      players: ['a', 'b'],
      checkedAt: { a: NOW - 10 * MIN, b: NOW - 2 * HOUR_MS },
      last: {},
      habits: freshHabits(),
      now: NOW,
    });
    expect(worth.news).toBeGreaterThan(0);
    expect(worth.news).toBeLessThan(1);
    expect(worth.floorAt).toBe(NOW - 2 * HOUR_MS + floorMs(2));
    expect(
      watchlistWorth({
        players: ['a', 'c'],
        checkedAt: { a: NOW },
        last: {},
        habits: freshHabits(),
        now: NOW,
      }).news,
    ).toBe(1);
  });

  it('a model that cannot be read says no news: the slot goes round-robin (the fixed pacing)', () => {
    const worth = watchlistWorth({
      players: ['a'],
      checkedAt: { a: NOW - HOUR_MS },
      last: {},
      habits: readHabits({ turn: 'corrupted' }),
      now: NOW,
    });
    expect(worth.news).toBeUndefined();
    expect(withWorth({ everyMs: 0 }, worth)).toEqual({ everyMs: 0, floorAt: worth.floorAt });
    // The badge: a corrupted count model is the fixed interval, no news, no due time of its own.
    const last = { count: 1_000, at: NOW - 2 * MIN };
    expect(badgePaceDemand(automatic, true, { hourMeans: 'x' }, last, NOW)).toEqual({ everyMs: 60_000 });
    expect(badgePaceDemand(automatic, true, quietModel, last, NOW)).toMatchObject({
      floorAt: last.at + COUNT_READ_MAX_MS,
    });
  });

  it('a stream whose entries all rest is due only when the first wakes, and says no news', () => {
    const failure = (retryAt: number) => ({
      failure: 'unavailable' as const,
      failures: 2,
      triedAt: NOW - MIN,
      retryAt,
    });
    const habits = { ...freshHabits(), failing: { a: failure(NOW + 20 * MIN), b: failure(NOW + 5 * MIN) } };
    const worth = watchlistWorth({
      players: ['a', 'b'],
      checkedAt: { a: NOW - MIN, b: NOW - MIN },
      last: {},
      habits,
      now: NOW,
    });
    expect(withWorth({ everyMs: 0 }, worth)).toEqual({ everyMs: 0, dueAt: NOW + 5 * MIN });
    const states = {
      s: { last: null, seen: [], baselineFor: null, baselineRev: null, failure: failure(NOW + 30 * MIN) },
    };
    expect(withWorth({ everyMs: MIN }, searchesWorth(['s'], states, NOW))).toEqual({
      everyMs: MIN,
      dueAt: NOW + 30 * MIN,
    });
    // The scheduler sends nothing for it meanwhile.
    const plan = planSlot(
      freshState(() => 0),
      {
        now: NOW,
        budgetPerHour: 60,
        pauseUntil: 0,
        demands: [{ id: 'watchlist', demand: withWorth({ everyMs: 0 }, worth) }],
      },
    );
    expect(plan).toMatchObject({ kind: 'wait' });
  });

  it('an alert looked at over an hour ago has its floor due', () => {
    const states = {
      s: {
        last: { at: NOW - 2 * HOUR_MS, lowest: null, median: null, listings: 0 },
        seen: [],
        baselineFor: null,
        baselineRev: null,
        newPerHour: 0,
      },
    };
    expect(searchesWorth(['s'], states, NOW)).toEqual({
      news: 0,
      floorAt: NOW - 2 * HOUR_MS + ALERT_FLOOR_MS,
    });
  });
});

describe('the budget and the floors, for any model state and stream mix (property)', () => {
  const anything = fc.oneof(fc.anything(), fc.constant(null), fc.constant(quietModel));
  it('never more than the budget, a gap apart; the count read by 10 min (a slot per other floor later); entries resting take no slot', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 6, max: 120 }),
        anything,
        fc.oneof(fc.anything(), fc.constant(freshHabits())),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        (budgetPerHour, model, rawHabits, watched, alerts, resting) => {
          const habits = readHabits(rawHabits);
          const players = Array.from({ length: watched }, (_, i) => `p${i}`);
          let state = freshState(() => 0);
          let now = NOW;
          let lastRead = { count: 1_000, at: NOW - MIN };
          const checkedAt: Record<string, number> = {};
          const sends: { at: number; id: string }[] = [];
          const reads = [lastRead.at];
          while (now < NOW + 2 * HOUR_MS) {
            const demands: { id: string; demand: StreamDemand }[] = [
              { id: 'badge', demand: badgePaceDemand(automatic, true, model, lastRead, now) },
              {
                id: 'watchlist',
                demand:
                  watched === 0
                    ? null
                    : resting
                      ? withWorth({ everyMs: 0 }, { restingUntil: NOW + 4 * HOUR_MS })
                      : withWorth(
                          { everyMs: 0 },
                          watchlistWorth({ players, checkedAt, last: {}, habits, now }),
                        ),
              },
              { id: 'alerts', demand: savedSearchDemand(alerts) },
            ];
            for (const { demand } of demands)
              if (demand?.news !== undefined) expect(demand.news >= 0 && demand.news <= 1).toBe(true);
            const plan = planSlot(state, { now, budgetPerHour, pauseUntil: 0, demands });
            if (plan.kind === 'nothing') break;
            if (plan.kind === 'wait') {
              now = Math.max(now + 1_000, plan.at);
              continue;
            }
            state = finishSlot(takeSlot(state, { ...plan, now }), plan.streamId, { ok: true });
            sends.push({ at: now, id: plan.streamId });
            if (plan.streamId === 'badge') {
              lastRead = { count: 1_000 + (sends.length % 7), at: now };
              reads.push(now);
            }
            if (plan.streamId === 'watchlist') {
              const next = players.reduce((a, b) => ((checkedAt[a] ?? 0) <= (checkedAt[b] ?? 0) ? a : b));
              checkedAt[next] = now;
            }
            now += 1_000;
          }
          const gap = gridFor(0, budgetPerHour).gap;
          sends.forEach(({ at }, i) => {
            expect(
              sends.filter((send) => send.at > at - HOUR_MS && send.at <= at).length,
            ).toBeLessThanOrEqual(budgetPerHour);
            if (i > 0)
              expect(at - (sends[i - 1]?.at as number)).toBeGreaterThanOrEqual(gap - SLOT_TOLERANCE_MS);
          });
          if (resting) expect(sends.some((send) => send.id === 'watchlist')).toBe(false);
          // The budget allows a slot each gap: the count by 10 min, or a slot later per other stream.
          if (gap <= MIN + SLOT_TOLERANCE_MS)
            for (let i = 1; i < reads.length; i += 1)
              expect((reads[i] as number) - (reads[i - 1] as number)).toBeLessThanOrEqual(
                COUNT_READ_MAX_MS + 3 * gap + SLOT_TOLERANCE_MS,
              );
        },
      ),
      { numRuns: 20 },
    );
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { checkEveryMs } from '@/utils/scheduler/check-every';
import { HOUR_MS } from '@/utils/scheduler/scheduler-limits';
import { gapMs } from '@/utils/scheduler/slots';

const badge = { demand: { everyMs: 60_000 } };
const watchlist = (items: number) => ({ demand: items > 0 ? { everyMs: 0 } : null, items });

describe('checkEveryMs', () => {
  it('a watchlist with the whole budget: each of 200 players every 200 gaps (about 200/60 h)', () => {
    const estimate = checkEveryMs({ budgetPerHour: 60, streams: { watchlist: watchlist(200) } });
    expect(estimate.watchlist.everyMs).toBe(gapMs(60));
    expect(estimate.watchlist.itemEveryMs).toBe(200 * gapMs(60));
    expect(estimate.watchlist.itemEveryMs).toBeCloseTo((200 / 60) * HOUR_MS, -5);
  });

  it('the badge at one a minute and a watchlist share the default budget half and half', () => {
    const estimate = checkEveryMs({
      budgetPerHour: 60,
      streams: { badge, watchlist: watchlist(20), searches: watchlist(0) },
    });
    expect(estimate.badge.everyMs).toBe(2 * gapMs(60));
    expect(estimate.watchlist.everyMs).toBe(2 * gapMs(60));
    expect(estimate.watchlist.itemEveryMs).toBe(40 * gapMs(60));
    expect(estimate.searches).toEqual({ perHour: 0, everyMs: null, itemEveryMs: null });
  });

  it('a stream that wants less than its share gets what it wants, the others the rest', () => {
    const estimate = checkEveryMs({
      budgetPerHour: 120,
      streams: { badge: { demand: { everyMs: 90_000 } }, watchlist: watchlist(10) },
    });
    // Every third slot: the first slot at least 90 s after the last.
    expect(estimate.badge.everyMs).toBe(3 * gapMs(120));
    // Two slots in three: a gap, then two.
    expect((estimate.watchlist.everyMs as number) / (1.5 * gapMs(120))).toBeCloseTo(1, 3);
  });

  it('three hungry streams get a third each', () => {
    const estimate = checkEveryMs({
      budgetPerHour: 60,
      streams: { badge: { demand: { everyMs: 0 } }, watchlist: watchlist(5), searches: watchlist(3) },
    });
    for (const stream of Object.values(estimate)) expect(stream.everyMs).toBe(3 * gapMs(60));
    expect(estimate.searches.itemEveryMs).toBe(9 * gapMs(60));
  });

  it('budgets outside the bounds are taken at the nearest bound', () => {
    const low = checkEveryMs({ budgetPerHour: 1, streams: { watchlist: watchlist(1) } });
    expect(low.watchlist.everyMs).toBe(gapMs(6));
  });
});

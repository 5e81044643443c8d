// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StreamDemand } from '@/utils/scheduler/demand';
import {
  finishSlot,
  gridFor,
  type PlanContext,
  pickStream,
  planSlot,
  streamDueAt,
  takeSlot,
} from '@/utils/scheduler/plan';
import { HOUR_MS, SLOT_TOLERANCE_MS } from '@/utils/scheduler/scheduler-limits';
import { freshState, type SchedulerState } from '@/utils/scheduler/scheduler-state';
import { slotAtOrAfter } from '@/utils/scheduler/slots';

const GAP = 60_084;
/** Phase 0: the grid is k × GAP. */
const SLOT = 28_900_000 * GAP;
const base: SchedulerState = freshState(() => 0);
const always = { everyMs: 0 };
const context = (patch: Partial<PlanContext> = {}): PlanContext => ({
  now: SLOT,
  budgetPerHour: 60,
  pauseUntil: 0,
  demands: [
    { id: 'a', demand: always },
    { id: 'b', demand: always },
  ],
  ...patch,
});

describe('streamDueAt', () => {
  it('is at once for a stream never run, or one that asked for the next slot', () => {
    expect(streamDueAt(undefined, always, GAP, false)).toBe(Number.NEGATIVE_INFINITY);
    expect(streamDueAt({ lastRunAt: SLOT, failures: 0 }, { everyMs: 60_000 }, GAP, true)).toBe(
      Number.NEGATIVE_INFINITY,
    );
  });

  it('is its interval after its last slot', () => {
    expect(streamDueAt({ lastRunAt: SLOT - 1_000, failures: 0 }, { everyMs: 60_000 }, GAP, false)).toBe(
      SLOT + 59_000,
    );
  });

  it('while failing, backs off from at least a gap', () => {
    const failing = (failures: number) =>
      streamDueAt({ lastRunAt: SLOT, failures }, always, GAP, false) - SLOT;
    expect([1, 2, 3, 4].map(failing)).toEqual([GAP, 2 * GAP, 4 * GAP, 300_000]);
  });
});

describe('a stream that says when it is due (dueAt: the badge in Automatic, issue 37)', () => {
  it('is due at its dueAt, whatever its last slot, unless failing or asking for the next slot', () => {
    const demand = { everyMs: 600_000, dueAt: SLOT + 240_000 };
    expect(streamDueAt({ lastRunAt: SLOT - 1_000, failures: 0 }, demand, GAP, false)).toBe(SLOT + 240_000);
    expect(streamDueAt(undefined, demand, GAP, false)).toBe(SLOT + 240_000);
    expect(streamDueAt({ lastRunAt: SLOT, failures: 0 }, demand, GAP, true)).toBe(Number.NEGATIVE_INFINITY);
    // Failing: the backoff from its last slot, as any stream.
    expect(streamDueAt({ lastRunAt: SLOT, failures: 1 }, demand, GAP, false)).toBe(SLOT + 600_000);
  });

  it('never sends more than the budget in an hour, nor two slots within a gap, for any dueAt and stream mix', () => {
    const demandArb = fc.option(
      fc.record(
        {
          everyMs: fc.integer({ min: 0, max: 2 * HOUR_MS }),
          dueAt: fc.integer({ min: SLOT - HOUR_MS, max: SLOT + 2 * HOUR_MS }),
        },
        { requiredKeys: ['everyMs'] },
      ),
      { nil: null },
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 6, max: 120 }),
        fc.array(demandArb, { minLength: 1, maxLength: 4 }),
        fc.array(fc.integer({ min: 1_000, max: 10 * 60_000 }), { minLength: 50, maxLength: 200 }),
        (budgetPerHour, demands, steps) => {
          let state = base;
          let now = SLOT;
          const sends: number[] = [];
          const streams = demands.map((demand, i) => ({ id: `s${i}`, demand }));
          for (const step of steps) {
            const plan = planSlot(state, context({ now, budgetPerHour, demands: streams }));
            if (plan.kind === 'send') {
              state = finishSlot(takeSlot(state, { ...plan, now }), plan.streamId, { ok: true });
              sends.push(now);
            }
            now += step;
          }
          const gap = gridFor(0, budgetPerHour).gap;
          for (let i = 0; i < sends.length; i += 1) {
            const hour = sends.filter(
              (at) => at > (sends[i] as number) - HOUR_MS && at <= (sends[i] as number),
            );
            expect(hour.length).toBeLessThanOrEqual(budgetPerHour);
            if (i > 0)
              expect((sends[i] as number) - (sends[i - 1] as number)).toBeGreaterThanOrEqual(
                gap - SLOT_TOLERANCE_MS,
              );
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('news per request (issue 37): the slot to the stream with the most news, floors first', () => {
  const order = ['a', 'b', 'c'];
  const all = new Set(order);
  const worth = (demands: Record<string, { news?: number; floorAt?: number }>) => ({
    now: SLOT,
    of: (id: string) => (demands[id] === undefined ? undefined : { everyMs: 0, ...demands[id] }),
  });

  it('gives the slot to the most news when every due stream says it; a tie goes round-robin', () => {
    expect(pickStream(order, all, 'a', [], worth({ a: { news: 1 }, b: { news: 0.2 }, c: { news: 3 } }))).toBe(
      'c',
    );
    expect(pickStream(order, all, 'a', [], worth({ a: { news: 1 }, b: { news: 1 }, c: { news: 1 } }))).toBe(
      'b',
    );
  });

  it('goes round-robin as before when a due stream does not say its news', () => {
    expect(pickStream(order, all, 'a', [], worth({ a: { news: 1 }, c: { news: 3 } }))).toBe('b');
    expect(pickStream(order, all, 'a', [], worth({}))).toBe('b');
  });

  it('serves a stream whose floor is due before any news, and one that asked before that', () => {
    const demands = worth({ a: { news: 100 }, b: { news: 0, floorAt: SLOT - 1 }, c: { news: 100 } });
    expect(pickStream(order, all, 'b', [], demands)).toBe('b');
    expect(pickStream(order, all, 'b', ['c'], demands)).toBe('c');
    expect(
      pickStream(
        order,
        all,
        'b',
        [],
        worth({ a: { news: 100 }, b: { news: 0, floorAt: SLOT + 1 }, c: { news: 1 } }),
      ),
    ).toBe('a');
  });

  it('for any news and floors: within the budget, a gap apart, and a stream with a floor served within it and a slot per stream, however much news another brings', () => {
    const streamArb = fc.record({
      everyMs: fc.integer({ min: 0, max: HOUR_MS }),
      news: fc.option(fc.double({ min: 0, max: 99, noNaN: true }), { nil: undefined }),
      floorEveryMs: fc.option(fc.integer({ min: 5 * 60_000, max: 3 * HOUR_MS }), { nil: undefined }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 6, max: 120 }),
        fc.array(streamArb, { minLength: 1, maxLength: 4 }),
        fc.double({ min: 0, max: 1_000, noNaN: true }),
        (budgetPerHour, others, greedyNews) => {
          // A stream always due with the most news: only the floors keep the others served.
          const specs = [{ everyMs: 0, news: greedyNews + 100, floorEveryMs: undefined }, ...others];
          let state = base;
          let now = SLOT;
          const sends: { at: number; id: string }[] = [];
          const servedAt = new Map<string, number>();
          for (let step = 0; step < 400; step += 1) {
            const demands = specs.map((spec, i) => {
              const id = `s${i}`;
              const last = servedAt.get(id) ?? SLOT;
              const demand: NonNullable<StreamDemand> = {
                everyMs: spec.everyMs,
                ...(spec.news === undefined ? {} : { news: spec.news }),
                ...(spec.floorEveryMs === undefined ? {} : { floorAt: last + spec.floorEveryMs }),
              };
              return { id, demand };
            });
            const plan = planSlot(state, context({ now, budgetPerHour, demands }));
            if (plan.kind === 'send') {
              state = finishSlot(takeSlot(state, { ...plan, now }), plan.streamId, { ok: true });
              sends.push({ at: now, id: plan.streamId });
              servedAt.set(plan.streamId, now);
              now += 1_000;
            } else if (plan.kind === 'wait') now = Math.max(now + 1_000, plan.at);
            else break;
          }
          const gap = gridFor(0, budgetPerHour).gap;
          const times = sends.map((send) => send.at);
          for (let i = 0; i < times.length; i += 1) {
            const at = times[i] as number;
            expect(times.filter((t) => t > at - HOUR_MS && t <= at).length).toBeLessThanOrEqual(
              budgetPerHour,
            );
            if (i > 0) expect(at - (times[i - 1] as number)).toBeGreaterThanOrEqual(gap - SLOT_TOLERANCE_MS);
          }
          // Each stream with a floor: never more than its floor plus one slot per stream (and the
          // budget's wait) without a request, once it was due.
          specs.forEach((spec, i) => {
            if (spec.floorEveryMs === undefined || spec.everyMs > spec.floorEveryMs) return;
            const mine = [SLOT, ...sends.filter((send) => send.id === `s${i}`).map((send) => send.at)];
            for (let k = 1; k < mine.length; k += 1) {
              const waited = (mine[k] as number) - (mine[k - 1] as number);
              expect(waited).toBeLessThanOrEqual(
                spec.floorEveryMs + ((specs.length + 1) * HOUR_MS) / Math.min(budgetPerHour, 60) + 60_000,
              );
            }
          });
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('pickStream', () => {
  const order = ['a', 'b', 'c'];

  it('goes round after the last stream served, skipping those not due', () => {
    expect(pickStream(order, new Set(['a', 'b', 'c']), 'a', [])).toBe('b');
    expect(pickStream(order, new Set(['a', 'c']), 'a', [])).toBe('c');
    expect(pickStream(order, new Set(['a', 'b']), 'c', [])).toBe('a');
    expect(pickStream(order, new Set(['a']), 'a', [])).toBe('a');
  });

  it('starts at the first when none or an unknown stream was served last', () => {
    expect(pickStream(order, new Set(['b', 'c']), null, [])).toBe('b');
    expect(pickStream(order, new Set(['a', 'c']), 'removed', [])).toBe('a');
  });

  it('serves a stream that asked for the next slot first, first asked first', () => {
    expect(pickStream(order, new Set(['a', 'b', 'c']), 'a', ['c', 'b'])).toBe('c');
    expect(pickStream(order, new Set(['a', 'b']), 'a', ['c', 'a'])).toBe('a');
  });

  it('is undefined when no stream is due', () => {
    expect(pickStream(order, new Set(), 'a', ['b'])).toBeUndefined();
  });
});

describe('planSlot', () => {
  it('nothing when no stream wants anything', () => {
    expect(planSlot(base, context({ demands: [{ id: 'a', demand: null }] }))).toEqual({ kind: 'nothing' });
  });

  it('sends at once, on the grid slot, when a stream is due and nothing holds it', () => {
    expect(planSlot(base, context({ now: SLOT + SLOT_TOLERANCE_MS }))).toEqual({
      kind: 'send',
      streamId: 'a',
      slotAt: SLOT,
      inTurn: true,
    });
  });

  it('a send further from the grid takes the moment itself', () => {
    expect(planSlot(base, context({ now: SLOT + SLOT_TOLERANCE_MS + 1 }))).toEqual({
      kind: 'send',
      streamId: 'a',
      slotAt: SLOT + SLOT_TOLERANCE_MS + 1,
      inTurn: true,
    });
  });

  it('waits a gap after the last slot, to the grid', () => {
    const state = { ...base, lastSlotAt: SLOT, lastStream: 'a' };
    expect(planSlot(state, context({ now: SLOT + 1_000 }))).toEqual({ kind: 'wait', at: SLOT + GAP });
    const offGrid = { ...base, lastSlotAt: SLOT + 7_000 };
    expect(planSlot(offGrid, context({ now: SLOT + 8_000 }))).toEqual({ kind: 'wait', at: SLOT + 2 * GAP });
  });

  it('waits for the end of a 429 pause, then the next grid slot', () => {
    expect(planSlot(base, context({ pauseUntil: SLOT + 90_000 }))).toEqual({
      kind: 'wait',
      at: SLOT + 2 * GAP,
    });
  });

  it('waits while the last hour holds the budget, until the oldest of those turns an hour old', () => {
    const sendLog = Array.from({ length: 60 }, (_, i) => SLOT - HOUR_MS + 10_000 + i * 1_000);
    const state = { ...base, sendLog, lastSlotAt: SLOT - HOUR_MS };
    expect(planSlot(state, context({ budgetPerHour: 60 }))).toEqual({ kind: 'wait', at: SLOT + 10_000 });
    expect(planSlot(state, context({ budgetPerHour: 61 })).kind).toBe('send');
  });

  it('waits for the earliest stream due, on the grid, when none is due now', () => {
    const state = {
      ...base,
      lastSlotAt: SLOT - GAP,
      streams: { a: { lastRunAt: SLOT - GAP, failures: 0 }, b: { lastRunAt: SLOT - 2 * GAP, failures: 0 } },
    };
    const demands = [
      { id: 'a', demand: { everyMs: 10 * 60_000 } },
      { id: 'b', demand: { everyMs: 5 * 60_000 } },
    ];
    const grid = gridFor(0, 60);
    expect(planSlot(state, context({ demands }))).toEqual({
      kind: 'wait',
      at: slotAtOrAfter(SLOT - 2 * GAP + 5 * 60_000, grid),
    });
  });

  it('the slot goes to the stream whose turn it is', () => {
    expect(planSlot({ ...base, lastStream: 'a' }, context())).toMatchObject({
      kind: 'send',
      streamId: 'b',
      inTurn: true,
    });
  });

  it('the turn goes on after the last stream served even when that one has nothing to do now', () => {
    const demands = [
      { id: 'a', demand: always },
      { id: 'b', demand: null },
      { id: 'c', demand: always },
    ];
    expect(planSlot({ ...base, lastStream: 'b' }, context({ demands }))).toMatchObject({ streamId: 'c' });
  });

  it('a stream that asked for the next slot gets it out of turn', () => {
    expect(planSlot({ ...base, lastStream: 'b', soon: ['b'] }, context())).toMatchObject({
      kind: 'send',
      streamId: 'b',
      inTurn: false,
    });
    expect(planSlot({ ...base, lastStream: 'a', soon: ['b'] }, context())).toMatchObject({ inTurn: true });
  });
});

describe('takeSlot and finishSlot', () => {
  it('taking a slot logs the send, moves the turn on and marks the request running', () => {
    const state = { ...base, sendLog: [SLOT - HOUR_MS, SLOT - 1_000], soon: ['b', 'a'] };
    expect(takeSlot(state, { streamId: 'a', slotAt: SLOT, inTurn: true, now: SLOT + 300 })).toEqual({
      ...state,
      sendLog: [SLOT - 1_000, SLOT + 300],
      lastSlotAt: SLOT,
      lastStream: 'a',
      soon: ['b'],
      streams: { a: { lastRunAt: SLOT, runningSince: SLOT + 300, failures: 0 } },
    });
  });

  it('a slot taken out of turn leaves the turn where it was', () => {
    const state = { ...base, lastStream: 'b', soon: ['a'] };
    expect(takeSlot(state, { streamId: 'a', slotAt: SLOT, inTurn: false, now: SLOT }).lastStream).toBe('b');
  });

  it('a success clears the failures; a failure adds one; a 429 leaves them', () => {
    const running = takeSlot(
      { ...base, streams: { a: { failures: 2 } } },
      { streamId: 'a', slotAt: SLOT, inTurn: true, now: SLOT },
    );
    expect(finishSlot(running, 'a', { ok: true }).streams.a).toEqual({ lastRunAt: SLOT, failures: 0 });
    expect(finishSlot(running, 'a', { ok: false, failure: 'offline' }).streams.a).toEqual({
      lastRunAt: SLOT,
      failures: 3,
    });
    expect(finishSlot(running, 'a', { ok: false, failure: 'rate-limited' }).streams.a).toEqual({
      lastRunAt: SLOT,
      failures: 2,
    });
  });
});

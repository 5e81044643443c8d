// @vitest-environment node
import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createScheduler, type Scheduler } from '@/entrypoints/background/scheduler/scheduler';
import {
  type IdleState,
  type SchedulerAlarms,
  type SchedulerStore,
  storageAreaStore,
} from '@/entrypoints/background/scheduler/scheduler-ports';
import type { StreamDemand, StreamResult } from '@/entrypoints/background/scheduler/streams';
import { gridFor } from '@/utils/scheduler/plan';
import {
  HOUR_MS,
  IDLE_DETECTION_SECONDS,
  MIN_ALARM_DELAY_MS,
  SCHEDULER_ALARM,
  SCHEDULER_STATE_KEY,
  SLOT_TOLERANCE_MS,
} from '@/utils/scheduler/scheduler-limits';
import { SCHEDULER_STATE_VERSION } from '@/utils/scheduler/scheduler-state';
import { gapMs, slotAtOrAfter } from '@/utils/scheduler/slots';

const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);
const PHASE = 0.25;
const GAP = gapMs(60);
const GRID = gridFor(PHASE, 60);

let clock = T0;
let idleState: IdleState = 'active';
let pauseSeconds = 0;
let budget = 60;
/** Every request sent, in order. */
let sends: { stream: string; at: number }[] = [];
/** Alarms asked for sooner than Chrome allows. */
let tooSoon: number[] = [];

interface TestStream {
  id: string;
  demand: StreamDemand;
  /** The next results, in order; then `{ ok: true }`. */
  /** `429`: the gateway starts a 2-minute pause and the stream reports it. */
  results: (StreamResult | 'hang' | 'throw' | '429')[];
}
let streams: TestStream[] = [];

const alarms: SchedulerAlarms = {
  create(name, info) {
    if (info.when < clock + MIN_ALARM_DELAY_MS) tooSoon.push(info.when - clock);
    return fakeBrowser.alarms.create(name, info);
  },
  clear: (name) => fakeBrowser.alarms.clear(name),
  get: (name) => fakeBrowser.alarms.get(name),
};
const idle = { queryState: vi.fn(async () => idleState), setDetectionInterval: vi.fn() };
const localStore = () => storageAreaStore(fakeBrowser.storage.local);

function makeScheduler(store: SchedulerStore = localStore(), random = () => PHASE): Scheduler<string> {
  return createScheduler({
    streams: streams.map((stream) => ({
      id: stream.id,
      demand: async () => stream.demand,
      run: async () => {
        sends.push({ stream: stream.id, at: clock });
        const result = stream.results.shift() ?? { ok: true };
        if (result === 'hang') return new Promise<StreamResult>(() => {});
        if (result === 'throw') throw new Error('boom');
        if (result === '429') {
          pauseSeconds = 120;
          return { ok: false, failure: 'rate-limited' };
        }
        return result;
      },
    })),
    budgetPerHour: () => budget,
    pauseSecondsLeft: () => pauseSeconds,
    idle,
    alarms,
    store,
    now: () => clock,
    random,
  });
}

const alarmAt = async () => (await fakeBrowser.alarms.get(SCHEDULER_ALARM))?.scheduledTime;

/**
 * Fires the alarm as Chrome does (once, then it is gone), `lateMs` after it is due. With
 * `restart`, the worker was stopped before: a new scheduler starts, then gets the alarm.
 */
async function fireAlarm(
  scheduler: Scheduler<string>,
  options: { lateMs?: number; restart?: boolean } = {},
): Promise<Scheduler<string>> {
  const alarm = await fakeBrowser.alarms.get(SCHEDULER_ALARM);
  if (!alarm) throw new Error('no alarm set');
  clock = Math.max(clock, alarm.scheduledTime + (options.lateMs ?? 0));
  await fakeBrowser.alarms.clear(alarm.name);
  let current = scheduler;
  if (options.restart) {
    current = makeScheduler();
    await current.start();
  }
  await current.handleAlarm(alarm);
  await current.settled();
  return current;
}

/** Fires every alarm due up to `clock + ms`, then moves the clock there. Returns the alarms fired. */
async function runFor(scheduler: Scheduler<string>, ms: number, options: { restart?: boolean } = {}) {
  const end = clock + ms;
  let current = scheduler;
  let fired = 0;
  for (let at = await alarmAt(); at !== undefined && at <= end; at = await alarmAt()) {
    current = await fireAlarm(current, options);
    fired += 1;
  }
  clock = end;
  return { scheduler: current, fired };
}

const sendTimes = (stream?: string) =>
  sends.filter((send) => !stream || send.stream === stream).map((s) => s.at);
const gaps = (times: readonly number[]) => times.slice(1).map((at, i) => at - (times[i] as number));
/** No `budget + 1` sends within one hour. */
const withinBudget = (times: readonly number[], b: number) =>
  times.every((at, i) => i < b || at - (times[i - b] as number) >= HOUR_MS);

async function started(): Promise<Scheduler<string>> {
  const scheduler = makeScheduler();
  await scheduler.start();
  await scheduler.settled();
  return scheduler;
}

beforeEach(() => {
  fakeBrowser.reset();
  clock = T0;
  idleState = 'active';
  pauseSeconds = 0;
  budget = 60;
  sends = [];
  tooSoon = [];
  streams = [{ id: 'badge', demand: { everyMs: 60_000 }, results: [] }];
  idle.queryState.mockClear();
  idle.setDetectionInterval.mockClear();
});

describe('slots and budget', () => {
  it('the first start sends at once and arms the next slot on the grid, a gap on', async () => {
    await started();
    expect(sendTimes()).toEqual([T0]);
    expect(await alarmAt()).toBe(slotAtOrAfter(T0 + GAP, GRID));
  });

  it('then one request per slot, each on the grid, exactly a gap apart', async () => {
    await runFor(await started(), 3 * HOUR_MS);
    const times = sendTimes().slice(1);
    expect(times.length).toBe(179);
    expect(new Set(gaps(times))).toEqual(new Set([GAP]));
    expect(times.every((at) => (at - GRID.offset) % GAP === 0)).toBe(true);
    expect(withinBudget(sendTimes(), 60)).toBe(true);
  });

  it('an alarm that fires a little late keeps its slot, and the grid', async () => {
    let scheduler = await started();
    for (const lateMs of [800, 4_000, 200]) scheduler = await fireAlarm(scheduler, { lateMs });
    expect(await alarmAt()).toBe(slotAtOrAfter(T0 + GAP, GRID) + 3 * GAP);
  });

  it('a stream that wants less than every slot does not wake the worker in between', async () => {
    streams = [{ id: 'badge', demand: { everyMs: 10 * 60_000 }, results: [] }];
    const { fired } = await runFor(await started(), 2 * HOUR_MS);
    expect(fired).toBe(sends.length - 1);
    expect(gaps(sendTimes()).every((gap) => gap >= 10 * 60_000 && gap < 10 * 60_000 + GAP)).toBe(true);
  });

  it('never asks for an alarm sooner than 30 s', async () => {
    budget = 120;
    streams = [{ id: 'watchlist', demand: { everyMs: 0 }, results: [] }];
    await runFor(await started(), 2 * HOUR_MS);
    expect(sends.length).toBeGreaterThan(200);
    expect(tooSoon).toEqual([]);
  });

  it('a lowered budget holds requests until the last hour holds fewer than the new budget', async () => {
    budget = 120;
    streams = [{ id: 'watchlist', demand: { everyMs: 0 }, results: [] }];
    const { scheduler } = await runFor(await started(), HOUR_MS);
    const beforeChange = sends.length;
    budget = 6;
    await runFor(scheduler, 2 * HOUR_MS);
    const after = sendTimes().slice(beforeChange);
    for (const at of after) {
      expect(
        sendTimes().filter((sentAt) => sentAt > at - HOUR_MS && sentAt <= at).length,
      ).toBeLessThanOrEqual(6);
    }
    expect(after.length).toBeGreaterThan(0);
  });

  it('never more than the budget in any hour, over simulated days: random budgets, demands, failures, restarts, late alarms, idleness and requests for the next slot', async () => {
    const demand = fc.constantFrom<StreamDemand>(
      null,
      { everyMs: 0 },
      { everyMs: 30_000 },
      { everyMs: 60_000 },
      { everyMs: 600_000 },
    );
    const event = fc.record({
      lateMs: fc.constantFrom(0, 0, 0, 50, 1_000, SLOT_TOLERANCE_MS, 20_000),
      restart: fc.boolean(),
      failure: fc.boolean(),
      soon: fc.option(fc.nat(2), { nil: undefined }),
      idleFor: fc.option(fc.integer({ min: 60_000, max: 2 * HOUR_MS }), { nil: undefined }),
      budget: fc.option(fc.integer({ min: 1, max: 200 }), { nil: undefined }),
      demandChange: fc.option(fc.tuple(fc.nat(2), demand), { nil: undefined }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 6, max: 120 }),
        fc.array(demand, { minLength: 1, maxLength: 3 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        fc.array(event, { minLength: 50, maxLength: 250 }),
        async (startBudget, demands, phase, events) => {
          fakeBrowser.reset();
          clock = T0;
          budget = startBudget;
          sends = [];
          tooSoon = [];
          idleState = 'active';
          streams = demands.map((d, i) => ({ id: `s${i}`, demand: d, results: [] }));
          /** Each send with the budget in force when it was sent. */
          const budgets: number[] = [];
          const record = () => {
            while (budgets.length < sends.length) budgets.push(budget);
          };
          let scheduler = makeScheduler(localStore(), () => phase);
          await scheduler.start();
          await scheduler.settled();
          record();
          for (const step of events) {
            if (step.budget !== undefined) budget = step.budget;
            if (step.demandChange) {
              const [index, next] = step.demandChange;
              const stream = streams[index % streams.length] as TestStream;
              stream.demand = next;
            }
            if (step.failure)
              for (const stream of streams) stream.results.push({ ok: false, failure: 'offline' });
            if (step.soon !== undefined) {
              const stream = streams[step.soon % streams.length] as TestStream;
              await scheduler.requestSoon(stream.id);
              record();
            }
            if (step.idleFor !== undefined) {
              idleState = 'idle';
              await scheduler.handleIdleStateChange('idle');
              clock += step.idleFor;
              idleState = 'active';
              await scheduler.handleIdleStateChange('active');
              record();
            }
            if ((await alarmAt()) === undefined) {
              clock += 60_000;
              await scheduler.requestSoon('s0');
            } else {
              scheduler = await fireAlarm(scheduler, { lateMs: step.lateMs, restart: step.restart });
            }
            record();
          }
          const times = sendTimes();
          for (const [i, at] of times.entries()) {
            const allowed = Math.min(120, Math.max(6, budgets[i] as number));
            expect(
              times.filter((sentAt) => sentAt > at - HOUR_MS && sentAt <= at).length,
            ).toBeLessThanOrEqual(allowed);
            if (i > 0)
              expect(at - (times[i - 1] as number)).toBeGreaterThanOrEqual(
                gapMs(allowed) - SLOT_TOLERANCE_MS,
              );
          }
          expect(tooSoon).toEqual([]);
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});

describe('fairness', () => {
  it('two streams that always have work take turns', async () => {
    streams = [
      { id: 'watchlist', demand: { everyMs: 0 }, results: [] },
      { id: 'searches', demand: { everyMs: 0 }, results: [] },
    ];
    await runFor(await started(), HOUR_MS);
    const order = sends.map((send) => send.stream);
    expect(order.every((stream, i) => i === 0 || stream !== order[i - 1])).toBe(true);
  });

  it('the badge at one a minute and a hungry watchlist split the default budget in half', async () => {
    streams = [
      { id: 'badge', demand: { everyMs: 60_000 }, results: [] },
      { id: 'watchlist', demand: { everyMs: 0 }, results: [] },
    ];
    await runFor(await started(), 4 * HOUR_MS);
    const badge = sendTimes('badge').length;
    const watchlist = sendTimes('watchlist').length;
    expect(badge + watchlist).toBe(sends.length);
    expect(Math.abs(badge - watchlist)).toBeLessThanOrEqual(1);
    expect(new Set(gaps(sendTimes('badge')).slice(1))).toEqual(new Set([2 * GAP]));
  });

  it('a stream that always has work cannot starve one that comes due', async () => {
    streams = [
      { id: 'watchlist', demand: { everyMs: 0 }, results: [] },
      { id: 'searches', demand: null, results: [] },
    ];
    const { scheduler } = await runFor(await started(), 10 * 60_000);
    (streams[1] as TestStream).demand = { everyMs: 15 * 60_000 };
    await runFor(scheduler, 2 * HOUR_MS);
    const searches = sendTimes('searches');
    expect(searches.length).toBe(8);
    expect(gaps(searches).every((gap) => gap < 15 * 60_000 + GAP)).toBe(true);
  });
});

describe('idle', () => {
  it('the start sets the detection interval, and the state is asked with it', async () => {
    await started();
    expect(idle.setDetectionInterval).toHaveBeenCalledWith(IDLE_DETECTION_SECONDS);
    expect(idle.queryState).toHaveBeenCalledWith(300);
  });

  it.each(['idle', 'locked'] as const)('%s: the alarm is cleared and nothing is sent', async (state) => {
    const scheduler = await started();
    idleState = state;
    await scheduler.handleIdleStateChange(state);
    expect(await alarmAt()).toBeUndefined();
    clock += 3 * HOUR_MS;
    expect(sends.length).toBe(1);
  });

  it('an alarm that fires while idle sends nothing and is not set again', async () => {
    const scheduler = await started();
    idleState = 'idle';
    await fireAlarm(scheduler);
    expect(sends.length).toBe(1);
    expect(await alarmAt()).toBeUndefined();
  });

  it('a worker that starts while the user is idle sends nothing and sets no alarm', async () => {
    idleState = 'locked';
    await started();
    expect(sends).toEqual([]);
    expect(await alarmAt()).toBeUndefined();
  });

  it('back to active: one request at once, then the next slot on the grid', async () => {
    const scheduler = await started();
    idleState = 'idle';
    await scheduler.handleIdleStateChange('idle');
    clock += 20 * 60_000 + 12_345;
    idleState = 'active';
    await scheduler.handleIdleStateChange('active');
    expect(sendTimes()).toEqual([T0, clock]);
    expect(await alarmAt()).toBe(slotAtOrAfter(clock + GAP, GRID));
  });

  it('back to active within a gap of the last request: waits for the next slot', async () => {
    const scheduler = await started();
    await scheduler.handleIdleStateChange('idle');
    clock += 20_000;
    await scheduler.handleIdleStateChange('active');
    expect(sends.length).toBe(1);
    expect(await alarmAt()).toBe(slotAtOrAfter(T0 + GAP, GRID));
  });
});

describe('429 pause', () => {
  it('nothing is sent during the pause; the next slot is the first on the grid after it', async () => {
    const scheduler = await started();
    pauseSeconds = 600;
    await fireAlarm(scheduler);
    expect(sends.length).toBe(1);
    const pauseEnd = clock + 600_000;
    expect(await alarmAt()).toBe(slotAtOrAfter(pauseEnd, GRID));
    clock = pauseEnd;
    pauseSeconds = 0;
    await fireAlarm(scheduler);
    expect(sendTimes().at(-1)).toBe(slotAtOrAfter(pauseEnd, GRID));
  });

  it('a request answered 429 waits for the pause, without backing its stream off', async () => {
    streams = [{ id: 'badge', demand: { everyMs: 60_000 }, results: ['429'] }];
    const scheduler = await started();
    expect(await alarmAt()).toBe(slotAtOrAfter(T0 + 120_000, GRID));
    pauseSeconds = 0;
    await fireAlarm(scheduler);
    await fireAlarm(scheduler);
    expect(gaps(sendTimes()).slice(1)).toEqual([GAP]);
  });
});

describe('failures', () => {
  it('a failing stream backs off: a gap, doubled per failure, up to 5 minutes; a success resets it', async () => {
    streams = [
      {
        id: 'badge',
        demand: { everyMs: 60_000 },
        results: Array.from({ length: 6 }, () => ({ ok: false, failure: 'offline' }) as const),
      },
    ];
    const { fired } = await runFor(await started(), 40 * 60_000);
    // 300 000 ms is 4.99 gaps: the slot after it is 5 gaps on.
    expect(gaps(sendTimes()).slice(0, 8)).toEqual([
      slotAtOrAfter(T0 + GAP, GRID) - T0,
      2 * GAP,
      4 * GAP,
      5 * GAP,
      5 * GAP,
      5 * GAP,
      GAP,
      GAP,
    ]);
    // No alarm fired for nothing while it waited.
    expect(fired).toBe(sends.length - 1);
  });

  it('while one stream backs off, its slots go to the others', async () => {
    streams = [
      {
        id: 'badge',
        demand: { everyMs: 60_000 },
        results: Array.from({ length: 50 }, () => ({ ok: false, failure: 'unavailable' }) as const),
      },
      { id: 'watchlist', demand: { everyMs: 0 }, results: [] },
    ];
    await runFor(await started(), HOUR_MS);
    expect(new Set(gaps(sendTimes()).slice(1))).toEqual(new Set([GAP]));
    expect(sendTimes('badge').length).toBeLessThan(20);
  });

  it('a stream that throws counts as failed, and the scheduler goes on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    streams = [{ id: 'badge', demand: { everyMs: 60_000 }, results: ['throw', 'throw'] }];
    const scheduler = await started();
    expect(warn).toHaveBeenCalled();
    await fireAlarm(scheduler);
    await fireAlarm(scheduler);
    // Failed twice: it waits two gaps.
    expect(gaps(sendTimes()).slice(1)).toEqual([2 * GAP]);
  });
});

describe('a stopped service worker', () => {
  it('a worker woken by the alarm (now gone) sends in that slot once, on the grid', async () => {
    let scheduler = await started();
    const slot = (await alarmAt()) as number;
    scheduler = await fireAlarm(scheduler, { lateMs: 300, restart: true });
    expect(sendTimes()).toEqual([T0, slot + 300]);
    expect(await alarmAt()).toBe(slot + GAP);
  });

  it('stopped after every request, it sends exactly as one worker would', async () => {
    streams = [
      { id: 'badge', demand: { everyMs: 60_000 }, results: [] },
      { id: 'watchlist', demand: { everyMs: 0 }, results: [] },
    ];
    await runFor(await started(), 2 * HOUR_MS, { restart: true });
    const restarting = sends;
    fakeBrowser.reset();
    clock = T0;
    sends = [];
    await runFor(await started(), 2 * HOUR_MS);
    expect(restarting).toEqual(sends);
  });

  it('stopped mid-request: the new worker trusts the alarm and does not send that slot again', async () => {
    streams = [{ id: 'badge', demand: { everyMs: 60_000 }, results: ['hang'] }];
    makeScheduler().start();
    await vi.waitFor(() => expect(sends.length).toBe(1));
    const armed = await alarmAt();
    expect(armed).toBe(slotAtOrAfter(T0 + GAP, GRID));
    clock += 10_000;
    const next = await started();
    expect(sends.length).toBe(1);
    expect(await alarmAt()).toBe(armed);
    // The cut-off request counts as a failure: the stream backs off by a gap, which is the next slot.
    await fireAlarm(next);
    expect(sendTimes()).toEqual([T0, armed]);
  });

  it('stopped mid-request with the alarm lost: the alarm is set again, the slot not sent again', async () => {
    streams = [{ id: 'badge', demand: { everyMs: 60_000 }, results: ['hang'] }];
    makeScheduler().start();
    await vi.waitFor(() => expect(sends.length).toBe(1));
    await fakeBrowser.alarms.clear(SCHEDULER_ALARM);
    clock += 10_000;
    await started();
    expect(sends.length).toBe(1);
    expect(await alarmAt()).toBe(slotAtOrAfter(T0 + GAP, GRID));
  });

  it('a slot that cannot be saved is not sent, and the alarm still comes for the next', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const local = localStore();
    await started();
    const failing: SchedulerStore = {
      get: local.get,
      set: async () => {
        throw new Error('quota');
      },
    };
    const scheduler = makeScheduler(failing);
    const slot = await alarmAt();
    await fakeBrowser.alarms.clear(SCHEDULER_ALARM);
    clock = slot as number;
    await scheduler.start();
    await scheduler.settled();
    expect(sends.length).toBe(1);
    expect(warn).toHaveBeenCalled();
    expect(await alarmAt()).toBe((slot as number) + GAP);
  });
});

describe('jitter', () => {
  it('the phase is drawn once per install and kept across workers', async () => {
    const random = vi.fn(() => 0.7);
    const first = makeScheduler(localStore(), random);
    await first.start();
    await first.settled();
    const second = makeScheduler(localStore(), () => 0.1);
    await second.start();
    expect(random).toHaveBeenCalledTimes(1);
    expect(await fakeBrowser.storage.local.get(SCHEDULER_STATE_KEY)).toMatchObject({
      [SCHEDULER_STATE_KEY]: { phase: 0.7 },
    });
    await fireAlarm(second);
    expect(sendTimes().at(-1)).toBe(slotAtOrAfter(T0 + GAP, gridFor(0.7, 60)));
  });

  it('slots are offset + k × gap, the offset within one gap, and differ between installs', async () => {
    const slotsFor = async (phase: number) => {
      fakeBrowser.reset();
      clock = T0;
      sends = [];
      const scheduler = makeScheduler(localStore(), () => phase);
      await scheduler.start();
      await runFor(scheduler, 10 * 60_000);
      return sendTimes().slice(1);
    };
    for (const phase of [0, 0.5, 0.999_999]) {
      const grid = gridFor(phase, 60);
      expect(grid.offset).toBeGreaterThanOrEqual(0);
      expect(grid.offset).toBeLessThan(GAP);
      const times = await slotsFor(phase);
      expect(times.every((at) => (at - grid.offset) % GAP === 0)).toBe(true);
    }
    const [early, late] = [await slotsFor(0.1), await slotsFor(0.6)];
    expect(((late[0] as number) - (early[0] as number)) % GAP).toBe(
      gridFor(0.6, 60).offset - gridFor(0.1, 60).offset,
    );
  });
});

describe('requestSoon', () => {
  it('sends at once when a slot is open', async () => {
    streams = [{ id: 'watchlist', demand: null, results: [] }];
    const scheduler = await started();
    expect(await alarmAt()).toBeUndefined();
    clock += 30 * 60_000;
    (streams[0] as TestStream).demand = { everyMs: 0 };
    await scheduler.requestSoon('watchlist');
    expect(sendTimes()).toEqual([clock]);
  });

  it('otherwise the stream gets the next slot, ahead of its turn and its interval', async () => {
    streams = [
      { id: 'a', demand: { everyMs: 0 }, results: [] },
      { id: 'b', demand: { everyMs: 0 }, results: [] },
      { id: 'badge', demand: { everyMs: 3_600_000 }, results: [] },
    ];
    const scheduler = await started();
    await runFor(scheduler, 4 * 60_000);
    expect(sends.map((send) => send.stream)).toEqual(['a', 'b', 'badge', 'a']);
    clock += 1_000;
    await scheduler.requestSoon('badge');
    expect(sends.length).toBe(4);
    await fireAlarm(scheduler);
    await fireAlarm(scheduler);
    expect(sends.map((send) => send.stream).slice(4)).toEqual(['badge', 'b']);
  });

  it('many requests never burst: one slot per gap', async () => {
    streams = [
      { id: 'watchlist', demand: { everyMs: 0 }, results: [] },
      { id: 'searches', demand: { everyMs: 0 }, results: [] },
    ];
    const scheduler = await started();
    for (let i = 0; i < 10; i += 1) {
      clock += 1_000;
      await scheduler.requestSoon(i % 2 === 0 ? 'watchlist' : 'searches');
    }
    expect(sends.length).toBe(1);
    await runFor(scheduler, 10 * 60_000);
    expect(Math.min(...gaps(sendTimes()))).toBeGreaterThanOrEqual(GAP);
  });
});

describe('stored state', () => {
  it('a corrupt state: no crash, no burst, a new phase, and the next request a gap on', async () => {
    await fakeBrowser.storage.local.set({ [SCHEDULER_STATE_KEY]: { phase: 'x', sendLog: 7 } });
    const scheduler = await started();
    expect(sends).toEqual([]);
    expect(await alarmAt()).toBe(slotAtOrAfter(T0 + GAP, GRID));
    await runFor(scheduler, HOUR_MS);
    expect(sends.length).toBe(59);
    expect(await fakeBrowser.storage.local.get(SCHEDULER_STATE_KEY)).toMatchObject({
      [SCHEDULER_STATE_KEY]: { phase: PHASE },
    });
  });

  it('other stored values survive a corrupt state untouched', async () => {
    const others = { watchlistStatus: { a: 1 }, savedSearchState: { s1: { seen: [1] } } };
    await fakeBrowser.storage.local.set({ [SCHEDULER_STATE_KEY]: 'garbage', ...others });
    await started();
    expect(await fakeBrowser.storage.local.get(Object.keys(others))).toEqual(others);
  });

  it('the state the previous release wrote (unmarked, v1) is migrated and kept: its phase and send log', async () => {
    // As release 0.1.0 wrote it: the last slot a minute ago, so nothing is due at once.
    const v1 = {
      phase: 0.6,
      sendLog: [T0 - 60_000],
      lastSlotAt: T0 - 60_000,
      lastStream: 'badge',
      soon: [],
      streams: { badge: { lastRunAt: T0 - 60_000, failures: 0 } },
    };
    await fakeBrowser.storage.local.set({ [SCHEDULER_STATE_KEY]: v1 });
    const random = vi.fn(() => 0.1);
    await makeScheduler(localStore(), random).start();
    expect(random).not.toHaveBeenCalled();
    expect(sends).toEqual([]);
    expect(await fakeBrowser.storage.local.get([SCHEDULER_STATE_KEY, `${SCHEDULER_STATE_KEY}$`])).toEqual({
      [SCHEDULER_STATE_KEY]: v1,
      [`${SCHEDULER_STATE_KEY}$`]: { v: SCHEDULER_STATE_VERSION },
    });
  });

  it('a fresh state is written with its version mark', async () => {
    await started();
    expect(await fakeBrowser.storage.local.get(`${SCHEDULER_STATE_KEY}$`)).toEqual({
      [`${SCHEDULER_STATE_KEY}$`]: { v: SCHEDULER_STATE_VERSION },
    });
  });

  it('a newer release’s state is read as far as known; its unknown fields and its mark stay on every save', async () => {
    const newer = {
      phase: 0.6,
      sendLog: [],
      lastSlotAt: null,
      lastStream: null,
      soon: [],
      streams: {},
      lanes: { fast: 2 },
    };
    const mark = { v: SCHEDULER_STATE_VERSION + 1 };
    await fakeBrowser.storage.local.set({ [SCHEDULER_STATE_KEY]: newer, [`${SCHEDULER_STATE_KEY}$`]: mark });
    await started();
    expect(sends.length).toBe(1);
    const stored = await fakeBrowser.storage.local.get([SCHEDULER_STATE_KEY, `${SCHEDULER_STATE_KEY}$`]);
    expect(stored).toEqual({
      [SCHEDULER_STATE_KEY]: expect.objectContaining({ phase: 0.6, sendLog: [T0], lanes: { fast: 2 } }),
      [`${SCHEDULER_STATE_KEY}$`]: mark,
    });
  });

  it('a newer release’s per-stream entries this one does not know stay on every save (issue 33, point 5)', async () => {
    const auctions = { lastRunAt: T0 - 60_000, failures: 2, lane: 'fast' };
    const newer = {
      phase: 0.6,
      sendLog: [],
      lastSlotAt: null,
      lastStream: null,
      soon: ['auctions'],
      streams: { auctions, badge: { failures: 0, lane: 'slow' } },
    };
    const mark = { v: SCHEDULER_STATE_VERSION + 1 };
    await fakeBrowser.storage.local.set({ [SCHEDULER_STATE_KEY]: newer, [`${SCHEDULER_STATE_KEY}$`]: mark });
    await started();
    expect(sends.length).toBe(1);
    const { [SCHEDULER_STATE_KEY]: stored } = await fakeBrowser.storage.local.get(SCHEDULER_STATE_KEY);
    expect(stored).toEqual(
      expect.objectContaining({
        soon: ['auctions'],
        streams: {
          auctions,
          badge: expect.objectContaining({ lastRunAt: T0, failures: 0, lane: 'slow' }),
        },
      }),
    );
  });

  it('the clock turned back a day does not stall the schedule', async () => {
    const scheduler = await started();
    clock -= 24 * HOUR_MS;
    await fakeBrowser.alarms.clear(SCHEDULER_ALARM);
    await scheduler.requestSoon('badge');
    await runFor(scheduler, 5 * 60_000);
    expect(sends.length).toBeGreaterThanOrEqual(5);
  });

  it('nothing to do: no alarm at all', async () => {
    streams = [{ id: 'badge', demand: null, results: [] }];
    await started();
    expect(sends).toEqual([]);
    expect(await alarmAt()).toBeUndefined();
  });

  it('a stream that cannot say what it wants is left out; the others go on', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const scheduler = createScheduler({
      streams: [
        {
          id: 'broken',
          demand: () => {
            throw new Error('storage');
          },
          run: async () => ({ ok: true }),
        },
        { id: 'watchlist', demand: () => ({ everyMs: 0 }), run: async () => ({ ok: true }) },
      ],
      budgetPerHour: () => 60,
      pauseSecondsLeft: () => 0,
      idle,
      alarms,
      store: localStore(),
      now: () => clock,
    });
    await scheduler.start();
    await scheduler.settled();
    expect(warn).toHaveBeenCalled();
    expect(await fakeBrowser.storage.local.get(SCHEDULER_STATE_KEY)).toMatchObject({
      [SCHEDULER_STATE_KEY]: { lastStream: 'watchlist', sendLog: [T0] },
    });
  });

  it('alarms of other names are not the scheduler’s', async () => {
    const scheduler = await started();
    await scheduler.handleAlarm({ name: 'badge-poll' });
    expect(sends.length).toBe(1);
  });
});

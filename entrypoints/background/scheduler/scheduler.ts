import { createExclusive } from '@/utils/exclusive';
import { type KeptDemands, keptDemandsKey, SCHEDULER_DEMANDS_KEY } from '@/utils/scheduler/kept-demands';
import { finishSlot, type Plan, type PlanContext, planSlot, takeSlot } from '@/utils/scheduler/plan';
import {
  clampBudget,
  IDLE_DETECTION_SECONDS,
  MIN_ALARM_DELAY_MS,
  SCHEDULER_ALARM,
  SCHEDULER_STATE_KEY,
} from '@/utils/scheduler/scheduler-limits';
import {
  clampToNow,
  overNewerState,
  readState,
  SCHEDULER_STATE_VERSION,
  SCHEDULER_STATE_VERSIONING,
  type SchedulerState,
} from '@/utils/scheduler/scheduler-state';
import { isNewer } from '@/utils/storage/newer-value';
import { metaKey, migrateValue } from '@/utils/storage-item';
import type { IdlePort, IdleState, SchedulerAlarms, SchedulerStore } from './scheduler-ports';
import type { Stream, StreamDemand, StreamResult } from './streams';

/**
 * The one scheduler every background request goes through, under one per-install budget
 * ("Background requests per hour"). It sends at most one request per slot, for one stream:
 *
 * - Budget: slots are at least a gap (gapMs) apart, and a send never makes the log of the last
 *   hour hold more than the budget.
 * - One alarm at an absolute time, re-armed before each request (as if it failed: a worker
 *   stopped mid-request still wakes up) and again after it; never sooner than 30 s away.
 * - Idle or locked: nothing is sent and the alarm is cleared; back to active: one slot at once.
 * - 429: nothing until the end of the pause, then the next slot on the grid.
 * - The state is in the store, saved before each request: a new worker never sends the same
 *   slot again, and if the state cannot be saved, nothing is sent.
 * - The budget and demands it plans with are kept in the store too, whenever they change
 *   (utils/scheduler/kept-demands.ts): the popup and the Options page compute each stream's pace.
 *
 * Every entry point runs one at a time (a slot is decided on the state the previous one left).
 */

export interface SchedulerDeps<Id extends string> {
  /** In round-robin order. */
  streams: readonly Stream<Id>[];
  /** The "Background requests per hour" setting (clamped to its bounds here). */
  budgetPerHour: () => number | Promise<number>;
  /** The gateway's 429 pause (`rateLimitSecondsLeft`): 0 when there is none. */
  pauseSecondsLeft: () => number;
  idle: IdlePort;
  alarms: SchedulerAlarms;
  store: SchedulerStore;
  now: () => number;
  /** For the install's grid phase, drawn once. */
  random?: () => number;
}

export interface Scheduler<Id extends string> {
  /** The worker started: if the alarm is set, trust it; otherwise send if a slot is open now, and arm it. */
  start(): Promise<void>;
  handleAlarm(alarm: { name: string }): Promise<void>;
  /** `idle.onStateChanged`. */
  handleIdleStateChange(state: IdleState): Promise<void>;
  /** Something changed for this stream (settings saved, list edited): it gets the next slot. */
  requestSoon(id: Id): Promise<void>;
  /** Resolves once nothing is queued or running. */
  settled(): Promise<void>;
}

export function createScheduler<Id extends string>(deps: SchedulerDeps<Id>): Scheduler<Id> {
  const { streams, idle, alarms, store, now } = deps;
  const random = deps.random ?? Math.random;
  const byId = new Map<string, Stream<Id>>(streams.map((stream) => [stream.id, stream]));

  /** The version the state is stored at, its migrations run once per worker (storage-item.ts). */
  let storedVersion: Promise<number | undefined> | undefined;
  function migrated(): Promise<number | undefined> {
    storedVersion ??= migrateValue(store, SCHEDULER_STATE_KEY, SCHEDULER_STATE_VERSIONING).catch((error) => {
      storedVersion = undefined;
      throw error;
    });
    return storedVersion;
  }

  /**
   * Read from the store at every entry point (entry points run one at a time, so nothing is
   * read mid-request): the store is the one truth, whichever worker or page wrote it last.
   */
  async function currentState(): Promise<SchedulerState> {
    await migrated();
    const read = readState(await store.get(SCHEDULER_STATE_KEY), { now: now(), random });
    // The phase is drawn once per install: keep it from the first read on.
    if (read.fresh) await save(read.state);
    return read.state;
  }
  async function save(next: SchedulerState): Promise<void> {
    const known = (id: string) => byId.has(id);
    const kept: SchedulerState = {
      ...next,
      soon: next.soon.filter(known),
      streams: Object.fromEntries(Object.entries(next.streams).filter(([id]) => known(id))),
    };
    const version = await migrated();
    if (isNewer(version, SCHEDULER_STATE_VERSION)) {
      // A newer release's state: its fields, streams and stream fields this one does not know,
      // and its mark, stay.
      const stored = await store.get(SCHEDULER_STATE_KEY);
      await store.set({ [SCHEDULER_STATE_KEY]: overNewerState(stored, kept, known) });
      return;
    }
    const mark =
      version === undefined ? { [metaKey(SCHEDULER_STATE_KEY)]: { v: SCHEDULER_STATE_VERSION } } : {};
    await store.set({ [SCHEDULER_STATE_KEY]: kept, ...mark });
    storedVersion = Promise.resolve(SCHEDULER_STATE_VERSION);
  }

  /** A stream that cannot say what it wants has nothing to do, for now; the others go on. */
  async function demandOf(stream: Stream<Id>): Promise<StreamDemand> {
    try {
      return await stream.demand();
    } catch (error) {
      console.warn(`Network Companion: background requests (${stream.id}) unavailable`, error);
      return null;
    }
  }

  async function context(): Promise<PlanContext> {
    const budgetPerHour = clampBudget(await deps.budgetPerHour());
    const demands = await Promise.all(
      streams.map(async (stream) => ({ id: stream.id, demand: await demandOf(stream) })),
    );
    const at = now();
    const pauseLeft = deps.pauseSecondsLeft();
    const pauseUntil = pauseLeft > 0 ? at + pauseLeft * 1000 : Number.NEGATIVE_INFINITY;
    return { now: at, budgetPerHour, pauseUntil, demands };
  }

  /** What the budget and demands kept look like: written again only when they change. */
  let keptKey: string | undefined;
  /** Keeps what it plans with (kept-demands.ts): pages compute each stream's pace from it. */
  async function keepDemands(planned: PlanContext): Promise<void> {
    const kept: KeptDemands = { budgetPerHour: planned.budgetPerHour, demands: planned.demands };
    const key = keptDemandsKey(kept);
    if (key === keptKey) return;
    try {
      // A new worker: the one before may have kept the same already.
      keptKey ??= keptDemandsKey(await store.get(SCHEDULER_DEMANDS_KEY));
      if (key === keptKey) return;
      await store.set({ [SCHEDULER_DEMANDS_KEY]: kept });
      keptKey = key;
    } catch (error) {
      // Only what pages show is lost: the schedule itself goes on.
      console.warn('Network Companion: could not keep the background demands', error);
    }
  }

  async function arm(plan: Plan, at: number): Promise<void> {
    if (plan.kind === 'nothing') {
      await alarms.clear(SCHEDULER_ALARM);
      return;
    }
    const when = plan.kind === 'wait' ? plan.at : at;
    await alarms.create(SCHEDULER_ALARM, { when: Math.max(when, at + MIN_ALARM_DELAY_MS) });
  }

  /** Sends in the slot open now, if any, and arms the alarm for the next. */
  async function tick(knownIdleState?: IdleState): Promise<void> {
    let current = await currentState();
    const clamped = clampToNow(current, now());
    if (clamped !== current) {
      current = clamped;
      await save(current);
    }
    const idleState = knownIdleState ?? (await idle.queryState(IDLE_DETECTION_SECONDS));
    if (idleState !== 'active') {
      await alarms.clear(SCHEDULER_ALARM);
      return;
    }
    const before = await context();
    await keepDemands(before);
    const plan = planSlot(current, before);
    if (plan.kind !== 'send') {
      await arm(plan, before.now);
      return;
    }
    current = takeSlot(current, { ...plan, now: before.now });
    // Armed first: a worker stopped from here on still wakes up for the next slot.
    await arm(planSlot(current, before), before.now);
    await save(current);

    const stream = byId.get(plan.streamId) as Stream<Id>;
    let result: StreamResult;
    try {
      result = await stream.run();
    } catch (error) {
      console.warn(`Network Companion: background request (${stream.id}) failed`, error);
      result = { ok: false, failure: 'threw' };
    }
    current = finishSlot(current, plan.streamId, result);
    const after = await context();
    await keepDemands(after);
    await arm(planSlot(current, after), after.now);
    await save(current);
  }

  /** Entry points run one at a time, so two never decide on the same state. */
  const queue = createExclusive();
  /** A failure is logged, never thrown at the listener that asked. */
  function exclusive(task: () => Promise<void>): Promise<void> {
    return queue(task).catch((error: unknown) => {
      console.warn('Network Companion: background scheduler', error);
    });
  }

  return {
    start() {
      idle.setDetectionInterval(IDLE_DETECTION_SECONDS);
      return exclusive(async () => {
        await currentState();
        if (await alarms.get(SCHEDULER_ALARM)) return;
        await tick();
      });
    },
    handleAlarm(alarm) {
      if (alarm.name !== SCHEDULER_ALARM) return Promise.resolve();
      return exclusive(() => tick());
    },
    handleIdleStateChange(idleState) {
      return exclusive(async () => {
        if (idleState === 'active') await tick('active');
        else await alarms.clear(SCHEDULER_ALARM);
      });
    },
    requestSoon(id) {
      return exclusive(async () => {
        const current = await currentState();
        if (!current.soon.includes(id)) await save({ ...current, soon: [...current.soon, id] });
        await tick();
      });
    },
    settled: () => queue.settled(),
  };
}

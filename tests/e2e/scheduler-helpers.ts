import { expect, type Page } from '@playwright/test';
import { HOUR_MS } from '../../utils/limits';

/**
 * The background scheduler (entrypoints/background/scheduler/) spends at most its budget per
 * hour, on one alarm. Tests cannot wait real minutes for its next slot, so they let time pass
 * for it: every time in its stored state (storage.local) moves back by `ms`, as if that much
 * time had gone by, and its alarm is fired now through the browser's own alarm event (the path
 * a real slot takes). The 429 pause is the gateway's and is not moved: it still holds.
 */

export const SCHEDULER_ALARM = 'background-requests';
export const SCHEDULER_STATE_KEY = 'scheduler:state';

/** An extension page or the service worker: both can run code with `chrome.*`. */
type Target = Pick<Page, 'evaluate'>;

/** Move the scheduler's state back by `ms` and fire its alarm. From an extension page or the worker. */
export async function fireSchedulerAlarm(target: Target, ms = HOUR_MS): Promise<void> {
  await target.evaluate(
    async ({ key, alarm, ms }) => {
      const { [key]: raw } = await chrome.storage.local.get(key);
      if (typeof raw === 'object' && raw !== null) {
        const state = raw as {
          sendLog?: number[];
          lastSlotAt?: number | null;
          streams?: Record<string, { lastRunAt?: number }>;
        };
        state.sendLog = (state.sendLog ?? []).map((sentAt) => sentAt - ms);
        if (typeof state.lastSlotAt === 'number') state.lastSlotAt -= ms;
        for (const stream of Object.values(state.streams ?? {})) {
          if (typeof stream.lastRunAt === 'number') stream.lastRunAt -= ms;
        }
        await chrome.storage.local.set({ [key]: state });
      }
      await chrome.alarms.create(alarm, { when: Date.now() });
    },
    { key: SCHEDULER_STATE_KEY, alarm: SCHEDULER_ALARM, ms },
  );
}

/** The scheduler's alarm, read without waking the worker when read from a page. */
export function schedulerAlarm(target: Target) {
  return target.evaluate((name) => chrome.alarms.get(name), SCHEDULER_ALARM);
}

/** Set the "Background requests per hour" (and other settings) as the options page does. */
export async function saveSettingsFrom(target: Target, patch: Record<string, unknown>): Promise<void> {
  await target.evaluate(async (patch) => {
    const { settings } = await chrome.storage.local.get('settings');
    await chrome.storage.local.set({
      settings: { ...(settings as object | undefined), ...patch },
      settings$: { v: 2 },
    });
  }, patch);
}

/**
 * Lets the scheduler's time pass until `done()` holds: fires its alarm, waits a few seconds for
 * the slot's request, and fires again only if that slot went by unused (a start-up slot still
 * settling, another stream's turn), never while a request may still be on its way.
 */
export async function fireSchedulerAlarmUntil(
  target: Target,
  done: () => Promise<boolean> | boolean,
  attempts = 3,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await fireSchedulerAlarm(target);
    const deadline = Date.now() + 4_000;
    while (Date.now() < deadline) {
      if (await done()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (attempt >= attempts) throw new Error(`The scheduler's slot did not come in ${attempts} alarms`);
  }
}

/** What schedulerSettled reads: the alarm's time, and the slots of the stored state. */
export interface SchedulerSnapshot {
  alarmAt: number;
  now: number;
  /** The stored state as it was read just before and just after the alarm. */
  before: string;
  after: string;
  running: boolean;
}

/** The scheduler's alarm and stored state, read in one go (the state before and after the alarm). */
export function readSchedulerSnapshot(target: Target): Promise<SchedulerSnapshot> {
  return target.evaluate(
    // No named functions inside: tsx (the bench) would wrap them in a helper the page does not have.
    async ({ key, alarm }) => {
      const before = JSON.stringify((await chrome.storage.local.get(key))[key] ?? null);
      const scheduled = await chrome.alarms.get(alarm);
      const after = JSON.stringify((await chrome.storage.local.get(key))[key] ?? null);
      const state = JSON.parse(after) as { streams?: Record<string, { runningSince?: number }> } | null;
      const running = Object.values(state?.streams ?? {}).some((stream) => stream.runningSince !== undefined);
      return { alarmAt: scheduled?.scheduledTime ?? 0, now: Date.now(), before, after, running };
    },
    { key: SCHEDULER_STATE_KEY, alarm: SCHEDULER_ALARM },
  );
}

/**
 * Whether the scheduler is between slots: its alarm armed more than `aheadMs` ahead, no stream in
 * its stored state `runningSince` a request (utils/scheduler/plan.ts: set when a slot is taken,
 * removed once the request has its answer, before the slot's last write), and the state the same
 * before and after the alarm was read. Call it on two polls in a row with the same `after`
 * (`betweenSlotsAgain`): a slot arms its alarm first and writes its state next
 * (entrypoints/background/scheduler/scheduler.ts), so one caught between the two is waited for.
 */
export function betweenSlots(seen: SchedulerSnapshot, aheadMs: number): boolean {
  return seen.alarmAt - seen.now > aheadMs && !seen.running && seen.before === seen.after;
}

/** A poll of betweenSlots that holds only when the previous poll held with the same state. */
export function betweenSlotsAgain(aheadMs: number): (seen: SchedulerSnapshot) => boolean {
  let last: string | undefined;
  return (seen) => {
    const settled = betweenSlots(seen, aheadMs);
    const again = settled && seen.after === last;
    last = settled ? seen.after : undefined;
    return again;
  };
}

/**
 * Waits until the scheduler has settled after a slot (betweenSlots): its alarm is armed at least
 * `aheadMs` ahead, so no background request (a second tick of the slot just used) lands in the log
 * a test reads next, and the slot's request has its answer and the slot its last write. What the
 * extension stores, not a quiet second of the demo's log.
 */
export async function schedulerSettled(
  target: Target,
  { aheadMs = 5_000 }: { aheadMs?: number } = {},
): Promise<void> {
  const settled = betweenSlotsAgain(aheadMs);
  await expect
    .poll(async () => settled(await readSchedulerSnapshot(target)), {
      message: 'the scheduler alarm armed for a later slot, and no request of a slot running',
    })
    .toBe(true);
}

/**
 * A time kept in extension storage made `ms` older, so that what reuses a fresh value (the popup's
 * count, Check now's statuses) asks the server again. `path` leads from the stored value to the
 * time; `*` stands for every entry of a map. Values without the time are left as they are.
 */
export async function ageStoredTime(
  target: Target,
  where: { area: 'local' | 'session'; key: string; path: readonly string[] },
  ms = 31_000,
): Promise<void> {
  await target.evaluate(
    async ({ area, key, path, ms }) => {
      const { [key]: raw } = await chrome.storage[area].get(key);
      const age = (value: unknown, rest: readonly string[]): void => {
        if (typeof value !== 'object' || value === null) return;
        const record = value as Record<string, unknown>;
        const [step, ...after] = rest;
        if (step === undefined) return;
        const children = step === '*' ? Object.keys(record) : [step];
        for (const child of children) {
          if (after.length > 0) age(record[child], after);
          else if (typeof record[child] === 'number') record[child] -= ms;
        }
      };
      if (raw === undefined) return;
      age(raw, path);
      await chrome.storage[area].set({ [key]: raw });
    },
    { ...where, ms },
  );
}

/**
 * The badge's last count (utils/last-count.ts) made older than the popup reuses (COUNT_REUSE_MS,
 * 30 s): the next `players-count` asks the server. Saving a connection fetches a count at once,
 * so a test that then breaks the server and expects the popup's count to meet it makes that count
 * old first.
 */
export function ageBadgeCount(target: Target, ms = 31_000): Promise<void> {
  return ageStoredTime(target, { area: 'session', key: 'badge:poller', path: ['last', 'fetchedAt'] }, ms);
}

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

/** How long the server must hear nothing for a slot's request to count as landed. */
const QUIET_MS = 1_000;

/**
 * Waits until the scheduler has settled after a slot: its alarm is armed at least `aheadMs` ahead, so
 * no background request (a second tick of the slot just used) lands in the log a test reads next.
 * The alarm is armed before a slot's request goes out (entrypoints/background/scheduler/scheduler.ts),
 * so with `requestCount` (the server's log length) it also waits until the server has heard
 * nothing for a second: that request has landed (seen once in CI as a second count request).
 */
export async function schedulerSettled(
  target: Target,
  { aheadMs = 5_000, requestCount }: { aheadMs?: number; requestCount?: () => number } = {},
): Promise<void> {
  await expect
    .poll(async () => ((await schedulerAlarm(target))?.scheduledTime ?? 0) - Date.now(), {
      message: 'the scheduler alarm armed for a later slot',
    })
    .toBeGreaterThan(aheadMs);
  if (requestCount === undefined) return;
  let count = requestCount();
  let quietSince = Date.now();
  await expect
    .poll(
      () => {
        if (requestCount() !== count) {
          count = requestCount();
          quietSince = Date.now();
        }
        return Date.now() - quietSince;
      },
      { message: 'no request for a second', intervals: [100] },
    )
    .toBeGreaterThanOrEqual(QUIET_MS);
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

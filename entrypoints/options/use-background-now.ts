import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { parseCadence } from '../../utils/scheduler/cadence';
import { SCHEDULER_DEMANDS_KEY } from '../../utils/scheduler/kept-demands';
import { SCHEDULER_ALARM, SCHEDULER_STATE_KEY } from '../../utils/scheduler/scheduler-limits';
import { SchedulerStateSchema } from '../../utils/scheduler/scheduler-state';
import type { BackgroundNow } from './background-now';

/** The hour's log ages and the next slot comes: read again this often while the page is open. */
export const BACKGROUND_NOW_REFRESH_MS = 15_000;

async function readNow(): Promise<BackgroundNow> {
  const [stored, alarm] = await Promise.all([
    browser.storage.local.get([SCHEDULER_STATE_KEY, SCHEDULER_DEMANDS_KEY]),
    browser.alarms?.get(SCHEDULER_ALARM).catch(() => undefined),
  ]);
  const state = SchedulerStateSchema.safeParse(stored[SCHEDULER_STATE_KEY]);
  return {
    state: state.success ? state.data : undefined,
    cadence: parseCadence(stored[SCHEDULER_DEMANDS_KEY]),
    nextAt: alarm?.scheduledTime,
  };
}

/**
 * What the background scheduler did and plans, as it keeps it in storage.local, with the time it
 * was read: kept current when the scheduler writes, and every BACKGROUND_NOW_REFRESH_MS. null
 * until first read.
 */
export function useBackgroundNow(): { now: number; background: BackgroundNow } | null {
  const [read, setRead] = useState<{ now: number; background: BackgroundNow } | null>(null);
  useEffect(() => {
    let live = true;
    const refresh = () => {
      readNow().then(
        (background) => live && setRead({ now: Date.now(), background }),
        (error: unknown) => console.warn('Network Companion: could not read the background schedule', error),
      );
    };
    refresh();
    const onChanged = (changes: Record<string, unknown>) => {
      if (SCHEDULER_STATE_KEY in changes || SCHEDULER_DEMANDS_KEY in changes) refresh();
    };
    browser.storage.local.onChanged.addListener(onChanged);
    const timer = setInterval(refresh, BACKGROUND_NOW_REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
      browser.storage.local.onChanged.removeListener(onChanged);
    };
  }, []);
  return read;
}

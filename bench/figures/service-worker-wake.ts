/**
 * Service worker: wake, poll, update the badge. The worker is stopped (CDP
 * `ServiceWorker.stopAllWorkers`, as the browser stops an idle worker), the demo's online
 * count is changed, an hour passes for the background scheduler (its stored times move back) and
 * its alarm is fired through the browser (`chrome.alarms.create`
 * with `when: now`, the path a real interval takes). The blank extension page listens to the
 * same alarm and then reads the badge text every 2 ms: the figure is the time from the alarm
 * event to the new count on the badge (the worker starting, its poll through the gateway to
 * the demo server, the badge written). Reported, no budget.
 */
import type { CDPSession } from '@playwright/test';
import { HOUR_MS } from '../../utils/limits';
import type { BenchEnv } from '../lib/env';
import type { Measured } from '../lib/figures';
import { median, round } from '../lib/stats';

/** The background scheduler's one alarm and its state (utils/scheduler/scheduler-limits.ts). */
const SCHEDULER_ALARM = 'background-requests';
const SCHEDULER_STATE_KEY = 'scheduler:state';

interface VersionUpdate {
  versions: { scriptURL: string; runningStatus: string }[];
}

/** Stops every service worker of the profile (only the extension's here) and waits until ours has stopped. */
async function stopServiceWorker(cdp: CDPSession, scriptUrl: string): Promise<void> {
  const stopped = new Promise<void>((resolve) => {
    const listener = (update: VersionUpdate) => {
      if (update.versions.some((v) => v.scriptURL === scriptUrl && v.runningStatus === 'stopped')) {
        cdp.off('ServiceWorker.workerVersionUpdated', listener);
        resolve();
      }
    };
    cdp.on('ServiceWorker.workerVersionUpdated', listener);
  });
  await cdp.send('ServiceWorker.stopAllWorkers');
  await Promise.race([
    stopped,
    new Promise((_, reject) =>
      setTimeout(() => reject(new Error('The service worker did not stop')), 10_000),
    ),
  ]);
}

interface PageChrome {
  storage: {
    local: {
      get(key: string): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
    };
  };
  alarms: {
    create(name: string, info: { when: number }): Promise<void>;
    onAlarm: { addListener(listener: (alarm: { name: string }) => void): void };
  };
  action: { getBadgeText(details: Record<string, never>): Promise<string> };
}

export async function measureServiceWorkerWake(env: BenchEnv): Promise<Measured> {
  const page = env.controlPage;
  const scriptUrl = env.worker.url();
  const cdp = await env.context.newCDPSession(page);
  try {
    await cdp.send('ServiceWorker.enable');
    const wakes: number[] = [];
    const alarmDelays: number[] = [];
    // One more than counted: the first wake of the run warms the browser's caches.
    for (let run = 0; run <= env.runs; run += 1) {
      await stopServiceWorker(cdp, scriptUrl);
      env.demo.setOnlineCount(101 + run); // a new badge text each run ('101', '102', …)
      const result = await page.evaluate(
        async ({ alarm, expected, stateKey, hourMs }) => {
          const api = (globalThis as unknown as { chrome: PageChrome }).chrome;
          // An hour passes for the scheduler (its stored times move back), so its slot is open
          // and the badge is due when the alarm comes.
          const { [stateKey]: raw } = await api.storage.local.get(stateKey);
          if (typeof raw === 'object' && raw !== null) {
            const state = raw as {
              sendLog?: number[];
              lastSlotAt?: number | null;
              streams?: Record<string, { lastRunAt?: number }>;
            };
            state.sendLog = (state.sendLog ?? []).map((sentAt) => sentAt - hourMs);
            if (typeof state.lastSlotAt === 'number') state.lastSlotAt -= hourMs;
            for (const stream of Object.values(state.streams ?? {})) {
              if (typeof stream.lastRunAt === 'number') stream.lastRunAt -= hourMs;
            }
            await api.storage.local.set({ [stateKey]: state });
          }
          let alarmAt = 0;
          api.alarms.onAlarm.addListener((fired) => {
            if (fired.name === alarm && alarmAt === 0) alarmAt = performance.now();
          });
          const createdAt = performance.now();
          await api.alarms.create(alarm, { when: Date.now() });
          const deadline = createdAt + 15_000;
          while (performance.now() < deadline) {
            if ((await api.action.getBadgeText({})) === expected && alarmAt > 0) {
              return { wake: performance.now() - alarmAt, alarm: alarmAt - createdAt };
            }
            await new Promise((resolve) => setTimeout(resolve, 2));
          }
          throw new Error(`The badge did not show ${expected} within 15 s`);
        },
        {
          alarm: SCHEDULER_ALARM,
          expected: String(101 + run),
          stateKey: SCHEDULER_STATE_KEY,
          hourMs: HOUR_MS,
        },
      );
      if (run === 0) continue;
      wakes.push(result.wake);
      alarmDelays.push(result.alarm);
    }
    return {
      id: 'sw-wake',
      label: 'Service worker: wake, poll, update badge',
      value: round(median(wakes)),
      unit: 'ms',
      samples: wakes.map((ms) => round(ms)),
      note: `stopped worker, alarm event to the new count on the badge (read every 2 ms), ${wakes.length} runs after one warm-up; the alarm itself came ${round(median(alarmDelays))} ms (median) after it was set`,
    };
  } finally {
    env.demo.setOnlineCount(null);
    await cdp.detach();
  }
}

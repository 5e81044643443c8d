// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createScheduler } from '@/entrypoints/background/scheduler/scheduler';
import { storageAreaStore } from '@/entrypoints/background/scheduler/scheduler-ports';
import { badgePaceMs, countIntervalMs, readCadence } from '@/utils/history/count-interval';
import type { OnlineCountRow } from '@/utils/history/history-rows';
import { onlineHistoryChart } from '@/utils/history/online-history';
import { DEFAULT_BADGE_INTERVAL_SECONDS, DEFAULT_BUDGET_PER_HOUR } from '@/utils/limits';
import type { StreamDemand } from '@/utils/scheduler/demand';
import { HOUR_MS, SCHEDULER_ALARM } from '@/utils/scheduler/scheduler-limits';
import {
  BADGE_STREAM,
  SAVED_SEARCH_STREAM,
  savedSearchDemand,
  WATCHLIST_STREAM,
  watchlistDemand,
} from '@/utils/scheduler/stream-ids';

const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);
const BADGE_MS = DEFAULT_BADGE_INTERVAL_SECONDS * 1000;
let clock = T0;

/**
 * The real scheduler at the default budget for `hours`, its alarm fired on time, every request
 * succeeding; the badge's counts are recorded as the history recorder would.
 */
async function countsAtDefaults(demands: Record<string, StreamDemand>, hours: number) {
  const counts: OnlineCountRow[] = [];
  const scheduler = createScheduler({
    streams: Object.entries(demands).map(([id, demand]) => ({
      id,
      demand: () => demand,
      run: async () => {
        if (id === BADGE_STREAM) counts.push({ time: clock, count: 300 });
        return { ok: true } as const;
      },
    })),
    budgetPerHour: () => DEFAULT_BUDGET_PER_HOUR,
    pauseSecondsLeft: () => 0,
    idle: { queryState: async () => 'active', setDetectionInterval: () => {} },
    alarms: {
      create: (name, info) => fakeBrowser.alarms.create(name, info),
      clear: (name) => fakeBrowser.alarms.clear(name),
      get: (name) => fakeBrowser.alarms.get(name),
    },
    store: storageAreaStore(fakeBrowser.storage.local),
    now: () => clock,
    random: () => 0.5,
  });
  await scheduler.start();
  await scheduler.settled();
  const end = clock + hours * HOUR_MS;
  for (let alarm = await fakeBrowser.alarms.get(SCHEDULER_ALARM); alarm && alarm.scheduledTime <= end; ) {
    clock = Math.max(clock, alarm.scheduledTime);
    await fakeBrowser.alarms.clear(SCHEDULER_ALARM);
    await scheduler.handleAlarm(alarm);
    await scheduler.settled();
    alarm = await fakeBrowser.alarms.get(SCHEDULER_ALARM);
  }
  clock = end;
  return counts;
}

beforeEach(() => {
  fakeBrowser.reset();
  clock = T0;
});

describe('the online history at the defaults', () => {
  it('with one watched player, the counts of a steady day show no gap', async () => {
    const counts = await countsAtDefaults(
      { [BADGE_STREAM]: { everyMs: BADGE_MS }, [WATCHLIST_STREAM]: watchlistDemand(1) },
      3,
    );
    // The badge gets every 2nd slot: about 2 minutes apart, not 1.
    const steps = counts.slice(1).map((row, i) => row.time - (counts[i] as OnlineCountRow).time);
    expect(Math.min(...steps)).toBeGreaterThan(2 * BADGE_MS - 10_000);
    // Today's rule (twice the setting) called every one of them a gap.
    expect(onlineHistoryChart(counts, '24h', clock, BADGE_MS).chart.gaps).toHaveLength(counts.length - 1);

    const interval = countIntervalMs(await readCadence(), BADGE_MS);
    expect(interval).toBeGreaterThan(2 * BADGE_MS - 10_000);
    expect(onlineHistoryChart(counts, '24h', clock, interval).chart.gaps).toEqual([]);
  });

  it('with a watchlist and an alert sharing 60 an hour, the badge is every 3 minutes, and said so', async () => {
    const counts = await countsAtDefaults(
      {
        [BADGE_STREAM]: { everyMs: BADGE_MS },
        [WATCHLIST_STREAM]: watchlistDemand(20),
        [SAVED_SEARCH_STREAM]: savedSearchDemand(1),
      },
      3,
    );
    const cadence = await readCadence();
    expect(cadence?.everyMs[BADGE_STREAM]).toBeGreaterThan(3 * BADGE_MS - 10_000);
    expect(cadence?.everyMs[BADGE_STREAM]).toBeLessThan(3 * BADGE_MS + 10_000);
    const interval = countIntervalMs(cadence, BADGE_MS);
    expect(onlineHistoryChart(counts, '24h', clock, interval).chart.gaps).toEqual([]);
  });

  it('falls back to the badge setting while no cadence was kept', () => {
    expect(countIntervalMs(undefined, BADGE_MS)).toBe(BADGE_MS);
    expect(countIntervalMs({ budgetPerHour: 60, everyMs: { [BADGE_STREAM]: null } }, BADGE_MS)).toBe(
      BADGE_MS,
    );
  });

  it('in Automatic, a quiet count read every 10 minutes is no gap; 40 minutes without one is', () => {
    const automatic = badgePaceMs({ badgePace: 'automatic', badgeIntervalSeconds: 60 });
    expect(badgePaceMs({ badgePace: 'fixed', badgeIntervalSeconds: 120 })).toBe(120_000);
    const start = T0 - 6 * HOUR_MS;
    const every10: OnlineCountRow[] = Array.from({ length: 36 }, (_, i) => ({
      time: start + i * 600_000,
      count: 500,
    }));
    const interval = countIntervalMs({ budgetPerHour: 60, everyMs: { [BADGE_STREAM]: 240_000 } }, automatic);
    expect(onlineHistoryChart(every10, '24h', T0, interval).chart.gaps).toEqual([]);
    const broken = every10.filter(
      (row) => row.time < start + HOUR_MS || row.time >= start + HOUR_MS + 25 * 60_000,
    );
    expect(onlineHistoryChart(broken, '24h', T0, interval).chart.gaps).toHaveLength(1);
  });
});

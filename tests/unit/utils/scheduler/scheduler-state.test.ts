// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  clampToNow,
  countFailure,
  freshState,
  MAX_COUNTED_FAILURES,
  migrateSchedulerStateV1toV2,
  readState,
  type SchedulerState,
} from '@/utils/scheduler/scheduler-state';

const NOW = 1_736_942_400_000;
const options = { now: NOW, random: () => 0.25 };

const stored: SchedulerState = {
  phase: 0.5,
  sendLog: [NOW - 120_000, NOW - 60_000],
  lastSlotAt: NOW - 60_000,
  lastStream: 'badge',
  soon: ['watchlist'],
  streams: { badge: { lastRunAt: NOW - 60_000, failures: 2 } },
};

describe('freshState', () => {
  it('draws the phase once and starts with no history', () => {
    expect(freshState(() => 0.25)).toEqual({
      phase: 0.25,
      sendLog: [],
      lastSlotAt: null,
      lastStream: null,
      soon: [],
      streams: {},
    });
  });

  it('takes phase 0 when the random source gives something outside [0, 1)', () => {
    expect(freshState(() => 1).phase).toBe(0);
    expect(freshState(() => Number.NaN).phase).toBe(0);
    expect(freshState(() => -0.1).phase).toBe(0);
  });
});

describe('readState', () => {
  it('nothing stored: a fresh state, to be saved', () => {
    expect(readState(undefined, options)).toEqual({ state: freshState(() => 0.25), fresh: true });
  });

  it('a valid state comes back as stored', () => {
    expect(readState(structuredClone(stored), options)).toEqual({ state: stored, fresh: false });
  });

  it('an unreadable state: a fresh one whose last slot is now, so nothing is sent for a gap', () => {
    for (const raw of [
      'garbage',
      42,
      { ...stored, phase: 1.5 },
      { ...stored, sendLog: ['yesterday'] },
      { ...stored, sendLog: Array.from({ length: 1_000 }, (_, i) => NOW - i) },
      { ...stored, streams: { badge: { failures: -1 } } },
    ]) {
      const read = readState(raw, options);
      expect(read.fresh).toBe(true);
      expect(read.state).toEqual({ ...freshState(() => 0.25), lastSlotAt: NOW });
    }
  });

  it('times in the future (the clock was turned back) are taken as now', () => {
    const later = NOW + 86_400_000;
    const { state } = readState(
      {
        ...stored,
        sendLog: [NOW - 1, later],
        lastSlotAt: later,
        streams: { badge: { lastRunAt: later, failures: 0 } },
      },
      options,
    );
    expect(state.sendLog).toEqual([NOW - 1, NOW]);
    expect(state.lastSlotAt).toBe(NOW);
    expect(state.streams.badge?.lastRunAt).toBe(NOW);
  });

  it('a request still marked running was cut off by a stopped worker: one more failure', () => {
    const { state } = readState(
      { ...stored, streams: { badge: { lastRunAt: NOW - 60_000, failures: 2, runningSince: NOW - 59_000 } } },
      options,
    );
    expect(state.streams.badge).toEqual({ lastRunAt: NOW - 60_000, failures: 3 });
  });
});

describe('clampToNow', () => {
  it('takes every time after now as now, and leaves the rest', () => {
    const later = NOW + 1_000;
    expect(
      clampToNow(
        {
          ...stored,
          sendLog: [NOW - 5, later, NOW + 2_000],
          lastSlotAt: later,
          streams: {
            a: { lastRunAt: later, failures: 1 },
            b: { lastRunAt: NOW - 9, failures: 0 },
            c: { failures: 0 },
          },
        },
        NOW,
      ),
    ).toEqual({
      ...stored,
      sendLog: [NOW - 5, NOW, NOW],
      lastSlotAt: NOW,
      streams: {
        a: { lastRunAt: NOW, failures: 1 },
        b: { lastRunAt: NOW - 9, failures: 0 },
        c: { failures: 0 },
      },
    });
  });
});

describe('countFailure', () => {
  it('counts up to its cap', () => {
    expect(countFailure(0)).toBe(1);
    expect(countFailure(MAX_COUNTED_FAILURES)).toBe(MAX_COUNTED_FAILURES);
  });
});

describe('migrations', () => {
  it('v1 → v2: the state the previous release wrote is kept as it is, and reads the same', () => {
    const v1 = structuredClone(stored);
    expect(migrateSchedulerStateV1toV2(v1)).toEqual(stored);
    expect(readState(migrateSchedulerStateV1toV2(v1), options)).toEqual({ state: stored, fresh: false });
  });
});

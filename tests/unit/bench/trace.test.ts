// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { findPageThread, longestTask, type TraceEvent, timerFrames } from '@/bench/lib/trace';

const PID = 7;
const MAIN = 1;
const FRAME = 'F1';

const meta = (tid: number, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  ts: 0,
  pid: PID,
  tid,
  args: { name },
});
const started: TraceEvent = {
  name: 'TracingStartedInBrowser',
  ph: 'I',
  ts: 0,
  pid: 1,
  tid: 1,
  args: {
    data: {
      frames: [
        { frame: 'OTHER', url: 'chrome-extension://id/bench-blank.html', processId: 9 },
        { frame: FRAME, url: 'chrome-extension://id/popup.html', processId: PID },
      ],
    },
  },
};
const timer = (ts: number, dur: number, frame = FRAME): TraceEvent => ({
  name: 'TimerFire',
  ph: 'X',
  ts,
  dur,
  pid: PID,
  tid: MAIN,
  args: { data: { frame, timerId: 10 } },
});
const frameEvents = (id: number, start: number, end: number): TraceEvent[] => [
  { name: 'AnimationFrame', ph: 's', ts: start, pid: PID, tid: MAIN, id },
  { name: 'AnimationFrame', ph: 'f', ts: end, pid: PID, tid: MAIN, id },
];
const task = (ts: number, dur: number, tid = MAIN): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  ts,
  dur,
  pid: PID,
  tid,
});

describe('findPageThread', () => {
  it('finds the renderer main thread and frame of the page by URL', () => {
    const events = [started, meta(2, 'Compositor'), meta(MAIN, 'CrRendererMain')];
    expect(findPageThread(events, '/popup.html')).toEqual({ pid: PID, tid: MAIN, frame: FRAME });
  });

  it('says so when the page is not in the trace', () => {
    expect(() => findPageThread([started, meta(MAIN, 'CrRendererMain')], '/options.html')).toThrow(
      /options\.html/,
    );
  });
});

describe('timerFrames', () => {
  const thread = { pid: PID, tid: MAIN, frame: FRAME };

  it('keeps the animation frames a timer of the page started, with their span and timer time', () => {
    const events = [
      ...frameEvents(1, 1_000_000, 1_017_000),
      timer(1_000_100, 8_000),
      // A frame with no timer (e.g. a scroll): not a tick.
      ...frameEvents(2, 1_500_000, 1_504_000),
      ...frameEvents(3, 2_000_000, 2_019_500),
      timer(2_000_050, 9_000),
      // Another page's timer inside the same span does not count.
      timer(2_010_000, 3_000, 'OTHER'),
    ];
    expect(timerFrames(events, thread)).toEqual([
      { start: 1_000_000, durationMs: 17, timerMs: 8 },
      { start: 2_000_000, durationMs: 19.5, timerMs: 9 },
    ]);
  });

  it('ignores events of other threads and unmatched frame ends', () => {
    const events = [
      { name: 'AnimationFrame', ph: 'f', ts: 5_000, pid: PID, tid: MAIN, id: 9 },
      { ...frameEvents(4, 10_000, 20_000)[0], tid: 2 } as TraceEvent,
      { ...frameEvents(4, 10_000, 20_000)[1], tid: 2 } as TraceEvent,
      timer(12_000, 1_000),
    ];
    expect(timerFrames(events, thread)).toEqual([]);
  });
});

describe('longestTask', () => {
  it('is the longest RunTask on the thread, in ms', () => {
    const events = [task(0, 4_000), task(10_000, 25_000), task(50_000, 90_000, 2)];
    expect(longestTask(events, { pid: PID, tid: MAIN })).toBe(25);
  });
});

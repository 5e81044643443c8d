/**
 * A Chrome performance trace of one page (CDP `Tracing`, two of the categories DevTools'
 * Performance panel records), and what the bench reads from it: the animation frames a timer
 * produced.
 */
import type { BrowserContext, Page } from '@playwright/test';

export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in a complete event (µs), where Chrome records it. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string | number;
  args?: Record<string, unknown>;
}

/** Tasks, timers, rendering and animation frames; no JavaScript sampling (it would slow the page). */
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];

/** Records a trace while `during()` runs and returns its events. */
export async function recordTrace(
  context: BrowserContext,
  page: Page,
  during: () => Promise<void>,
): Promise<TraceEvent[]> {
  const cdp = await context.newCDPSession(page);
  try {
    await cdp.send('Tracing.start', {
      traceConfig: { includedCategories: CATEGORIES },
      transferMode: 'ReturnAsStream',
    });
    await during();
    const complete = new Promise<{ stream?: string }>((resolve) =>
      cdp.once('Tracing.tracingComplete', resolve),
    );
    await cdp.send('Tracing.end');
    const { stream } = await complete;
    if (stream === undefined) throw new Error('The trace came back without a stream');
    let text = '';
    for (;;) {
      const chunk = await cdp.send('IO.read', { handle: stream });
      text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
      if (chunk.eof) break;
    }
    await cdp.send('IO.close', { handle: stream });
    const parsed = JSON.parse(text) as TraceEvent[] | { traceEvents: TraceEvent[] };
    return Array.isArray(parsed) ? parsed : parsed.traceEvents;
  } finally {
    await cdp.detach();
  }
}

export interface TimerFrame {
  /** Trace time (µs) the frame's first task started. */
  start: number;
  /** From the first task feeding the frame to the end of its main-thread rendering (paint, commit), ms. */
  durationMs: number;
  /** Of which in timer callbacks (script, including the framework's render), ms. */
  timerMs: number;
}

interface FrameInfo {
  frame?: unknown;
  url?: unknown;
  processId?: unknown;
}

/** The renderer main thread (pid, tid) and frame id of the page whose URL contains `urlPart`. */
export function findPageThread(
  events: readonly TraceEvent[],
  urlPart: string,
): { pid: number; tid: number; frame: string } {
  for (const event of events) {
    if (event.name !== 'TracingStartedInBrowser') continue;
    const frames = ((event.args?.data as { frames?: FrameInfo[] } | undefined)?.frames ?? []).filter(
      (frame) => typeof frame.url === 'string' && frame.url.includes(urlPart),
    );
    const found = frames[0];
    if (found && typeof found.processId === 'number' && typeof found.frame === 'string') {
      const pid = found.processId;
      const thread = events.find(
        (candidate) =>
          candidate.ph === 'M' &&
          candidate.name === 'thread_name' &&
          candidate.pid === pid &&
          (candidate.args as { name?: unknown } | undefined)?.name === 'CrRendererMain',
      );
      if (thread) return { pid, tid: thread.tid, frame: found.frame };
    }
  }
  throw new Error(`No renderer main thread for a page at ${urlPart} in the trace`);
}

/**
 * The animation frames on `thread` that a timer started: Chrome's `AnimationFrame` async
 * events (begin `s`, end `f`, matched by id) span from the start of the first task that fed
 * the frame to the end of its rendering on the main thread. A frame counts when a `TimerFire`
 * for `frame` starts inside it; `timerMs` adds up those timers' durations.
 */
export function timerFrames(
  events: readonly TraceEvent[],
  thread: { pid: number; tid: number; frame: string },
): TimerFrame[] {
  const onThread = events.filter((event) => event.pid === thread.pid && event.tid === thread.tid);
  const timers = onThread.filter(
    (event) =>
      event.name === 'TimerFire' &&
      event.ph === 'X' &&
      (event.args?.data as { frame?: unknown } | undefined)?.frame === thread.frame,
  );
  const begins = new Map<string, number>();
  const frames: TimerFrame[] = [];
  for (const event of onThread) {
    if (event.name !== 'AnimationFrame' || event.id === undefined) continue;
    const id = String(event.id);
    if (event.ph === 's') begins.set(id, event.ts);
    if (event.ph !== 'f') continue;
    const start = begins.get(id);
    if (start === undefined) continue;
    begins.delete(id);
    const inside = timers.filter((timer) => timer.ts >= start && timer.ts <= event.ts);
    if (inside.length === 0) continue;
    frames.push({
      start,
      durationMs: (event.ts - start) / 1000,
      timerMs: inside.reduce((sum, timer) => sum + (timer.dur ?? 0), 0) / 1000,
    });
  }
  return frames.sort((a, b) => a.start - b.start);
}

/** The longest top-level task (`RunTask`) on `thread`, ms. */
export function longestTask(events: readonly TraceEvent[], thread: { pid: number; tid: number }): number {
  let longest = 0;
  for (const event of events) {
    if (event.pid !== thread.pid || event.tid !== thread.tid) continue;
    if (event.name === 'RunTask' && event.ph === 'X') longest = Math.max(longest, (event.dur ?? 0) / 1000);
  }
  return longest;
}

/**
 * count-pace's lists run in parallel (count-pace-pool-worker.mjs): each list is its own install,
 * simulated for three weeks, and they share nothing, so on n cores the figure takes about 1/n of
 * its time in one thread (issue 37: it was 4–6 min of every CI run). The results are the same:
 * each list is measured as in one thread and combined in list order (`simulatePace`).
 * `COUNT_PACE_WORKERS=0` runs them in this thread.
 */

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CountShape, ListMeasure, ListRunner } from './count-pace-sim';

/** Each worker holds its own copy of the modules (about 100 MB): a few are enough. */
const MAX_WORKERS = 4;

interface Job {
  args: Parameters<ListRunner>;
  resolve: (measure: ListMeasure) => void;
  reject: (error: unknown) => void;
}

/** A pool of `size` workers taking lists one at a time; `close` when done. */
export function listPool(
  size = Number(process.env.COUNT_PACE_WORKERS ?? Math.min(MAX_WORKERS, availableParallelism())),
): {
  runList: ListRunner | undefined;
  close: () => Promise<void>;
} {
  if (!(size >= 1)) return { runList: undefined, close: async () => {} };
  const queue: Job[] = [];
  const idle: Worker[] = [];
  const workers: Worker[] = [];
  const busy = new Map<Worker, Job>();
  const next = (worker: Worker) => {
    const job = queue.shift();
    if (job === undefined) {
      idle.push(worker);
      return;
    }
    busy.set(worker, job);
    worker.postMessage(job.args);
  };
  const start = () => {
    const worker = new Worker(new URL('./count-pace-pool-worker.mjs', import.meta.url));
    worker.on('message', (measure: ListMeasure) => {
      busy.get(worker)?.resolve(measure);
      busy.delete(worker);
      next(worker);
    });
    worker.on('error', (error) => {
      busy.get(worker)?.reject(error);
      busy.delete(worker);
    });
    workers.push(worker);
    return worker;
  };
  const runList: ListRunner = (pace, watched, shape: CountShape, index) =>
    new Promise<ListMeasure>((resolve, reject) => {
      queue.push({ args: [pace, watched, shape, index], resolve, reject });
      const worker = idle.pop() ?? (workers.length < size ? start() : undefined);
      if (worker !== undefined) next(worker);
    });
  return {
    runList,
    close: async () => {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

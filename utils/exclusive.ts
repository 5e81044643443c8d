/**
 * Runs tasks one at a time, in the order given, so two never read and write the same state
 * together. A task that fails rejects its own promise only; the next still runs.
 */

export interface Exclusive {
  <T>(task: () => Promise<T>): Promise<T>;
  /** Resolves once nothing is queued or running (tasks queued meanwhile included). */
  settled(): Promise<void>;
}

export function createExclusive(): Exclusive {
  let tail: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task);
    tail = run.catch(() => undefined);
    return run;
  };
  return Object.assign(exclusive, {
    async settled() {
      for (;;) {
        const queued = tail;
        await queued;
        if (queued === tail) return;
      }
    },
  });
}

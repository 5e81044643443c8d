/**
 * Batches writes: items added within `windowMs` of the first pending one (or before an
 * explicit flush) are applied together, in one call of `apply`, so they can share one
 * transaction. Batches are applied one after another, in the order they were added.
 */

export interface WriteQueue<T, R> {
  /** Resolves with this item's result once its batch is applied; rejects if the batch failed. */
  add(item: T): Promise<R>;
  /** Applies what is pending now; resolves once every batch added so far has settled. */
  flush(): Promise<void>;
}

interface Pending<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

/** `apply` returns one result per item, in order. */
export function createWriteQueue<T, R>(
  apply: (items: T[]) => Promise<R[]>,
  windowMs: number,
): WriteQueue<T, R> {
  let pending: Array<Pending<T, R>> = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settled: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    const batch = pending;
    pending = [];
    if (batch.length > 0) {
      settled = settled.then(async () => {
        try {
          const results = await apply(batch.map((entry) => entry.item));
          batch.forEach((entry, index) => {
            entry.resolve(results[index] as R);
          });
        } catch (error) {
          for (const entry of batch) entry.reject(error);
        }
      });
    }
    return settled;
  }

  return {
    add(item) {
      return new Promise<R>((resolve, reject) => {
        pending.push({ item, resolve, reject });
        timer ??= setTimeout(() => void flush(), windowMs);
      });
    },
    flush,
  };
}

/**
 * Identical requests made while one is already on its way share that one request: the
 * second caller gets the first caller's promise. The entry is dropped as soon as the request
 * settles, so this never serves old answers (that is the cache's job).
 */
export interface InFlight {
  run<T>(key: string, start: () => Promise<T>): Promise<T>;
  /** Forget every running request (they still settle for the callers that have them). */
  clear(): void;
  readonly size: number;
}

export function createInFlight(): InFlight {
  let running = new Map<string, Promise<unknown>>();
  return {
    run<T>(key: string, start: () => Promise<T>): Promise<T> {
      const existing = running.get(key);
      if (existing) return existing as Promise<T>;
      const map = running;
      const promise = start().finally(() => {
        if (map.get(key) === promise) map.delete(key);
      });
      map.set(key, promise);
      return promise;
    },
    clear() {
      running = new Map();
    },
    get size() {
      return running.size;
    },
  };
}

import { MAX_BACKOFF_MS } from './scheduler-limits';

/**
 * How long a stream waits after `failures` failures in a row (1 or more): its usual interval
 * (`baseMs`), doubled per further failure, up to MAX_BACKOFF_MS (or `baseMs`, when that is longer).
 */
export function backoffMs(baseMs: number, failures: number): number {
  const cap = Math.max(baseMs, MAX_BACKOFF_MS);
  return Math.min(baseMs * 2 ** Math.max(0, failures - 1), cap);
}

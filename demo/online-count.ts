/**
 * The live network-wide online count (docs/api-spec.md §4.5): a deterministic, gentle function of time
 * around 1,200 (two slow sine waves, periods 30 and 7 minutes), recomputed on every request,
 * unless a test or the control API pinned it.
 */
import { MINUTE_MS } from '../utils/limits';

export function liveOnlineCount(nowMs: number): number {
  const minutes = nowMs / MINUTE_MS;
  return Math.round(
    1200 + 150 * Math.sin((2 * Math.PI * minutes) / 30) + 25 * Math.sin((2 * Math.PI * minutes) / 7 + 1),
  );
}

export class OnlineCount {
  #fixed: number | null = null;
  readonly #now: () => number;

  constructor(now: () => number) {
    this.#now = now;
  }

  /** null = back to the live computed value. */
  set(value: number | null): void {
    this.#fixed = value;
  }

  get fixed(): number | null {
    return this.#fixed;
  }

  current(): number {
    return this.#fixed ?? liveOnlineCount(this.#now());
  }
}

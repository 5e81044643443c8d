/**
 * The demo's rate limit (docs/api-spec.md §8 leaves threshold, window and scope open): a fixed
 * window per API key value, requests without a key sharing one bucket. The window opens at a
 * bucket's first request and lasts `windowSeconds`; request `max + 1` inside it is refused.
 */
export interface RateLimitOptions {
  max: number;
  windowSeconds: number;
}

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class RateLimiter {
  readonly #options: RateLimitOptions;
  readonly #now: () => number;
  readonly #buckets = new Map<string, { windowStart: number; count: number }>();

  constructor(options: RateLimitOptions, now: () => number) {
    this.#options = options;
    this.#now = now;
  }

  /** Counts one request for `key` (null = no key) and says whether it may proceed. */
  take(key: string | null): RateLimitDecision {
    const now = this.#now();
    const windowMs = this.#options.windowSeconds * 1000;
    const id = key === null ? '\u0000no-key' : `key:${key}`;
    let bucket = this.#buckets.get(id);
    if (bucket === undefined || now >= bucket.windowStart + windowMs) {
      bucket = { windowStart: now, count: 0 };
      this.#buckets.set(id, bucket);
    }
    bucket.count += 1;
    if (bucket.count <= this.#options.max) return { allowed: true };
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((bucket.windowStart + windowMs - now) / 1000)),
    };
  }

  reset(): void {
    this.#buckets.clear();
  }
}

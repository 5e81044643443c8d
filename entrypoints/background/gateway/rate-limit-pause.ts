import { z } from 'zod/mini';
import { DEFAULT_RETRY_AFTER_SECONDS, MAX_RETRY_AFTER_SECONDS } from '@/utils/api/retry-after';
import { secondsUntil } from '@/utils/countdown';
import { readParsed } from '@/utils/storage/read-parsed';
import type { SessionStore } from './session-store';

/**
 * One pause shared by every caller: after a 429 nothing reaches the API until Retry-After
 * (default 60 s, docs/api-spec.md §7) has passed. The end time is kept in `storage.local` (the
 * gateway's `pauseStore`), so a service worker stopped and woken up during the pause, or a
 * browser restarted during it, still honours it. The pause is never longer than the Retry-After
 * that set it (kept with it; at most MAX_RETRY_AFTER_SECONDS), whatever the clock did since: a
 * pause begun while the clock was fast is cut to that once the clock is corrected.
 */

export const PAUSE_KEY = 'gw:pause';

const StoredPauseSchema = z.object({
  until: z.number(),
  /** The Retry-After that set `until` (absent: kept by an earlier release, the longest accepted). */
  seconds: z.optional(z.number().check(z.gt(0), z.lte(MAX_RETRY_AFTER_SECONDS))),
});

export interface RateLimitPause {
  /** Resolves once a pause saved before a restart is back. */
  readonly ready: Promise<void>;
  /** Whole seconds until requests may go out again (rounded up); 0 when not paused. */
  secondsLeft(): number;
  /** Pause for `retryAfterSeconds` from now; a longer pause already running is kept. */
  begin(retryAfterSeconds: number): Promise<void>;
  end(): Promise<void>;
}

export function createRateLimitPause(options: {
  store: SessionStore;
  now: () => number;
  key?: string;
}): RateLimitPause {
  const { store, now } = options;
  const key = options.key ?? PAUSE_KEY;
  let until = 0;
  /** The Retry-After that set `until`: the pause never lasts longer from now. */
  let seconds = MAX_RETRY_AFTER_SECONDS;
  /** Bumped by begin/end: a restore that finishes later must not overwrite them. */
  let changes = 0;

  /** `until` cut to `seconds` from now (the clock went back since the pause began), and kept. */
  function bounded(): number {
    const at = now();
    if (until > at + seconds * 1000) {
      until = at + seconds * 1000;
      changes += 1;
      void store.set({ [key]: { until, seconds } });
    }
    return until;
  }

  async function restore(): Promise<void> {
    const started = changes;
    const stored = await readParsed(store, key, z.nullable(StoredPauseSchema), null);
    if (started !== changes) return;
    // A pause that has ended, or that cannot be read, is deleted: nothing is left to honour.
    if (stored && stored.until > now()) {
      until = stored.until;
      seconds = stored.seconds ?? MAX_RETRY_AFTER_SECONDS;
      bounded();
    } else await store.remove([key]);
  }

  const ready = restore();

  return {
    ready,
    secondsLeft: () => secondsUntil(bounded(), now()),
    async begin(retryAfterSeconds) {
      const asked =
        Number.isFinite(retryAfterSeconds) && retryAfterSeconds > 0
          ? Math.min(retryAfterSeconds, MAX_RETRY_AFTER_SECONDS)
          : DEFAULT_RETRY_AFTER_SECONDS;
      changes += 1;
      const end = now() + asked * 1000;
      if (end > bounded()) {
        until = end;
        seconds = asked;
      }
      await store.set({ [key]: { until, seconds } });
    },
    async end() {
      changes += 1;
      until = 0;
      seconds = MAX_RETRY_AFTER_SECONDS;
      await store.remove([key]);
    },
  };
}

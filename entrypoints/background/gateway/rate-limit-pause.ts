import { z } from 'zod/mini';
import { DEFAULT_RETRY_AFTER_SECONDS } from '@/utils/api/retry-after';
import { secondsUntil } from '@/utils/countdown';
import { readParsed } from '@/utils/storage/read-parsed';
import type { SessionStore } from './session-store';

/**
 * One pause shared by every caller: after a 429 nothing reaches the API until Retry-After
 * (default 60 s, docs/api-spec.md §7) has passed. The end time is kept in `storage.local` (the
 * gateway's `pauseStore`), so a service worker stopped and woken up during the pause, or a
 * browser restarted during it, still honours it.
 */

export const PAUSE_KEY = 'gw:pause';

const StoredPauseSchema = z.object({ until: z.number() });

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
  /** Bumped by begin/end: a restore that finishes later must not overwrite them. */
  let changes = 0;

  async function restore(): Promise<void> {
    const started = changes;
    const stored = await readParsed(store, key, z.nullable(StoredPauseSchema), null);
    if (started !== changes) return;
    // A pause that has ended, or that cannot be read, is deleted: nothing is left to honour.
    if (stored && stored.until > now()) until = stored.until;
    else await store.remove([key]);
  }

  const ready = restore();

  return {
    ready,
    secondsLeft: () => secondsUntil(until, now()),
    async begin(retryAfterSeconds) {
      const seconds =
        Number.isFinite(retryAfterSeconds) && retryAfterSeconds > 0
          ? retryAfterSeconds
          : DEFAULT_RETRY_AFTER_SECONDS;
      changes += 1;
      until = Math.max(until, now() + seconds * 1000);
      await store.set({ [key]: { until } });
    },
    async end() {
      changes += 1;
      until = 0;
      await store.remove([key]);
    },
  };
}

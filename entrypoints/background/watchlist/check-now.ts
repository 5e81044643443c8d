import type { ApiError } from '@/utils/api/errors';
import type { Player } from '@/utils/api/schemas';
import type { Reply } from '@/utils/messages';
import type { WatchObserver } from './observer';

/**
 * "Check now" on the Watchlist tab: every watched player at once. A user action, so it is not
 * counted against the background budget and waits for no background work; it still stops at a
 * 429 (the gateway's pause refuses the rest without a request). A few requests at a time, so a
 * long list does not open 200 connections.
 *
 * One run at a time for the whole extension: a press in another view (a second popup, the side
 * panel) while a run goes on joins it, and a player whose status is younger than
 * CHECK_NOW_REUSE_MS is not asked again, so two presses with 200 watched players send 200
 * requests, not 400.
 */

export const CHECK_NOW_CONCURRENCY = 4;
/** A status this young is the answer Check now would get. */
export const CHECK_NOW_REUSE_MS = 30_000;

export interface CheckNowDeps {
  /** Asks the API itself, not the cache (the user wants the state now), and leaves observing to us. */
  player: (uuid: string) => Promise<Reply<Player>>;
  observer: WatchObserver;
  now: () => number;
}

export interface CheckNowResult {
  /** Players with a status from now or the last CHECK_NOW_REUSE_MS. */
  checked: number;
  /** The first error met, when a player could not be checked. */
  error?: ApiError;
}

async function checkAll(deps: CheckNowDeps): Promise<CheckNowResult> {
  const { watched, statuses } = await deps.observer.snapshot();
  const now = deps.now();
  const recent = (uuid: string) => {
    const checkedAt = statuses[uuid]?.checkedAt;
    return checkedAt !== undefined && checkedAt <= now && now - checkedAt < CHECK_NOW_REUSE_MS;
  };
  const queue = watched.map((player) => player.uuid).filter((uuid) => !recent(uuid));
  let checked = watched.length - queue.length;
  let error: ApiError | undefined;
  async function worker(): Promise<void> {
    for (let uuid = queue.shift(); uuid !== undefined; uuid = queue.shift()) {
      const reply = await deps.player(uuid);
      if (reply.ok) {
        checked += 1;
        await deps.observer.observe(reply.data, { at: reply.fetchedAt });
        continue;
      }
      error ??= reply.error;
      // Paused or not configured: the others would be refused the same way.
      if (reply.error.kind === 'rate-limited' || reply.error.kind === 'not-configured') queue.length = 0;
    }
  }
  await Promise.all(Array.from({ length: CHECK_NOW_CONCURRENCY }, worker));
  return error === undefined ? { checked } : { checked, error };
}

/** Check now, one run at a time: a call during a run gets that run's result. */
export function createCheckNow(deps: CheckNowDeps): () => Promise<CheckNowResult> {
  let running: Promise<CheckNowResult> | undefined;
  return () => {
    running ??= checkAll(deps).finally(() => {
      running = undefined;
    });
    return running;
  };
}

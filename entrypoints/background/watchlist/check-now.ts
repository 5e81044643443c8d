import type { ApiError } from '../../../utils/api/errors';
import type { Player } from '../../../utils/api/schemas';
import type { Reply } from '../../../utils/messages';
import type { WatchedPlayer } from '../../../utils/watchlist/watched';
import type { WatchObserver } from './observer';

/**
 * "Check now" on the Watchlist tab: every watched player at once. A user action, so it is not
 * counted against the background budget and waits for no background work; it still stops at a
 * 429 (the gateway's pause refuses the rest without a request). A few requests at a time, so a
 * long list does not open 200 connections.
 */

export const CHECK_NOW_CONCURRENCY = 4;

export interface CheckNowDeps {
  /** Asks the API itself, not the cache: the user wants the state now. */
  player: (uuid: string) => Promise<Reply<Player>>;
  observer: WatchObserver;
  getWatched: () => Promise<WatchedPlayer[]>;
}

export interface CheckNowResult {
  checked: number;
  /** The first error met, when a player could not be checked. */
  error?: ApiError;
}

export async function checkWatchlistNow(deps: CheckNowDeps): Promise<CheckNowResult> {
  const queue = (await deps.getWatched()).map((player) => player.uuid);
  let checked = 0;
  let error: ApiError | undefined;
  async function worker(): Promise<void> {
    for (let uuid = queue.shift(); uuid !== undefined; uuid = queue.shift()) {
      const reply = await deps.player(uuid);
      if (reply.ok) {
        checked += 1;
        await deps.observer.observe(reply.data);
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

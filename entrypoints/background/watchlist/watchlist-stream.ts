import type { z } from 'zod/mini';
import {
  failedCheck,
  isResting,
  keepFailures,
  previousLookFailed,
  standingFailures,
} from '@/utils/scheduler/entry-failures';
import { HABITS_KEY, HABITS_VERSIONING, habitsWrites, learn, readHabits } from '@/utils/scheduler/habits';
import { watchlistWorth, withWorth } from '@/utils/scheduler/news';
import { WATCHLIST_STREAM } from '@/utils/scheduler/stream-ids';
import { nextToCheck } from '@/utils/scheduler/watch-priority';
import { readParsed } from '@/utils/storage/read-parsed';
import { migrateValue } from '@/utils/storage-item';
import type { WatchedPlayer } from '@/utils/watchlist/watched';
import type { Gateway } from '../gateway/gateway';
import { CheckTimesSchema, leastRecentlyChecked, withCheck } from '../scheduler/rotation';
import type { Stream, StreamResult } from '../scheduler/streams';
import type { WatchObserver } from './observer';

/**
 * The watchlist as a stream of the background scheduler: it wants every slot it can get while
 * someone is watched, and spends each on ONE player, the one whose news is likeliest by their
 * learned habits (utils/scheduler/watch-priority.ts; one check in four, or when the model cannot
 * be read, the least recently checked: scheduler/rotation.ts), so the budget does not grow with
 * the list: each player is simply checked less often. The observer decides from its answer
 * whether the player came online and announces it (observer.ts). A failed check counts as a look
 * too, so a player whose checks keep failing goes to the back of the order like any other, and
 * rests on its own (utils/scheduler/entry-failures.ts, kept with the model); only a failure that
 * is the server's (no look: nothing was learned) or everyone's backs the stream off.
 */

export { WATCHLIST_STREAM };
/** When each watched player was last checked by the stream (storage.local: it outlives the session). */
export const CHECK_TIMES_KEY = 'watch:checked';

export interface CheckTimesStore {
  get(key: string): Promise<unknown>;
  set(items: Record<string, unknown>): Promise<void>;
}

export interface WatchlistStreamDeps {
  gateway: Pick<Gateway, 'player'>;
  observer: WatchObserver;
  getWatched: () => Promise<WatchedPlayer[]>;
  isConfigured: () => Promise<boolean>;
  store: CheckTimesStore;
  now: () => number;
}

export function createWatchlistStream(deps: WatchlistStreamDeps): Stream<typeof WATCHLIST_STREAM> {
  const { gateway, observer, store, now } = deps;

  const checkTimes = (): Promise<z.infer<typeof CheckTimesSchema>> =>
    readParsed(store, CHECK_TIMES_KEY, CheckTimesSchema, {});

  /** What the demand's news is computed from, kept between two checks. */
  let worthInputs:
    | Promise<[z.infer<typeof CheckTimesSchema>, Awaited<ReturnType<WatchObserver['snapshot']>>, unknown]>
    | undefined;

  return {
    id: WATCHLIST_STREAM,
    async demand() {
      const watched = await deps.getWatched();
      if (watched.length === 0) return null;
      if (!(await deps.isConfigured())) return null;
      // Read once per check, not at every plan: only a check changes them (statuses a free answer
      // updates meanwhile move its news a little, until the next check).
      worthInputs ??= Promise.all([checkTimes(), observer.snapshot(), store.get(HABITS_KEY)]).catch(
        (error: unknown) => {
          worthInputs = undefined;
          throw error;
        },
      );
      const [checkedAt, { statuses: last }, stored] = await worthInputs;
      return withWorth(
        { everyMs: 0 },
        watchlistWorth({
          players: watched.map((player) => player.uuid),
          checkedAt,
          last,
          habits: readHabits(stored),
          now: now(),
        }),
      );
    },
    async run(): Promise<StreamResult> {
      worthInputs = undefined;
      try {
        return await checkOne();
      } finally {
        // What the check wrote is what the next demand reads.
        worthInputs = undefined;
      }
    },
  };

  async function checkOne(): Promise<StreamResult> {
    const watched = await deps.getWatched();
    const uuids = watched.map((player) => player.uuid);
    const times = await checkTimes();
    const { statuses: last } = await observer.snapshot();
    // Read only after its migrations ran (utils/scheduler/habits.ts; a few reads once it is marked).
    const version = await migrateValue(store, HABITS_KEY, HABITS_VERSIONING);
    const stored = await store.get(HABITS_KEY);
    const habits = readHabits(stored);
    const failing = standingFailures(habits?.failing ?? {}, (id) => last[id]?.checkedAt);
    const at = now();
    const { uuid, turn } = nextToCheck({
      // A failing player waits out its retry; the others go on.
      players: uuids.filter((id) => !isResting(failing[id], at)),
      checkedAt: times,
      roundRobin: leastRecentlyChecked,
      last,
      habits,
      now: at,
    });
    if (uuid === undefined) return { ok: true };
    const askedAt = now();
    // Observed here, not by the gateway's hook: the observer's transition is announced.
    const reply = await gateway.player(uuid, { observe: false });
    const checkedAt = now();
    const failed = reply.ok
      ? undefined
      : failedCheck(failing[uuid], reply.error.kind, checkedAt, previousLookFailed(times, failing, uuid));
    // An answer clears the player's failure; the server's failure leaves it as it was.
    const kept = keepFailures(failing, uuids);
    if (reply.ok) delete kept[uuid];
    else if (failed?.failure) kept[uuid] = failed.failure;
    // What this check saw teaches the model (a model that could not be read starts afresh).
    const seen = reply.ok
      ? { online: reply.data.online, checkedAt, playtime: reply.data.stats.playtime_ticks }
      : undefined;
    const { failing: _, ...learned } = learn(habits, uuid, last[uuid], seen, uuids);
    const next = Object.keys(kept).length > 0 ? { ...learned, turn, failing: kept } : { ...learned, turn };
    const writes = habitsWrites(version, stored, next);
    if (writes) await store.set(writes);
    // A look, answered or not, unless the failure was the server's (nothing was asked of the player).
    if (reply.ok || failed?.failure) {
      await store.set({ [CHECK_TIMES_KEY]: withCheck(times, uuids, uuid, checkedAt) });
    }
    if (!reply.ok) return failed?.result ?? { ok: false, failure: reply.error.kind };
    // An answer from the cache was observed when it was fetched (a look-up the user saw).
    if (reply.fetchedAt >= askedAt)
      await observer.observe(reply.data, { announce: true, at: reply.fetchedAt });
    return { ok: true };
  }
}

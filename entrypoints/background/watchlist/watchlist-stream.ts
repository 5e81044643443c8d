import type { z } from 'zod/mini';
import type { Player } from '../../../utils/api/schemas';
import type { Reply } from '../../../utils/messages';
import { HABITS_KEY, learn, readHabits } from '../../../utils/scheduler/habits';
import { nextToCheck } from '../../../utils/scheduler/watch-priority';
import type { WatchedPlayer } from '../../../utils/watchlist/watched';
import type { Gateway } from '../gateway/gateway';
import { CheckTimesSchema, leastRecentlyChecked, withCheck } from '../scheduler/rotation';
import type { Stream, StreamResult } from '../scheduler/streams';
import type { WatchObserver } from './observer';

/**
 * The watchlist as a stream of the background scheduler: it wants every slot it can get while
 * someone is watched, and spends each on ONE player, the one whose news is likeliest by their
 * learned habits (utils/scheduler/watch-priority.ts; one check in four, or when the model cannot
 * be read, the least recently checked: scheduler/rotation.ts), so the budget does not grow with
 * the list: each player is simply checked less often. A player seen offline and now online by such a check came online: the
 * notifier hears of it (never on a first observation: observer.ts).
 */

export const WATCHLIST_STREAM = 'watchlist';
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
  /** A player came online, as seen by a background check. */
  cameOnline: (names: readonly string[]) => Promise<void>;
}

/** A reply about a watched player, observed; whether it shows them coming online. */
export async function observeReply(
  reply: Reply<Player>,
  before: boolean | undefined,
  observer: WatchObserver,
): Promise<boolean> {
  if (!reply.ok) return false;
  await observer.observe(reply.data);
  return before === false && reply.data.online;
}

export function createWatchlistStream(deps: WatchlistStreamDeps): Stream<typeof WATCHLIST_STREAM> {
  const { gateway, observer, store, now } = deps;

  async function checkTimes(): Promise<z.infer<typeof CheckTimesSchema>> {
    const parsed = CheckTimesSchema.safeParse(await store.get(CHECK_TIMES_KEY));
    return parsed.success ? parsed.data : {};
  }

  return {
    id: WATCHLIST_STREAM,
    async demand() {
      if ((await deps.getWatched()).length === 0) return null;
      if (!(await deps.isConfigured())) return null;
      return { everyMs: 0 };
    },
    async run(): Promise<StreamResult> {
      const watched = await deps.getWatched();
      const uuids = watched.map((player) => player.uuid);
      const times = await checkTimes();
      const { statuses: last } = await observer.snapshot();
      const habits = readHabits(await store.get(HABITS_KEY));
      const { uuid, turn } = nextToCheck({
        players: uuids,
        checkedAt: times,
        roundRobin: leastRecentlyChecked,
        last,
        habits,
        now: now(),
      });
      if (uuid === undefined) return { ok: true };
      await store.set({ [CHECK_TIMES_KEY]: withCheck(times, uuids, uuid, now()) });
      const before = await observer.knownOnline(uuid);
      const reply = await gateway.player(uuid);
      // What this check saw teaches the model (a model that could not be read starts afresh).
      const seen = reply.ok ? { online: reply.data.online, checkedAt: now() } : undefined;
      await store.set({ [HABITS_KEY]: { ...learn(habits, uuid, last[uuid], seen, uuids), turn } });
      if (await observeReply(reply, before, observer)) {
        await deps.cameOnline([reply.ok ? reply.data.name : uuid]);
      }
      return reply.ok ? { ok: true } : { ok: false, failure: reply.error.kind };
    },
  };
}

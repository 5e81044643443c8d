import { MAX_WATCHED_PLAYERS } from '../../../utils/limits';
import type { Reply, RequestFor, Watchlist, WatchState } from '../../../utils/messages';
import {
  addWatched,
  getWatched,
  isWatched,
  removeWatched,
  watchRefusedMessage,
} from '../../../utils/watchlist/watched';
import type { Gateway } from '../gateway/gateway';
import type { Stream } from '../scheduler/streams';
import { checkWatchlistNow } from './check-now';
import type { WatchObserver } from './observer';
import { type CheckTimesStore, createWatchlistStream, type WATCHLIST_STREAM } from './watchlist-stream';

/**
 * The watchlist's part of the background, wired: its scheduler stream and the answers to its
 * messages (watch, unwatch, watch-state, watchlist, check-watchlist-now).
 */

export interface WatchlistServiceDeps {
  gateway: Pick<Gateway, 'player'>;
  observer: WatchObserver;
  isConfigured: () => Promise<boolean>;
  /** storage.local: when each player was last checked by the stream. */
  store: CheckTimesStore;
  now: () => number;
  cameOnline: (names: readonly string[]) => Promise<void>;
  /** The list changed: the stream may want a slot (a first player), the badge may change. */
  onListChanged: () => void;
}

export interface WatchlistService {
  stream: Stream<typeof WATCHLIST_STREAM>;
  watch(request: RequestFor<'watch'>): Promise<WatchState>;
  unwatch(uuid: string): Promise<WatchState>;
  watchState(uuid: string): Promise<WatchState>;
  watchlist(): Promise<Watchlist>;
  checkNow(): Promise<Reply<{ checked: number }>>;
  /** For the badge mode "watched players online". */
  watchedOnline(): Promise<{ online: number; watched: number }>;
}

export function createWatchlistService(deps: WatchlistServiceDeps): WatchlistService {
  const { observer, now } = deps;
  const list = () => getWatched();
  const stream = createWatchlistStream({
    gateway: deps.gateway,
    observer,
    getWatched: list,
    isConfigured: deps.isConfigured,
    store: deps.store,
    now,
    cameOnline: deps.cameOnline,
  });

  return {
    stream,
    async watch({ uuid, name }) {
      let result: Awaited<ReturnType<typeof addWatched>>;
      try {
        result = await addWatched({ uuid, name }, now());
      } catch (error) {
        // Sync refused the write (a quota): nothing was written; say so, the rest stands.
        const message = watchRefusedMessage(error);
        if (message === undefined) throw error;
        return { watched: await isWatched(uuid), full: false, message };
      }
      if (!result.ok) return { watched: await isWatched(uuid), full: true };
      // Whatever this session saw of them before, the next observation is a first one: the
      // card the user pressed Watch on was just fetched, so the gateway's cache answers it.
      await observer.forget(uuid);
      const reply = await deps.gateway.player(uuid);
      if (reply.ok) await observer.observe(reply.data);
      deps.onListChanged();
      return { watched: true, full: false };
    },
    async unwatch(uuid) {
      try {
        await removeWatched(uuid);
      } catch (error) {
        const message = watchRefusedMessage(error);
        if (message === undefined) throw error;
        return { watched: await isWatched(uuid), full: false, message };
      }
      deps.onListChanged();
      return { watched: false, full: false };
    },
    async watchState(uuid) {
      return { watched: await isWatched(uuid), full: false };
    },
    async watchlist() {
      const { watched, statuses } = await observer.snapshot();
      return {
        players: watched.map((player) => {
          const status = statuses[player.uuid];
          return {
            uuid: player.uuid,
            name: status?.name ?? player.name,
            ...(status
              ? {
                  status: {
                    online: status.online,
                    rankDisplay: status.rankDisplay,
                    checkedAt: status.checkedAt,
                    ...(status.seenOnlineAt === undefined ? {} : { seenOnlineAt: status.seenOnlineAt }),
                  },
                }
              : {}),
          };
        }),
        max: MAX_WATCHED_PLAYERS,
      };
    },
    async checkNow() {
      const result = await checkWatchlistNow({
        player: (uuid) => deps.gateway.player(uuid, { fresh: true }),
        observer,
        getWatched: list,
      });
      if (result.error && result.checked === 0) return { ok: false, error: result.error };
      if (result.error?.kind === 'rate-limited') return { ok: false, error: result.error };
      return { ok: true, data: { checked: result.checked }, fetchedAt: now() };
    },
    async watchedOnline() {
      const { watched, statuses } = await observer.snapshot();
      const online = watched.filter((player) => statuses[player.uuid]?.online === true).length;
      return { online, watched: watched.length };
    },
  };
}

import { browser } from 'wxt/browser';
import { MAX_WATCHED_PLAYERS } from '@/utils/limits';
import type { MessageHandlers, Reply, RequestFor, Watchlist, WatchState } from '@/utils/messages';
import { isFailing, standingFailures } from '@/utils/scheduler/entry-failures';
import { HABITS_KEY, readHabits } from '@/utils/scheduler/habits';
import { WATCHLIST_STREAM } from '@/utils/scheduler/stream-ids';
import type { PlayerStatus } from '@/utils/watchlist/status';
import { watchNotSavedMessage } from '@/utils/watchlist/watch-text';
import {
  addWatched,
  getWatched,
  isWatched,
  removeWatched,
  WATCH_KEY_PREFIX,
  watchRefusedMessage,
} from '@/utils/watchlist/watched';
import { type BackgroundEvents, watchSettings } from '../background-events';
import type { Gateway } from '../gateway/gateway';
import type { Stream } from '../scheduler/streams';
import { createCheckNow } from './check-now';
import type { WatchObserver } from './observer';
import { type CheckTimesStore, createWatchlistStream } from './watchlist-stream';

/**
 * The watchlist's part of the background, wired: its scheduler stream and the answers to its
 * messages (watch, unwatch, watch-state, watchlist, check-watchlist-now: `handlers`).
 */

export interface WatchlistServiceDeps {
  gateway: Pick<Gateway, 'player'>;
  observer: WatchObserver;
  isConfigured: () => Promise<boolean>;
  /** storage.local: when each player was last checked by the stream. */
  store: CheckTimesStore;
  now: () => number;
  /** The list changes: the stream may want a slot (a first player), the badge may change. */
  events: BackgroundEvents;
  /** Resolves once the answers fetched so far are in the history (Check now answers after). */
  historySettled?: () => Promise<void>;
}

type WatchlistMessage = 'watch' | 'unwatch' | 'watch-state' | 'watchlist' | 'check-watchlist-now';

export interface WatchlistService {
  stream: Stream<typeof WATCHLIST_STREAM>;
  watch(request: RequestFor<'watch'>): Promise<WatchState>;
  unwatch(uuid: string): Promise<WatchState>;
  watchState(uuid: string): Promise<WatchState>;
  watchlist(): Promise<Watchlist>;
  checkNow(): Promise<Reply<{ checked: number }>>;
  /** For the badge mode "watched players online". */
  watchedOnline(): Promise<{ online: number; watched: number }>;
  /** The watchlist's messages, for the table (message-handlers.ts). */
  handlers: Pick<MessageHandlers, WatchlistMessage>;
}

/** What the Watchlist shows of a status: its name is the entry's, `watchedSince` and `playtime` are ours. */
function withoutOwnFields({ name: _, watchedSince: __, playtime: ___, ...shown }: PlayerStatus) {
  return shown;
}

export function createWatchlistService(deps: WatchlistServiceDeps): WatchlistService {
  const { observer, now, events } = deps;
  const listChanged = () => {
    events.wake.emit(WATCHLIST_STREAM);
    events.badgeStale.emit();
  };
  const list = () => getWatched();
  const stream = createWatchlistStream({
    gateway: deps.gateway,
    observer,
    getWatched: list,
    isConfigured: deps.isConfigured,
    store: deps.store,
    now,
  });
  const checkAll = createCheckNow({
    player: (uuid) => deps.gateway.player(uuid, { fresh: true, observe: false }),
    observer,
    now,
  });

  /** A write that failed is said as such: what sync refused (room, writes per minute), or not saved. */
  async function notSaved(uuid: string, error: unknown): Promise<WatchState> {
    const message = watchRefusedMessage(error) ?? watchNotSavedMessage();
    return { watched: await isWatched(uuid).catch(() => false), full: false, message };
  }

  const service: Omit<WatchlistService, 'handlers'> = {
    stream,
    async watch({ uuid, name }) {
      let result: Awaited<ReturnType<typeof addWatched>>;
      try {
        result = await addWatched({ uuid, name }, now());
      } catch (error) {
        return notSaved(uuid, error);
      }
      if (!result.ok) return { watched: await isWatched(uuid), full: true };
      listChanged();
      // The first observation, silent: the card the user pressed Watch on was just fetched, so
      // the gateway's cache answers it. Should it fail, the stream's first check records them.
      const reply = await deps.gateway.player(uuid, { observe: false });
      if (reply.ok) await observer.observe(reply.data, { at: reply.fetchedAt }).catch(() => undefined);
      return { watched: true, full: false };
    },
    async unwatch(uuid) {
      try {
        await removeWatched(uuid);
      } catch (error) {
        return notSaved(uuid, error);
      }
      listChanged();
      return { watched: false, full: false };
    },
    async watchState(uuid) {
      return { watched: await isWatched(uuid), full: false };
    },
    async watchlist() {
      const { watched, statuses } = await observer.snapshot();
      // The stream keeps each failing player's failure with the model (watchlist-stream.ts).
      const kept = readHabits(await deps.store.get(HABITS_KEY).catch(() => undefined))?.failing ?? {};
      const failing = standingFailures(kept, (id) => statuses[id]?.checkedAt);
      return {
        players: watched.map((player) => {
          const status = statuses[player.uuid];
          const failure = failing[player.uuid];
          return {
            uuid: player.uuid,
            name: status?.name ?? player.name,
            ...(status ? { status: withoutOwnFields(status) } : {}),
            ...(isFailing(failure) ? { failing: failure } : {}),
          };
        }),
        max: MAX_WATCHED_PLAYERS,
      };
    },
    async checkNow() {
      const result = await checkAll();
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
  return {
    ...service,
    handlers: {
      watch: (request) => service.watch(request),
      unwatch: (request) => service.unwatch(request.uuid),
      'watch-state': (request) => service.watchState(request.uuid),
      watchlist: () => service.watchlist(),
      // Answered once the snapshots it took are written: the Watchlist reads its deltas then.
      'check-watchlist-now': async () => {
        const reply = await service.checkNow();
        await deps.historySettled?.();
        return reply;
      },
    },
  };
}

/** Listeners: synchronously, in the worker's first turn (start-background.ts). */
export function startWatchlist(events: BackgroundEvents): void {
  watchSettings(['backgroundRequestsPerHour', 'apiBaseUrl'], () => events.wake.emit(WATCHLIST_STREAM));
  // The list is synced: a player watched in another browser may want the stream's first slot now.
  browser.storage.sync.onChanged?.addListener((changes) => {
    if (Object.keys(changes).some((key) => key.startsWith(WATCH_KEY_PREFIX)))
      events.wake.emit(WATCHLIST_STREAM);
  });
}

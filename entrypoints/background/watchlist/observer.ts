import { z } from 'zod/mini';
import type { Player } from '../../../utils/api/schemas';
import {
  getStatuses,
  type PlayerStatus,
  saveStatuses,
  withObservation,
} from '../../../utils/watchlist/status';
import { getWatched, type WatchedPlayer } from '../../../utils/watchlist/watched';
import type { SessionStore } from '../gateway/session-store';

/**
 * Every answer about a watched player, whoever asked for it (the watchlist's own checks, a
 * popup look-up, a hover card): it updates the player's status in this browser (online, rank,
 * last seen online, latest name). The answers the user fetched anyway cost the budget nothing.
 * A rename is not written to the synced list: written from here it could land after an unwatch
 * in another browser and, the last writer winning, watch the player again there.
 *
 * It also keeps, for this browser session only (`storage.session`), the online state last seen
 * for each watched player: the baseline a background check compares with to tell that a player
 * came online. Nothing is known after the browser starts or right after watching, so a first
 * observation never counts as coming online.
 */

export const KNOWN_ONLINE_KEY = 'watch:known-online';
const KnownSchema = z.record(z.string(), z.boolean());

export interface WatchObserverDeps {
  store: SessionStore;
  now: () => number;
  /** After a watched player's status was saved (the badge may show the watched players online). */
  onChange?: () => void;
  getWatched?: () => Promise<WatchedPlayer[]>;
}

export interface WatchObserver {
  /** Record an answer about a player (nothing happens for players not watched). */
  observe(player: Player): Promise<void>;
  /** Online or not when last seen this browser session; undefined when not seen since. */
  knownOnline(uuid: string): Promise<boolean | undefined>;
  /** The player was just watched: the next observation of them is a first one. */
  forget(uuid: string): Promise<void>;
  /** Watched players and their statuses, together. */
  snapshot(): Promise<{ watched: WatchedPlayer[]; statuses: Record<string, PlayerStatus> }>;
}

export function createWatchObserver(deps: WatchObserverDeps): WatchObserver {
  const { store, now } = deps;
  const watchedPlayers = deps.getWatched ?? (() => getWatched());

  /** Writes run one at a time: two answers arriving together must not lose one another. */
  let queue: Promise<unknown> = Promise.resolve();
  function exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  }

  async function known(): Promise<Record<string, boolean>> {
    const parsed = KnownSchema.safeParse(await store.get(KNOWN_ONLINE_KEY));
    return parsed.success ? parsed.data : {};
  }

  return {
    observe: (player) =>
      exclusive(async () => {
        const watched = await watchedPlayers();
        const uuid = player.uuid.toLowerCase();
        if (!watched.some((entry) => entry.uuid === uuid)) return;
        const keep = new Set(watched.map((entry) => entry.uuid));
        const statuses = await getStatuses();
        const observed = { uuid, name: player.name, online: player.online, rankDisplay: player.rank.display };
        await saveStatuses(withObservation(statuses, observed, now(), keep));
        await store.set({ [KNOWN_ONLINE_KEY]: { ...(await known()), [uuid]: player.online } });
        deps.onChange?.();
      }),
    knownOnline: async (uuid) => (await known())[uuid.toLowerCase()],
    forget: (uuid) =>
      exclusive(async () => {
        const { [uuid.toLowerCase()]: _, ...rest } = await known();
        await store.set({ [KNOWN_ONLINE_KEY]: rest });
      }),
    snapshot: async () => {
      const [watched, statuses] = await Promise.all([watchedPlayers(), getStatuses()]);
      return { watched, statuses };
    },
  };
}

import type { Player } from '@/utils/api/schemas';
import { createExclusive } from '@/utils/exclusive';
import { getSettings } from '@/utils/settings';
import {
  currentStatus,
  getStatuses,
  type PlayerStatus,
  saveStatuses,
  withObservation,
} from '@/utils/watchlist/status';
import { getWatched, type WatchedPlayer } from '@/utils/watchlist/watched';
import type { OnlineNotification } from './online-notification';

/**
 * The one place that decides whether a watched player came online. Every answer about a watched
 * player is observed once, whoever asked for it (the watchlist's own checks, Check now, a popup
 * look-up, a hover card): it updates the player's status in this browser (online, rank, last seen
 * online, latest name) and says what changed. A rename is not written to the synced list: written
 * from here it could land after an unwatch in another browser and, the last writer winning, watch
 * the player again there.
 *
 * The baseline is the status kept in storage.local (utils/watchlist/status.ts), so it outlives
 * restarts and updates: a watched player seen online whose last known state was offline came
 * online, also when that happened while the browser was closed. Only the first observation of a
 * newly watched player is silent. Only a background check announces it, and only when the user
 * asked for it (Options): an answer the user fetched (a look-up, Check now) showed it already.
 */

export type Transition = 'not-watched' | 'first' | 'came-online' | 'went-offline' | 'unchanged';

export interface ObserveOptions {
  /** A background check: a player who came online is announced. */
  announce?: boolean;
  /** When the answer was fetched (a cached answer is older than now). */
  at?: number;
}

export interface WatchObserverDeps {
  now: () => number;
  /** The "came online" notification; without it nothing is announced. */
  online?: Pick<OnlineNotification, 'cameOnline' | 'wentOffline'>;
  /** The user's "notify me when a watched player comes online" (Options). */
  notifyEnabled?: () => Promise<boolean>;
  /** After a watched player's status was saved (the badge may show the watched players online). */
  onChange?: () => void;
  getWatched?: () => Promise<WatchedPlayer[]>;
}

export interface WatchObserver {
  /** Record an answer about a player (nothing happens for players not watched): what changed. */
  observe(player: Player, options?: ObserveOptions): Promise<Transition>;
  /** Watched players and the statuses that belong to them, together. */
  snapshot(): Promise<{ watched: WatchedPlayer[]; statuses: Record<string, PlayerStatus> }>;
}

function transitionOf(before: PlayerStatus | undefined, online: boolean): Transition {
  if (!before) return 'first';
  if (before.online === online) return 'unchanged';
  return online ? 'came-online' : 'went-offline';
}

export function createWatchObserver(deps: WatchObserverDeps): WatchObserver {
  const { now } = deps;
  const watchedPlayers = deps.getWatched ?? (() => getWatched());
  const notifyEnabled = deps.notifyEnabled ?? (async () => (await getSettings()).notifyWatchedOnline);

  /** Writes run one at a time: two answers arriving together must not lose one another. */
  const exclusive = createExclusive();

  async function record(player: Player, at: number): Promise<Transition> {
    const watched = await watchedPlayers();
    const uuid = player.uuid.toLowerCase();
    const entry = watched.find((candidate) => candidate.uuid === uuid);
    if (!entry) return 'not-watched';
    const keep = new Set(watched.map((candidate) => candidate.uuid));
    const statuses = await getStatuses();
    const before = currentStatus(statuses, entry);
    // Older than what is kept (two look-ups landing out of order): not news. A kept check in the
    // future is the clock turned back since, and does not hold answers off.
    if (before && at < before.checkedAt && before.checkedAt <= now()) return 'unchanged';
    const transition = transitionOf(before, player.online);
    const observed = {
      uuid,
      name: player.name,
      online: player.online,
      rankDisplay: player.rank.display,
      watchedSince: entry.addedAt,
      playtime: player.stats.playtime_ticks,
    };
    await saveStatuses(withObservation(statuses, observed, at, keep));
    return transition;
  }

  return {
    async observe(player, options = {}) {
      const transition = await exclusive(() => record(player, options.at ?? now()));
      if (transition === 'not-watched') return transition;
      deps.onChange?.();
      const uuid = player.uuid.toLowerCase();
      if (transition === 'went-offline') await deps.online?.wentOffline(uuid);
      if (transition === 'came-online' && options.announce && deps.online && (await notifyEnabled())) {
        await deps.online.cameOnline([{ uuid, name: player.name }]);
      }
      return transition;
    },
    snapshot: async () => {
      const [watched, statuses] = await Promise.all([watchedPlayers(), getStatuses()]);
      const current: Record<string, PlayerStatus> = {};
      for (const player of watched) {
        const status = currentStatus(statuses, player);
        if (status) current[player.uuid] = status;
      }
      return { watched, statuses: current };
    },
  };
}

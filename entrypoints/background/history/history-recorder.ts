import type { Player } from '@/utils/api/schemas';
import { HOUR_MS } from '@/utils/history/history-limits';
import type { HistoryWriter } from '@/utils/history/history-writer';
import type { FreshAnswer } from '../gateway/gateway';

/**
 * What the background writes into the history store (utils/history/): every online count the
 * gateway fetches, whoever asked (badge poll, popup header, scheduler), and, once a watchlist
 * says which players are watched, a snapshot of a watched player when something changed, and
 * every auction listing fetched (the Auctions tab's searches, the saved searches' checks), once
 * by id, for the deals' medians (utils/history/market.ts).
 * Nothing here asks the API: it only listens to answers (gateway.ts `onAnswer`).
 *
 * Every recorded answer is flushed at once, so a poll costs one readwrite transaction and a
 * page that opens the chart a moment later already reads it. Retention (prune-history.ts)
 * runs at most once per PRUNE_EVERY_MS, after a write, so it needs no alarm of its own.
 */

export const PRUNE_EVERY_MS = HOUR_MS;

export interface HistoryRecorderDeps {
  store: HistoryWriter;
  now?: () => number;
  /** Whether a player (by UUID) is watched; none are until a watchlist answers this. */
  isWatched?: (uuid: string) => boolean | Promise<boolean>;
  warn?: (what: string) => (error: unknown) => void;
}

export interface HistoryRecorder {
  /** Give to the gateway as `onAnswer`. */
  onAnswer(answer: FreshAnswer): void;
  /** Resolves once every write and prune started so far has settled. */
  settled(): Promise<void>;
}

/**
 * Records a watched player's answer: a snapshot only when balance, shards, kills, deaths,
 * playtime or rank changed, or when stats that "may lag" became current (player-snapshot.ts).
 * Resolves true when a snapshot was stored.
 */
export function recordWatchedPlayer(store: HistoryWriter, player: Player, time: number): Promise<boolean> {
  return store.recordPlayer(player, time);
}

const defaultWarn = (what: string) => (error: unknown) =>
  console.warn(`Network Companion: ${what} failed`, error);

export function createHistoryRecorder(deps: HistoryRecorderDeps): HistoryRecorder {
  const { store } = deps;
  const now = deps.now ?? Date.now;
  const warn = deps.warn ?? defaultWarn;
  let lastPrune = Number.NEGATIVE_INFINITY;
  let work: Promise<unknown> = Promise.resolve();
  const track = (task: Promise<unknown>, what: string) => {
    const handled = task.catch(warn(what));
    work = Promise.all([work, handled]);
  };

  function afterWrite(): void {
    const at = now();
    if (at - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = at;
    track(store.prune(at), 'pruning the history');
  }

  function writeNow(written: Promise<unknown>, what: string): void {
    track(
      store
        .flush()
        .then(() => written)
        .then(afterWrite),
      `recording ${what}`,
    );
  }

  async function recordPlayer(player: Player, time: number): Promise<void> {
    if (!deps.isWatched || !(await deps.isWatched(player.uuid))) return;
    const written = recordWatchedPlayer(store, player, time);
    await store.flush();
    await written;
    afterWrite();
  }

  return {
    onAnswer(answer) {
      // Now, not after the batch window: one transaction for this answer.
      if (answer.endpoint === 'count')
        writeNow(store.recordOnlineCount(answer.data.online, answer.fetchedAt), 'the online count');
      else if (answer.endpoint === 'auctions')
        writeNow(store.recordListings(answer.data.results, answer.fetchedAt), 'auction listings');
      else track(recordPlayer(answer.data, answer.fetchedAt), 'recording a watched player');
    },
    async settled() {
      for (;;) {
        const current = work;
        await current;
        if (current === work) return;
      }
    },
  };
}

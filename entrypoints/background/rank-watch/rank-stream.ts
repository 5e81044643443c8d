import type { LeaderboardType } from '@/utils/api/vocabulary';
import { type RankChange, rankChanges } from '@/utils/rank-watch/rank-changes';
import { nextBoard, rankWatchDemand } from '@/utils/rank-watch/rank-demand';
import {
  boardOf,
  keepReads,
  placesOf,
  RANK_BOARD_LIMIT,
  RANK_WATCH_KEY,
  type RankWatchState,
  readRankState,
} from '@/utils/rank-watch/rank-state';
import { failedCheck } from '@/utils/scheduler/entry-failures';
import { RANK_WATCH_STREAM } from '@/utils/scheduler/stream-ids';
import type { Settings } from '@/utils/settings';
import type { Gateway } from '../gateway/gateway';
import type { Stream, StreamResult } from '../scheduler/streams';

/**
 * Rank watch as a stream of the one scheduler (docs/architecture.md "Rank watch"): ONE board per
 * slot, its top 100, for the own name and every watched player at once. Which board and when is
 * utils/rank-watch/rank-demand.ts; a board whose reads keep failing rests on its own like a
 * watched player (utils/scheduler/entry-failures.ts), so the stream is told `ok` and the other
 * streams keep their turns. The state is saved before anything is announced: a change is
 * announced once, never again.
 */

export { RANK_WATCH_STREAM };

export interface RankWatchStore {
  get(key: string): Promise<unknown>;
  set(items: Record<string, unknown>): Promise<void>;
}

export interface RankStreamDeps {
  gateway: Pick<Gateway, 'leaderboard'>;
  getSettings: () => Promise<Pick<Settings, 'rankWatch' | 'ownName' | 'rankNotify' | 'rankNotifyTop'>>;
  /** The watched players' names. */
  getWatchedNames: () => Promise<string[]>;
  isConfigured: () => Promise<boolean>;
  store: RankWatchStore;
  now: () => number;
  /** Shows the changes (rank-notification.ts); only called when notifications are on. */
  announce: (changes: readonly RankChange[]) => Promise<void>;
}

async function trackedNames(deps: RankStreamDeps, ownName: string): Promise<string[]> {
  const watched = await deps.getWatchedNames();
  return ownName === '' ? watched : [ownName, ...watched];
}

export function createRankStream(deps: RankStreamDeps): Stream<typeof RANK_WATCH_STREAM> {
  const { gateway, store, now } = deps;
  const readState = async (): Promise<RankWatchState> => readRankState(await store.get(RANK_WATCH_KEY));

  async function save(state: RankWatchState): Promise<void> {
    await store.set({ [RANK_WATCH_KEY]: state });
  }

  return {
    id: RANK_WATCH_STREAM,
    async demand() {
      const settings = await deps.getSettings();
      if (!settings.rankWatch) return null;
      const tracked = await trackedNames(deps, settings.ownName);
      return rankWatchDemand({
        enabled: settings.rankWatch,
        configured: tracked.length > 0 && (await deps.isConfigured()),
        tracked: tracked.length,
        state: await readState(),
        now: now(),
      });
    },
    async run(): Promise<StreamResult> {
      const settings = await deps.getSettings();
      const tracked = await trackedNames(deps, settings.ownName);
      const state = await readState();
      const board = nextBoard(state, now());
      if (!settings.rankWatch || tracked.length === 0 || board === undefined) return { ok: true };
      const before = boardOf(state, board);
      const reply = await gateway.leaderboard(board, RANK_BOARD_LIMIT);
      const at = now();
      if (!reply.ok) {
        // Everyone's failure when the last board looked at (another one) failed at its last look.
        const lastOther = lastLookedAt(state, board);
        const failed = failedCheck(before.failure, reply.error.kind, at, lastOther?.failed ?? false);
        if (failed.failure)
          await save(withBoard(state, board, { ...before, lastReadAt: at, failure: failed.failure }));
        return failed.result;
      }
      const top = reply.data.entries.map(({ name, value }) => ({ name, value })).slice(0, RANK_BOARD_LIMIT);
      const read = { at, places: placesOf(reply.data.entries, tracked) };
      const { failure: _, ...rest } = before;
      await save(
        withBoard(state, board, { ...rest, lastReadAt: at, top, reads: keepReads(before.reads, read) }),
      );
      if (settings.rankNotify) {
        const changes = rankChanges({
          board,
          before,
          read,
          top,
          ownName: settings.ownName,
          topN: settings.rankNotifyTop,
        });
        if (changes.length > 0) await deps.announce(changes.map((change) => displayed(change, tracked)));
      }
      return { ok: true };
    },
  };
}

function withBoard(
  state: RankWatchState,
  board: LeaderboardType,
  next: RankWatchState['boards'][LeaderboardType],
): RankWatchState {
  return { boards: { ...state.boards, [board]: next } };
}

/** The board looked at last before this one, and whether that look failed. */
function lastLookedAt(state: RankWatchState, board: LeaderboardType): { failed: boolean } | undefined {
  let found: { at: number; failed: boolean } | undefined;
  for (const [other, kept] of Object.entries(state.boards)) {
    if (other === board || kept?.lastReadAt === undefined) continue;
    const failed = kept.failure !== undefined && kept.failure.triedAt >= kept.lastReadAt;
    if (found === undefined || kept.lastReadAt > found.at) found = { at: kept.lastReadAt, failed };
  }
  return found;
}

/** A change with the tracked player's name as the user wrote it (changes carry lower-case keys). */
function displayed(change: RankChange, tracked: readonly string[]): RankChange {
  if (change.kind === 'overtaken') return change;
  return { ...change, name: tracked.find((name) => name.toLowerCase() === change.name) ?? change.name };
}

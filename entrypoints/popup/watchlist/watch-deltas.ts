import { pageHistoryStore } from '@/utils/history/page-history';
import {
  DELTA_STATS,
  type DeltaWindow,
  deltaSentence,
  type PlayerDeltas,
  playerDeltas,
} from '@/utils/history/player-deltas';

/**
 * What changed for each watched player, in words, for the Watchlist tab: the history the
 * background records (entrypoints/background/history/history-recorder.ts), read by the page
 * (utils/history/page-history.ts). Loaded with the tab only.
 */

/** The stats that moved over a window, e.g. "kills:12|balance:3400"; '' when none did. */
function changeKey(deltas: PlayerDeltas, window: DeltaWindow): string {
  return DELTA_STATS.flatMap((stat) => {
    const change = deltas[window][stat];
    return change.kind === 'change' && change.delta !== 0 ? [`${stat}:${change.delta}`] : [];
  }).join('|');
}

/**
 * The week's changes ("+12 kills, +3.4k balance this week"), and the last day's before them
 * when they differ; nothing at all when nothing changed or there is not enough history yet.
 */
export function deltaLines(deltas: PlayerDeltas): string[] {
  const week = changeKey(deltas, 'week');
  const day = changeKey(deltas, 'day');
  const lines: string[] = [];
  if (day !== '' && day !== week) lines.push(deltaSentence(deltas, 'day'));
  if (week !== '') lines.push(deltaSentence(deltas, 'week'));
  return lines;
}

/** Each player's lines, by UUID as given. Reads from 0: the snapshot before a window counts. */
export async function readDeltaLines(
  uuids: readonly string[],
  now: number,
): Promise<Record<string, string[]>> {
  const store = pageHistoryStore();
  const entries = await Promise.all(
    uuids.map(async (uuid) => {
      const snapshots = await store.playerSnapshots(uuid, 0, now);
      return [uuid, deltaLines(playerDeltas(snapshots, now))] as const;
    }),
  );
  return Object.fromEntries(entries);
}

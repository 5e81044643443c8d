import { pageHistoryStore } from '@/utils/history/page-history';
import {
  DELTA_STATS,
  DELTA_WINDOWS,
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

/**
 * Opens the history database ahead of the first read (the tab calls it on mount), so the
 * opening overlaps the background's answer with the list instead of following it. Failing is
 * left to the read, which says so.
 */
export function openDeltaHistory(): void {
  pageHistoryStore()
    .withDatabase(async () => undefined)
    .catch(() => undefined);
}

/**
 * Each player's lines, by UUID as given. Reads the week and the snapshots just before it only
 * (the longest window's start: `snapshotsSince`), not the months before: at 200 players the
 * whole history is some 43,000 rows.
 */
export async function readDeltaLines(
  uuids: readonly string[],
  now: number,
): Promise<Record<string, string[]>> {
  const since = now - Math.max(...Object.values(DELTA_WINDOWS).map((window) => window.ms));
  const snapshots = await pageHistoryStore().snapshotsSince(uuids, since, now);
  return Object.fromEntries(
    uuids.map((uuid) => [uuid, deltaLines(playerDeltas(snapshots.get(uuid) ?? [], now))] as const),
  );
}

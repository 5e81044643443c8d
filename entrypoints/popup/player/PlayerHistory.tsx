import { useEffect, useState } from 'preact/hooks';
import { lazyView } from '../../../components/lazy-view';
import { pageHistoryStore } from '../../../utils/history/page-history';
import type { PlayerSnapshotRow } from '../../../utils/history/rows';

/**
 * The history of a watched player on the Player tab's card: read from the history store the
 * background records into (entrypoints/background/history/history-recorder.ts). Loaded only
 * for a watched player (PlayerWatch.tsx); the charts, and uPlot after them, only once there
 * are two snapshots to draw a line between.
 */

const PlayerStatCharts = lazyView(() =>
  import('./PlayerStatCharts').then((module) => module.PlayerStatCharts),
);

/** Fewer snapshots than this draw no line: nothing is shown. */
export const MIN_SNAPSHOTS_FOR_CHARTS = 2;

export function PlayerHistory({ uuid }: { uuid: string }) {
  const [read, setRead] = useState<{ snapshots: PlayerSnapshotRow[]; now: number } | null>(null);

  useEffect(() => {
    let live = true;
    setRead(null);
    const now = Date.now();
    // Read from 0: the snapshot before the chart's range opens its line.
    pageHistoryStore()
      .playerSnapshots(uuid, 0, now)
      .then(
        (snapshots) => live && setRead({ snapshots, now }),
        (error: unknown) => console.warn('Network Companion: could not read the player’s history', error),
      );
    return () => {
      live = false;
    };
  }, [uuid]);

  if (read === null || read.snapshots.length < MIN_SNAPSHOTS_FOR_CHARTS) return null;
  return <PlayerStatCharts snapshots={read.snapshots} now={read.now} />;
}

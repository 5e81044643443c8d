import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { RANGE_NAMES } from '@/components/chart/chart-ranges-text';
import { lazyView } from '@/components/lazy-view';
import type { PlayerSnapshotRow } from '@/utils/history/history-rows';
import { pageHistoryStore } from '@/utils/history/page-history';
import { DELTA_STATS } from '@/utils/history/player-deltas';
import { t } from '@/utils/i18n/translate';
import type { CardData } from './card-data';
import { CHARTS_RANGE, chartsCollectingSoon } from './history-charts';
import { useAfterFirstFrame } from './use-after-first-frame';
import './player-history.css';

/**
 * The history of a watched player on the Player tab's card: read from the history store the
 * background records into (entrypoints/background/history/history-recorder.ts). Loaded only
 * for a watched player (PlayerWatch.tsx); the charts once there is a snapshot (they say they
 * are collecting until the history covers enough time), uPlot only once a line is drawn.
 */

const PlayerStatCharts = lazyView(() =>
  import('./PlayerStatCharts').then((module) => module.PlayerStatCharts),
);

/** The charts' chunk, fetched with the card's data for a watched player: no "Loading…" first. */
export const preloadStatCharts = (): Promise<unknown> => PlayerStatCharts.preload();

/** With no snapshot yet (the player was never checked) there is nothing to show. */
export const MIN_SNAPSHOTS_FOR_CHARTS = 1;

export function PlayerHistory({ uuid, data }: { uuid: string; data?: CardData | undefined }) {
  // Read with the card's data (card-data.ts): drawn in the card's first commit, not read again.
  const [read, setRead] = useState<{ snapshots: PlayerSnapshotRow[]; now: number } | null>(() =>
    data?.snapshots === undefined ? null : { snapshots: data.snapshots, now: data.now },
  );
  const given = useRef(read !== null);

  useEffect(() => {
    if (given.current) {
      given.current = false;
      return;
    }
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
  return <HistorySection snapshots={read.snapshots} now={read.now} />;
}

/**
 * The region and its heading come with the card; the charts (their data, words and uPlot: the
 * longest part of the card's first commit) a frame later, in a box of their size meanwhile,
 * which says nothing (aria-busy) rather than flash "Loading…" for a few ms.
 */
function HistorySection({ snapshots, now }: { snapshots: readonly PlayerSnapshotRow[]; now: number }) {
  const drawn = useAfterFirstFrame();
  // Known now, so the waiting box is the height of what comes: lines, or the collecting text.
  // Without the charts' data, which they make after the first frame.
  const collecting = useMemo(() => chartsCollectingSoon(snapshots, now), [snapshots, now]);
  return (
    <section class="player-history" aria-labelledby="player-history-heading">
      <h3 id="player-history-heading" class="player-history__title">
        {t('popup.player.historyTitle', { range: t(RANGE_NAMES[CHARTS_RANGE]) })}
      </h3>
      {drawn ? (
        <PlayerStatCharts snapshots={snapshots} now={now} />
      ) : (
        <div
          class="player-history__waiting"
          aria-busy="true"
          data-collecting={collecting || undefined}
          style={{ '--player-history-charts': DELTA_STATS.length }}
        />
      )}
    </section>
  );
}

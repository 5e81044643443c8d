import { useEffect, useRef, useState } from 'preact/hooks';
import type { Player } from '@/utils/api/schemas';
import { pageHistoryStore } from '@/utils/history/page-history';
import { normalizeUuid } from '@/utils/history/player-snapshot';
import { t } from '@/utils/i18n/translate';
import { type ProgressBlock, progressBlocks, progressSince } from '@/utils/progress/progress-view';
import { getSettings, watchSettings } from '@/utils/settings';
import { getStatuses, statusesItem } from '@/utils/watchlist/status';
import { type CardData, snapshotsSinceOf } from '../card-data';
import './progress.css';

/**
 * A watched player's progress on their card (issue 35): this session (or the last one), today
 * and this week, from the snapshots the background records and the moment it saw the player
 * come online (their status in storage.local). The page reads both itself, as the charts do
 * (docs/architecture.md "History"), and reads again when the status or the reset hour changes:
 * a check that saw the player again wrote both.
 */

type Read = { kind: 'reading' } | { kind: 'failed' } | { kind: 'read'; blocks: ProgressBlock[] };

async function readBlocks(player: Player): Promise<ProgressBlock[]> {
  const uuid = normalizeUuid(player.uuid);
  const [settings, statuses] = await Promise.all([getSettings(), getStatuses()]);
  const now = Date.now();
  const status = statuses[uuid];
  const since = progressSince(status, settings.progressResetHour, now);
  const snapshots = (await pageHistoryStore().snapshotsSince([uuid], since, now)).get(uuid) ?? [];
  return progressBlocks({
    name: player.name,
    status,
    snapshots,
    resetHour: settings.progressResetHour,
    statsMayLag: player.stats_may_lag,
    now,
  });
}

/** The blocks from the card's data, read with the look-up; null when its history is missing. */
function blocksOf(player: Player, data: CardData | undefined): ProgressBlock[] | null {
  if (data?.snapshots === undefined) return null;
  const status = data.statuses[normalizeUuid(player.uuid)];
  const resetHour = data.settings.progressResetHour;
  return progressBlocks({
    name: player.name,
    status,
    snapshots: snapshotsSinceOf(data.snapshots, progressSince(status, resetHour, data.now), data.now),
    resetHour,
    statsMayLag: player.stats_may_lag,
    now: data.now,
  });
}

export function PlayerProgress({ player, data }: { player: Player; data?: CardData | undefined }) {
  const [read, setRead] = useState<Read>(() => {
    const blocks = blocksOf(player, data);
    return blocks === null ? { kind: 'reading' } : { kind: 'read', blocks };
  });
  // Shown from the card's data: the first read is already done.
  const given = useRef(read.kind === 'read');

  useEffect(() => {
    let live = true;
    let generation = 0;
    const load = () => {
      const mine = ++generation;
      readBlocks(player).then(
        (blocks) => live && mine === generation && setRead({ kind: 'read', blocks }),
        (error: unknown) => {
          console.warn('Network Companion: could not read the player’s progress', error);
          if (live && mine === generation) setRead({ kind: 'failed' });
        },
      );
    };
    if (given.current) given.current = false;
    else load();
    const unwatchStatus = statusesItem.watch(load);
    const unwatchSettings = watchSettings(load);
    return () => {
      live = false;
      unwatchStatus();
      unwatchSettings();
    };
  }, [player]);

  return (
    <section
      class="player-progress"
      aria-labelledby="player-progress-heading"
      aria-busy={read.kind === 'reading'}
    >
      <h3 id="player-progress-heading" class="player-progress__title">
        {t('progress.heading')}
      </h3>
      {read.kind === 'reading' && <p class="player-progress__note">{t('progress.reading')}</p>}
      {read.kind === 'failed' && (
        <p class="player-progress__note" role="alert">
          {t('progress.readFailed')}
        </p>
      )}
      {read.kind === 'read' &&
        read.blocks.map((block) => (
          <section
            key={block.id}
            class="player-progress__block"
            aria-labelledby={`player-progress-${block.id}`}
            data-block={block.id}
          >
            <h4 id={`player-progress-${block.id}`} class="player-progress__period">
              {block.title}
              {block.since !== undefined && <span class="player-progress__since"> · {block.since}</span>}
            </h4>
            <p class={block.text.compared ? 'player-progress__gains' : 'player-progress__missing'}>
              {block.text.line}
            </p>
            {block.text.notes.map((note) => (
              <p key={note} class="player-progress__note">
                {note}
              </p>
            ))}
          </section>
        ))}
    </section>
  );
}

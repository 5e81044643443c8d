import type { PlayerStat } from '../../utils/history/player-change';
import { DELTA_STATS, statDeltaText } from '../../utils/history/player-deltas';
import { t } from '../../utils/i18n/translate';
import { uiLanguage } from '../../utils/i18n/ui-language';
import { durationText } from '../../utils/progress/progress-text';

/**
 * The hover card's one progress line ("This session: +12 kills, 1 h 20 min", else "Today: …"),
 * from the ready numbers of `hover-progress` (the background counts them with the popup's rules:
 * utils/progress/hover-progress.ts); worded with the popup's own words for gains, durations and
 * stats that may lag. Nothing to say: no line, no empty heading.
 */
export interface HoverProgressView {
  period: 'session' | 'today';
  changes: { stat: PlayerStat; delta: number }[];
  sessionMs?: number;
  mayLag: boolean;
}

const STATS = new Set<unknown>(DELTA_STATS);

/** The reply checked by hand (no zod in the card's script); anything else is no line. */
export function parseHoverProgress(raw: unknown): HoverProgressView | undefined {
  const progress = (raw as { progress?: Partial<HoverProgressView> } | null)?.progress;
  if (typeof progress !== 'object' || progress === null) return undefined;
  const { period, changes, sessionMs, mayLag } = progress;
  if ((period !== 'session' && period !== 'today') || !Array.isArray(changes) || typeof mayLag !== 'boolean')
    return undefined;
  if (!changes.every((change) => STATS.has(change?.stat) && Number.isFinite(change?.delta))) return undefined;
  if (period === 'session' && !Number.isFinite(sessionMs)) return undefined;
  return period === 'session' ? { period, changes, sessionMs, mayLag } : { period, changes, mayLag };
}

export function hoverProgressText(progress: HoverProgressView): string {
  const gains =
    progress.changes.length === 0
      ? t('progress.noChange')
      : new Intl.ListFormat(uiLanguage(), { type: 'unit', style: 'short' }).format(
          progress.changes.map(({ stat, delta }) => statDeltaText(stat, delta)),
        );
  return progress.period === 'session'
    ? t('hoverProgress.session', { gains, duration: durationText(progress.sessionMs ?? 0) })
    : t('hoverProgress.today', { gains });
}

export function HoverProgressLine({
  progress,
  name,
  statsMayLag,
}: {
  progress: HoverProgressView | undefined;
  name: string;
  statsMayLag: boolean;
}) {
  if (progress === undefined) return null;
  return (
    <p class="hover-card__progress">
      {hoverProgressText(progress)}
      {(progress.mayLag || statsMayLag) && <span> {t('progress.mayLag', { name })}</span>}
    </p>
  );
}

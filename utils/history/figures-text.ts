import { type PlainKey, t } from '../i18n/translate';
import type { SeriesSummary } from './chart-data';

/** The messages that put a chart's lowest, highest and latest value in words ({min} {max} {latest} {time}). */
export type FiguresKey = 'card.chart.summary' | 'common.history.figures';

/** What a chart says of its values: `none` when it has none, else `figures`. */
export interface FiguresWords {
  none: PlainKey;
  figures: FiguresKey;
}

/** "Lowest 120, highest 480, latest 310 at 14:05.", with the view's own words. */
export function figuresText(
  summary: SeriesSummary | null,
  words: FiguresWords,
  formatValue: (value: number) => string,
  formatTime: (time: number) => string,
): string {
  if (!summary) return t(words.none);
  return t(words.figures, {
    min: formatValue(summary.min),
    max: formatValue(summary.max),
    latest: formatValue(summary.latest),
    time: formatTime(summary.latestTime),
  });
}

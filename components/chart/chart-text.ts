import type { SeriesSummary } from '../../utils/history/chart-data';
import { figuresText } from '../../utils/history/figures-text';
import type { Gap } from '../../utils/history/gaps';
import { plural, t } from '../../utils/i18n/translate';

/** Beyond this many gaps the note names the most recent ones and counts the rest. */
export const MAX_GAPS_NAMED = 3;

/** "Lowest 120, highest 480, latest 310 at 14:05." for a chart's visible and spoken summary. */
export function summarySentence(
  summary: SeriesSummary | null,
  formatValue: (value: number) => string,
  formatTime: (time: number) => string,
): string {
  return figuresText(
    summary,
    { none: 'card.chart.noValues', figures: 'card.chart.summary' },
    formatValue,
    formatTime,
  );
}

function listed(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return t('card.chart.listLast', { head: parts.slice(0, -1).join(', '), last: parts.at(-1) ?? '' });
}

/** "No data from 14:00 to 18:30." (empty when there are no gaps): why the line breaks. */
export function gapsNote(gaps: readonly Gap[], formatTime: (time: number) => string): string {
  if (gaps.length === 0) return '';
  const named = gaps
    .slice(-MAX_GAPS_NAMED)
    .map((gap) => t('card.chart.gapSpan', { from: formatTime(gap.from), to: formatTime(gap.to) }));
  const earlier = gaps.length - named.length;
  const more = earlier === 0 ? [] : [plural('card.chart.earlierGaps', earlier)];
  return t('card.chart.noData', { spans: listed([...named, ...more]) });
}

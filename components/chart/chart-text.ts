import type { SeriesSummary } from '../../utils/history/chart-data';
import type { Gap } from '../../utils/history/gaps';

/** Beyond this many gaps the note names the most recent ones and counts the rest. */
export const MAX_GAPS_NAMED = 3;

/** "Lowest 120, highest 480, latest 310 at 14:05." for a chart's visible and spoken summary. */
export function summarySentence(
  summary: SeriesSummary | null,
  formatValue: (value: number) => string,
  formatTime: (time: number) => string,
): string {
  if (!summary) return 'No values in this range.';
  return `Lowest ${formatValue(summary.min)}, highest ${formatValue(summary.max)}, latest ${formatValue(summary.latest)} at ${formatTime(summary.latestTime)}.`;
}

function listed(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** "No data from 14:00 to 18:30." (empty when there are no gaps): why the line breaks. */
export function gapsNote(gaps: readonly Gap[], formatTime: (time: number) => string): string {
  if (gaps.length === 0) return '';
  const named = gaps
    .slice(-MAX_GAPS_NAMED)
    .map((gap) => `from ${formatTime(gap.from)} to ${formatTime(gap.to)}`);
  const earlier = gaps.length - named.length;
  const more = earlier === 0 ? [] : [`${earlier} earlier ${earlier === 1 ? 'time' : 'times'}`];
  return `No data ${listed([...named, ...more])}.`;
}

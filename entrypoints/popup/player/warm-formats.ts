import { TICKS_PER_HOUR } from '@/utils/api/vocabulary';
import { formatCompact, formatKd, formatNumber, formatPlaytime } from '@/utils/format';
import { HOUR_MS, MINUTE_MS } from '@/utils/history/history-limits';
import { statDeltaText } from '@/utils/history/player-deltas';
import { dayStart } from '@/utils/progress/periods';
import { durationText, listOf, momentText } from '@/utils/progress/progress-text';
import { warmGoalFormats } from './goals/PlayerGoals';

/**
 * Makes the formatters the player card's one commit uses (issue 35, "one frame"), into the same
 * caches the card then reads: the first Intl.NumberFormat, DateTimeFormat or ListFormat of a kind
 * in a page loads its language's data, about a millisecond each in the bench's traces of a fresh
 * popup, and the card's commit made seven. Called as the tab waits for its first look-up
 * (lazy-sections.ts), in an idle moment, so the card's frame does not pay them.
 */
export function warmCardFormats(now = Date.now()): void {
  formatNumber(1234.5);
  formatNumber(1234);
  formatKd(3, 2);
  formatCompact(12_345);
  // Each of playtime's forms: under 10 h, whole hours, and hours with days.
  for (const hours of [1, 12, 100]) formatPlaytime(hours * TICKS_PER_HOUR);
  statDeltaText('kills', 2);
  statDeltaText('playtimeHours', 1.5);
  durationText(HOUR_MS + MINUTE_MS);
  // The three forms of a moment: today, earlier this week, before.
  for (const time of [now, dayStart(now, 0) - 1, 0]) momentText(time, now);
  listOf(['+1', '+2']);
  warmGoalFormats();
}

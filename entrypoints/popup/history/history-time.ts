import type { ChartRangeName } from '@/utils/history/chart-ranges';
import { uiLanguage } from '@/utils/i18n/ui-language';

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
const DAY_AND_TIME: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

/** "14:05" within the last day; "Jun 3, 14:05" for the longer ranges; in the UI language. */
export function historyTimeFormatter(range: ChartRangeName): (time: number) => string {
  const format = new Intl.DateTimeFormat(uiLanguage(), range === '24h' ? TIME : DAY_AND_TIME);
  return (time) => format.format(time);
}

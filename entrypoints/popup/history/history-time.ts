import type { ChartRangeName } from '../../../utils/history/chart-ranges';

const TIME = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const DAY_AND_TIME = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** "14:05" within the last day; "Jun 3, 14:05" for the longer ranges. */
export function historyTimeFormatter(range: ChartRangeName): (time: number) => string {
  const format = range === '24h' ? TIME : DAY_AND_TIME;
  return (time) => format.format(time);
}

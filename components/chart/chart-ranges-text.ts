import type { ChartRangeName } from '../../utils/history/chart-ranges';
import type { MessageKey } from '../../utils/i18n/translate';

/** What each chart range is called in a chart's name ("last 24 hours"). */
export const RANGE_NAMES = {
  '24h': 'card.chart.rangeDay',
  '7d': 'card.chart.rangeWeek',
  '30d': 'card.chart.rangeMonth',
} as const satisfies Record<ChartRangeName, MessageKey>;

/** The range buttons' short text ("24 h"). */
export const RANGE_SHORT_NAMES = {
  '24h': 'card.chart.shortDay',
  '7d': 'card.chart.shortWeek',
  '30d': 'card.chart.shortMonth',
} as const satisfies Record<ChartRangeName, MessageKey>;

import { t } from '../i18n/translate';
import { DAY_MS } from './history-limits';

/**
 * The ranges a history chart offers, by name: how far back each reaches and what to call it
 * ("last 24 hours", in the UI language: `label` is read from the catalogue each time).
 */
export const CHART_RANGES = {
  '24h': {
    ms: DAY_MS,
    get label() {
      return t('common.ranges.last24h');
    },
  },
  '7d': {
    ms: 7 * DAY_MS,
    get label() {
      return t('common.ranges.last7d');
    },
  },
  '30d': {
    ms: 30 * DAY_MS,
    get label() {
      return t('common.ranges.last30d');
    },
  },
} as const;

export type ChartRangeName = keyof typeof CHART_RANGES;
export const CHART_RANGE_NAMES = Object.keys(CHART_RANGES) as ChartRangeName[];

export interface TimeRange {
  from: number;
  to: number;
}

/** The range `name` ending at `now`. */
export function chartRange(name: ChartRangeName, now: number): TimeRange {
  return { from: now - CHART_RANGES[name].ms, to: now };
}

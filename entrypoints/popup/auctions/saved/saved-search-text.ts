import { RANGE_NAMES } from '@/components/chart/chart-ranges-text';
import { formatNumber, formatRelativeTime } from '@/utils/format';
import type { ChartRangeName } from '@/utils/history/chart-ranges';
import { plural, t } from '@/utils/i18n/translate';
import type { LastCheck, SavedSearchView } from '@/utils/saved-searches/saved-search';
import { sellerWatchLabel } from '@/utils/seller-watch/seller-text';
import { SORT_NAMES } from '../sort-names';

/** The words the Saved searches list uses, kept out of the components so they can be tested. */

/** "diamond (Cheapest)": the search as the user typed it, and its sort. */
export function searchTitle(search: Pick<SavedSearchView, 'text' | 'sort' | 'seller'>): string {
  if (search.seller !== undefined) return sellerWatchLabel(search.seller);
  return t('popup.saved.title', { text: search.text, sort: t(SORT_NAMES[search.sort]) });
}

/**
 * "Lowest 10 each · 12 listings · checked 3 min ago", or what to do before there is one. When more
 * listings match than one check reads, the lowest is said of those it read: "among the 200 newest".
 */
export function lastCheckText(last: LastCheck | null, now: number): string {
  if (last === null) return t('popup.saved.notChecked');
  const when = formatRelativeTime(last.at, now);
  if (last.lowest === null) return t('popup.saved.noListings', { when });
  const figures = {
    price: formatNumber(last.lowest),
    listings: plural('popup.saved.listings', last.listings),
    when,
  };
  if (last.covered !== undefined && last.covered < last.listings)
    return t('popup.saved.lastCheckNewest', { ...figures, covered: formatNumber(last.covered) });
  return t('popup.saved.lastCheck', figures);
}

/** The chart's name: it names the search and the range. */
export function chartLabel(text: string, range: ChartRangeName): string {
  return t('popup.saved.chartLabel', { text, range: t(RANGE_NAMES[range]) });
}

/** A file name for a search's CSV export: its text made safe, and the day. */
export function csvFileName(text: string, now: number): string {
  const slug =
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'search';
  return `price-history-${slug}-${new Date(now).toISOString().slice(0, 10)}.csv`;
}

/** The Alert below field's value as a price, null for empty, undefined when it is not a usable price. */
export function parseAlertInput(value: string): number | null | undefined {
  const text = value.trim();
  if (text === '') return null;
  const price = Number(text);
  return Number.isFinite(price) && price > 0 ? price : undefined;
}

import { stripColourCodes } from '@/utils/colour-codes';
import { itemName } from '@/utils/format';
import type { SeriesSummary } from '@/utils/history/chart-data';
import type { PricedItem } from '@/utils/history/item-history';
import { t } from '@/utils/i18n/translate';

/**
 * An item as the picker and the summary name it: its shown name (colour codes stripped), and
 * its kind when renamed. Text from the API: only ever put into text, never markup.
 */
export function pricedItemName(item: Pick<PricedItem, 'material' | 'name'>): string {
  const kind = itemName(item.material);
  const name = stripColourCodes(item.name).trim();
  return name === '' || name === kind ? kind || name : `${name} (${kind})`;
}

/** "from 2 to 10.7", or "3" when it did not move. */
function span(summary: SeriesSummary, format: (value: number) => string): string {
  return summary.min === summary.max
    ? format(summary.min)
    : t('popup.saved.between', { min: format(summary.min), max: format(summary.max) });
}

/**
 * The price chart in words: "Diamond: lowest price from 2 to 10.7 each (now 3), median from
 * 8 to 12 (now 9), last checked 14:05." (a saved search's checks), or "… lowest asking price
 * …, last seen 14:05." (`seen`: the listings recorded, item-history/).
 */
export function priceFiguresText(
  item: string,
  lowest: SeriesSummary | null,
  median: SeriesSummary | null,
  formatValue: (value: number) => string,
  formatTime: (time: number) => string,
  seen = false,
): string {
  // Both come from the same listings: a median without a lowest price cannot happen.
  if (!lowest || !median) return t('popup.saved.noPrices', { item });
  const figures = {
    item,
    lowest: span(lowest, formatValue),
    lowestNow: formatValue(lowest.latest),
    median: span(median, formatValue),
    medianNow: formatValue(median.latest),
    time: formatTime(Math.max(lowest.latestTime, median.latestTime)),
  };
  return seen ? t('itemHistory.figures', figures) : t('popup.saved.priceFigures', figures);
}

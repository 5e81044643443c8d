import { plural, t } from '../i18n/translate';
import { uiLanguage } from '../i18n/ui-language';
import type { HistorySize } from './history-size';
import { STORES } from './schema';

function bytesIn(unit: 'byte' | 'kilobyte' | 'megabyte', value: number, fraction: number): string {
  return new Intl.NumberFormat(uiLanguage(), {
    style: 'unit',
    unit,
    // "900 bytes" but "12 kB" (en): Intl's words for the UI language.
    unitDisplay: unit === 'byte' ? 'long' : 'short',
    minimumFractionDigits: fraction,
    maximumFractionDigits: fraction,
  }).format(value);
}

/** 900 → "900 bytes", 12_345 → "12 kB", 1_234_567 → "1.2 MB" (decimal units, as browsers show storage). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return bytesIn('byte', Math.round(bytes), 0);
  if (bytes < 1_000_000) return bytesIn('kilobyte', Math.round(bytes / 1000), 0);
  return bytesIn('megabyte', bytes / 1_000_000, 1);
}

/** The Options page's figure: "About 1.2 MB: 43,200 online counts, 3 player snapshots, 0 price points, 0 listings seen." */
export function historySizeText(size: HistorySize): string {
  const counts = size.rows[STORES.onlineCounts];
  const players = size.rows[STORES.playerSnapshots];
  const prices = size.rows[STORES.pricePoints];
  const listings = size.rows[STORES.listings];
  if (counts + players + prices + listings === 0) return t('common.history.sizeEmpty');
  return t('common.history.size', {
    size: formatBytes(size.approxBytes),
    counts: plural('common.history.onlineCounts', counts),
    players: plural('common.history.playerSnapshots', players),
    prices: plural('common.history.pricePoints', prices),
    listings: plural('common.history.listingsSeen', listings),
  });
}

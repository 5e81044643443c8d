import { formatNumber } from '../format';
import type { HistorySize } from './history-size';
import { STORES } from './schema';

/** 900 → "900 bytes", 12_345 → "12 kB", 1_234_567 → "1.2 MB" (decimal units, as browsers show storage). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${Math.round(bytes)} bytes`;
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

const plural = (count: number, one: string, many: string) =>
  `${formatNumber(count)} ${count === 1 ? one : many}`;

/** The Options page's figure: "About 1.2 MB: 43,200 online counts, 3 player snapshots, 0 price points." */
export function historySizeText(size: HistorySize): string {
  const counts = size.rows[STORES.onlineCounts];
  const players = size.rows[STORES.playerSnapshots];
  const prices = size.rows[STORES.pricePoints];
  if (counts + players + prices === 0) return 'No history stored yet.';
  return `About ${formatBytes(size.approxBytes)}: ${plural(counts, 'online count', 'online counts')}, ${plural(players, 'player snapshot', 'player snapshots')}, ${plural(prices, 'price point', 'price points')}.`;
}

/** Text helpers shared by the demo data and the search: item names, prices. */

/** `DIAMOND_SWORD` → `Diamond Sword`. */
export function readableItemName(material: string): string {
  return material
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

const UNITS = [
  { size: 1e3, suffix: 'k' },
  { size: 1e6, suffix: 'M' },
  { size: 1e9, suffix: 'B' },
  { size: 1e12, suffix: 'T' },
] as const;

function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/**
 * The demo's price abbreviation (the spec does not show the real rules): below 1000 the
 * number itself with at most two decimals (`12.5`, `999`); above, one decimal and a unit,
 * trailing `.0` dropped (`1.2k`, `3.5M`, `1B`, `2.4T`).
 */
export function formatPrice(price: number): string {
  const abs = Math.abs(price);
  if (Math.round(abs * 100) / 100 < 1000) return trimZeros(price.toFixed(2));
  for (const unit of UNITS) {
    const scaled = Math.round((abs / unit.size) * 10) / 10;
    if (scaled < 1000 || unit.suffix === 'T') {
      return `${price < 0 ? '-' : ''}${trimZeros(scaled.toFixed(1))}${unit.suffix}`;
    }
  }
  return String(price);
}

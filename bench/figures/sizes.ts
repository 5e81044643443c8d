/**
 * Sizes: gzip -9 of what each entry point loads (bench/lib/sizes.ts). The content script has
 * a budget (15 kB); the others are reported. The card UI the background injects on the first
 * hover (`hover-card.js`) is reported on its own: pages that are never hovered never load it.
 */
import type { Measured } from '../lib/figures';
import { type EntrySize, entrySize } from '../lib/sizes';
import { round } from '../lib/stats';

interface Entry {
  id: string;
  label: string;
  roots: string[];
  budgetKb?: number;
}

const ENTRIES: readonly Entry[] = [
  {
    id: 'size-content-script',
    label: 'Content script size (content-scripts/forum.js)',
    roots: ['content-scripts/forum.js'],
    budgetKb: 15,
  },
  {
    id: 'size-hover-card',
    label: 'Card UI, injected on first hover (hover-card.js)',
    roots: ['hover-card.js'],
  },
  { id: 'size-popup', label: 'Popup size (popup.html: scripts + CSS)', roots: ['popup.html'] },
  { id: 'size-options', label: 'Options size (options.html: scripts + CSS)', roots: ['options.html'] },
  { id: 'size-background', label: 'Background size (background.js)', roots: ['background.js'] },
];

function describe(size: EntrySize): string {
  return size.files
    .map(
      (file) =>
        `${file.file} ${(file.gzipBytes / 1000).toFixed(2)} kB (${(file.bytes / 1000).toFixed(1)} kB raw)`,
    )
    .join(', ');
}

export function measureSizes(buildDir: string): Measured[] {
  return ENTRIES.map((entry) => {
    const size = entrySize(buildDir, entry.roots);
    return {
      id: entry.id,
      label: entry.label,
      value: round(size.gzipBytes / 1000, 2),
      unit: 'kB',
      ...(entry.budgetKb === undefined ? {} : { budget: { op: '<=' as const, limit: entry.budgetKb } }),
      note: `gzip -9 per file, summed (1 kB = 1000 B): ${describe(size)}`,
    };
  });
}

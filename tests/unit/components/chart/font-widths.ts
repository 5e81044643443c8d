import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { TextWidth } from '@/components/chart/ticks';

/**
 * The charts' font as Chromium measures it (axis-font-widths.json, made by
 * scripts/chart-font/widths.ts): a label's width is its characters' advances summed, plus the
 * most any real label measured wider whole. A character not in the table throws, so a test
 * never measures a label it cannot.
 */
const TableSchema = z.object({
  font: z.string(),
  maxKerningExcess: z.number().min(0),
  widths: z.record(z.string(), z.number().min(0)),
});

export const FONT_TABLE = TableSchema.parse(
  JSON.parse(readFileSync(resolve(import.meta.dirname, 'axis-font-widths.json'), 'utf8')),
);

export const fontWidth: TextWidth = (text) => {
  let width = FONT_TABLE.maxKerningExcess;
  for (const character of text) {
    const advance = FONT_TABLE.widths[character];
    if (advance === undefined) throw new Error(`No width for U+${character.codePointAt(0)?.toString(16)}`);
    width += advance;
  }
  return width;
};

/**
 * What each part of a minified bundle costs, gzipped: its source map says which source wrote
 * each stretch of the output, and a part's share is what the file would lose, gzip -9, without
 * its stretches. Shares do not add up to the file's size exactly: gzip finds repeats across parts.
 */
import { SourceMapConsumer } from 'source-map-js';
import { gzipSize } from './sizes';

/** CSS strings and the bundler's own glue have no source in the map. */
export const UNMAPPED = '(CSS strings, bundler glue)';

/**
 * The part a source belongs to: a package by its name (`preact`, `@wxt-dev/i18n`), a file of
 * ours by its feature folder (`entrypoints/background/scheduler`, `utils/api`), or by itself
 * when it sits in a top folder (`utils/format.ts`).
 */
export function partOf(source: string | null): string {
  if (!source) return UNMAPPED;
  const clean = source.replace(/\\/g, '/').replace(/^(\.\.\/)+/, '');
  const inPackage = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(clean);
  if (inPackage?.[1]) return inPackage[1];
  const folders = clean.split('/').slice(0, -1);
  // A file of a top folder (utils/format.ts, components/PlayerCard.tsx) is a part of its own;
  // entrypoints/<entry>/<feature> and utils/<feature> name a feature, deeper folders roll up.
  if (folders.length <= 1) return clean;
  return folders.slice(0, folders[0] === 'entrypoints' ? 3 : 2).join('/');
}

/** A stretch of the output and the part that wrote it. */
export interface Segment {
  part: string;
  text: string;
}

/** The bundle cut into stretches, in output order, each with the part that wrote it. */
export function segmentsOf(code: string, rawMap: string): Segment[] {
  const consumer = new SourceMapConsumer(JSON.parse(rawMap));
  const mappings: { line: number; column: number; source: string | null }[] = [];
  consumer.eachMapping((m) => {
    mappings.push({ line: m.generatedLine, column: m.generatedColumn, source: m.source });
  });
  mappings.sort((a, b) => a.line - b.line || a.column - b.column);
  const lines = code.split('\n');
  const segments: Segment[] = [];
  // Output before the first mapping of a line, and lines without one, belong to no source.
  let line = 1;
  let column = 0;
  const cut = (part: string, toLine: number, toColumn: number) => {
    while (line < toLine) {
      segments.push({ part, text: `${(lines[line - 1] ?? '').slice(column)}\n` });
      line += 1;
      column = 0;
      part = UNMAPPED;
    }
    if (toColumn > column) segments.push({ part, text: (lines[line - 1] ?? '').slice(column, toColumn) });
    column = Math.max(column, toColumn);
  };
  let current = UNMAPPED;
  for (const mapping of mappings) {
    cut(current, mapping.line, mapping.column);
    current = partOf(mapping.source);
  }
  cut(current, lines.length, (lines[lines.length - 1] ?? '').length);
  return segments;
}

export interface PartShare {
  part: string;
  /** Bytes of minified output the part wrote. */
  bytes: number;
  /** What the file would lose, gzip -9, without the part. */
  gzipShare: number;
}

/** Every part's share of one bundle, largest first. */
export function sizeShares(code: string, rawMap: string): PartShare[] {
  const segments = segmentsOf(code, rawMap);
  const whole = gzipSize(Buffer.from(code));
  const parts = [...new Set(segments.map((segment) => segment.part))];
  return parts
    .map((part) => {
      let bytes = 0;
      let rest = '';
      for (const segment of segments) {
        if (segment.part === part) bytes += Buffer.byteLength(segment.text);
        else rest += segment.text;
      }
      return { part, bytes, gzipShare: whole - gzipSize(Buffer.from(rest)) };
    })
    .sort((a, b) => b.gzipShare - a.gzipShare);
}

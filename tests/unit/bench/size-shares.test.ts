// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { SourceMapGenerator } from 'source-map-js';
import { describe, expect, it } from 'vitest';
import { partOf, segmentsOf, sizeShares, UNMAPPED } from '@/bench/lib/size-shares';

/** A two-line bundle: glue, then stretches written by the given sources, as a bundler maps them. */
function bundle(stretches: { source: string; text: string }[]) {
  const map = new SourceMapGenerator({ file: 'out.js' });
  let code = '(function(){';
  for (const [index, stretch] of stretches.entries()) {
    if (index === 1) code += '\n';
    const lines = code.split('\n');
    map.addMapping({
      generated: { line: lines.length, column: (lines.at(-1) ?? '').length },
      original: { line: 1, column: 0 },
      source: stretch.source,
    });
    code += stretch.text;
  }
  return { code, map: map.toString() };
}

describe('partOf', () => {
  it('names a package, a feature folder, or a file of a top folder', () => {
    expect(partOf('../../node_modules/preact/dist/preact.mjs')).toBe('preact');
    expect(partOf('../node_modules/@wxt-dev/i18n/dist/index.mjs')).toBe('@wxt-dev/i18n');
    expect(partOf('../../node_modules/zod/v4/core/schemas.js')).toBe('zod');
    expect(partOf('../../entrypoints/background/scheduler/plan.ts')).toBe('entrypoints/background/scheduler');
    expect(partOf('../../entrypoints/hover-card/card-host.ts')).toBe('entrypoints/hover-card');
    expect(partOf('../../utils/history/deep/x.ts')).toBe('utils/history');
    expect(partOf('../../utils/format.ts')).toBe('utils/format.ts');
    expect(partOf(null)).toBe(UNMAPPED);
  });
});

describe('segmentsOf', () => {
  it('cuts the whole output, in order, and gives each stretch to the source that wrote it', () => {
    const { code, map } = bundle([
      { source: '../../node_modules/preact/dist/preact.mjs', text: 'var h=1;' },
      { source: '../../utils/format.ts', text: 'var f=2;' },
      { source: '../../node_modules/preact/hooks/dist/hooks.mjs', text: 'var u=3;})()' },
    ]);
    const segments = segmentsOf(code, map);
    expect(segments.map((segment) => segment.text).join('')).toBe(code);
    expect(segments).toEqual([
      { part: UNMAPPED, text: '(function(){' },
      { part: 'preact', text: 'var h=1;\n' },
      { part: 'utils/format.ts', text: 'var f=2;' },
      { part: 'preact', text: 'var u=3;})()' },
    ]);
  });
});

describe('sizeShares', () => {
  it('gives the part that wrote the incompressible text the larger share, largest first', () => {
    const noise = randomBytes(600).toString('base64');
    const { code, map } = bundle([
      { source: '../../node_modules/zod/v4/core/schemas.js', text: `var z="${noise}";` },
      { source: '../../utils/format.ts', text: `var f="${'a'.repeat(800)}";` },
    ]);
    const shares = sizeShares(code, map);
    expect(shares.map((share) => share.part)).toEqual(['zod', 'utils/format.ts', UNMAPPED]);
    const [zod, format] = shares;
    // `var z="…";` and the line break after the first stretch.
    expect(zod?.bytes).toBe(noise.length + 10);
    expect(zod?.gzipShare).toBeGreaterThan(600);
    expect(format?.gzipShare).toBeLessThan(100);
  });
});

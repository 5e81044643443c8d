/**
 * `npm run bench:shares`: what each part of every budgeted bundle costs, gzip -9, so a budget
 * that is close can be met by the parts that weigh (bench/README.md, "What each kilobyte buys").
 * Builds the Chrome e2e build with source maps into .output-shares (the bundles are the same as
 * without: the maps are not referenced) and prints, per budgeted entry, its parts largest first:
 * a package by name, our files by feature folder. A part's share is what the file would lose
 * without it; entries of several files add their files' shares up.
 *
 * Environment: OUT_DIR (default .output-shares), BENCH_SKIP_BUILD=1 (read the build already
 * there, built with SOURCE_MAPS=1), TOP (rows per entry, default 12).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SIZE_ENTRIES } from './figures/sizes';
import { buildExtension, extensionDir } from './lib/extension';
import { type PartShare, sizeShares } from './lib/size-shares';
import { entrySize, isScript } from './lib/sizes';

const OUT_DIR = process.env.OUT_DIR || '.output-shares';
const TOP = Number(process.env.TOP) || 12;

/** Every part's share in the entry's scripts, added up over its files. */
function entryShares(buildDir: string, roots: readonly string[]): { gzipBytes: number; shares: PartShare[] } {
  const scripts = entrySize(buildDir, roots).files.filter((file) => isScript(file.file));
  const byPart = new Map<string, PartShare>();
  for (const script of scripts) {
    const file = path.join(buildDir, script.file);
    if (!existsSync(`${file}.map`))
      throw new Error(`No source map for ${script.file}: build with SOURCE_MAPS=1`);
    for (const share of sizeShares(readFileSync(file, 'utf8'), readFileSync(`${file}.map`, 'utf8'))) {
      const sum = byPart.get(share.part) ?? { part: share.part, bytes: 0, gzipShare: 0 };
      byPart.set(share.part, {
        ...sum,
        bytes: sum.bytes + share.bytes,
        gzipShare: sum.gzipShare + share.gzipShare,
      });
    }
  }
  const shares = [...byPart.values()].sort((a, b) => b.gzipShare - a.gzipShare);
  return { gzipBytes: scripts.reduce((sum, file) => sum + file.gzipBytes, 0), shares };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`;

if (process.env.BENCH_SKIP_BUILD !== '1') buildExtension(OUT_DIR, { SOURCE_MAPS: '1' });
const buildDir = extensionDir(OUT_DIR);
for (const entry of SIZE_ENTRIES.filter((candidate) => candidate.budgetKb !== undefined)) {
  const { gzipBytes, shares } = entryShares(buildDir, entry.roots);
  console.log(`\n${entry.label}: ${kB(gzipBytes)} of JavaScript (budget ${entry.budgetKb} kB)`);
  for (const share of shares.slice(0, TOP)) {
    console.log(`  ${kB(share.gzipShare).padStart(9)}  ${share.part}  (${kB(share.bytes)} minified)`);
  }
  const rest = shares.slice(TOP);
  if (rest.length > 0) {
    const restShare = rest.reduce((sum, share) => sum + share.gzipShare, 0);
    console.log(`  ${kB(restShare).padStart(9)}  ${rest.length} more parts`);
  }
}

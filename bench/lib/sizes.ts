/**
 * What each entry point makes the browser load, and its size gzipped (-9): an HTML page's
 * scripts, module preloads and stylesheets; a script's static imports, followed to the end.
 * Each file is gzipped on its own (they are separate files in the package and in the
 * browser's cache) and the sizes are added up.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface FileSize {
  /** Relative to the build folder, with `/`. */
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface EntrySize {
  files: FileSize[];
  bytes: number;
  gzipBytes: number;
}

/** `src` of `<script>` and `href` of stylesheet and module-preload `<link>`s, in document order. */
export function htmlAssets(html: string): string[] {
  const assets: string[] = [];
  const tag = /<(script|link)\b([^>]*)>/gi;
  for (const match of html.matchAll(tag)) {
    const [, name = '', attributes = ''] = match;
    const attribute = (key: string) =>
      new RegExp(`\\b${key}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i')
        .exec(attributes)
        ?.slice(1)
        .find((value) => value !== undefined);
    if (name.toLowerCase() === 'script') {
      const src = attribute('src');
      if (src) assets.push(src);
      continue;
    }
    const rel = (attribute('rel') ?? '').toLowerCase().split(/\s+/);
    const href = attribute('href');
    if (href && (rel.includes('stylesheet') || rel.includes('modulepreload'))) assets.push(href);
  }
  return assets;
}

/**
 * The modules a (minified) ES module imports statically: `import … from "x"`,
 * `import "x"` and `export … from "x"`. Dynamic `import()` is left out: it loads later, if at all.
 */
export function staticImports(code: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'`]([^"'`]+)["'`]/g,
    /\bexport\s*(?:\*|\{[^}]*\})\s*from\s*["'`]([^"'`]+)["'`]/g,
  ];
  for (const pattern of patterns) {
    for (const match of code.matchAll(pattern)) {
      const specifier = match[1];
      if (specifier !== undefined) found.add(specifier);
    }
  }
  return [...found];
}

/** `asset` as a path relative to the build root: `/chunks/a.js` is from the root, `./a.js` from `from`. */
export function resolveAsset(asset: string, from: string): string {
  const clean = asset.split(/[?#]/)[0] ?? asset;
  const joined = clean.startsWith('/') ? clean : path.posix.join(path.posix.dirname(from), clean);
  return path.posix.normalize(joined).replace(/^\/+/, '');
}

/** A script file (`.js`, `.mjs`), as opposed to the HTML and CSS an entry loads. */
export function isScript(file: string): boolean {
  return /\.m?js$/.test(file);
}

export function gzipSize(content: Buffer): number {
  return gzipSync(content, { level: 9 }).length;
}

/**
 * Every file an entry loads, starting from `roots` (paths relative to `buildDir`): HTML pages
 * are read for their assets, scripts for their static imports.
 */
export function entrySize(buildDir: string, roots: readonly string[]): EntrySize {
  const seen = new Set<string>();
  const files: FileSize[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const content = readFileSync(path.join(buildDir, file));
    if (file.endsWith('.html')) {
      for (const asset of htmlAssets(content.toString('utf8'))) visit(resolveAsset(asset, file));
      return;
    }
    files.push({ file, bytes: content.length, gzipBytes: gzipSize(content) });
    if (isScript(file)) {
      for (const specifier of staticImports(content.toString('utf8'))) {
        if (specifier.startsWith('.') || specifier.startsWith('/')) visit(resolveAsset(specifier, file));
      }
    }
  };
  for (const root of roots) visit(root);
  return {
    files,
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
  };
}

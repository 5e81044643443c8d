/**
 * The baseline of the popup's first paint (bench/figures/popup-fcp.ts): a page that loads the
 * popup's own stylesheets, module preloads and scripts, placed after a paragraph of text as
 * build/first-paint.ts places them, with the app's mount left out. Both sides then pay the same
 * fetch, parse and compile of the same bytes (on a busy core that cost moves a first paint by a
 * frame), and what is left between them is the popup itself: its HTML, and where its tags sit.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const POPUP_TWIN_PAGE = 'bench-popup-twin.html';
/**
 * The User Timing mark the twin's entry sets once every module the popup evaluates has run:
 * popup-ready's baseline (bench/figures/popup-ready.ts), as a first paint may come before them.
 */
export const TWIN_MODULES_MARK = 'bench-twin-modules';
/** Beside the popup's chunks, so the entry's relative imports resolve to the same files. */
const TWIN_ENTRY = 'chunks/bench-popup-twin.js';

/** The stylesheet, module preload and module script tags of a built page, in page order. */
const ASSET_TAG = /<(?:script type="module"[^>]*><\/script>|link rel="(?:modulepreload|stylesheet)"[^>]*>)/g;
const ENTRY_SRC = /<script type="module"[^>]*\ssrc="([^"]+)"/;
/** An `import … from "x"` or `import "x"` statement of a minified chunk. */
const IMPORT = /\bimport\s*(?:[^'";()]*?from)?\s*(["'][^"']+["'])/g;

/**
 * The entry chunk with its imports only, each for its side effects: every module the popup
 * evaluates is fetched, compiled and run, but the call that mounts the app is gone; then the
 * mark that they have run (a module's body runs after its imports).
 */
export function entryWithoutMount(entry: string): string {
  const imports = [...entry.matchAll(IMPORT)].map(([, specifier]) => `import ${specifier};`);
  if (imports.length === 0)
    throw new Error('The popup entry imports nothing: nothing to load beside the blank page');
  return `${imports.join('\n')}\nperformance.mark(${JSON.stringify(TWIN_MODULES_MARK)});\n`;
}

/**
 * A page with a paragraph of text and then `tags` (none: the blank page, bench/lib/extension.ts),
 * so the blank page and the twin differ only by the popup's asset tags.
 */
export function blankPageHtml(tags: readonly string[] = []): string {
  const after = tags.length === 0 ? '' : `    ${tags.join('\n    ')}\n`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Network Companion</title>
  </head>
  <body>
    <p>A blank extension page of the same build, with one paragraph of text.</p>
${after}  </body>
</html>
`;
}

/** The path of a built page's module script (its entry chunk). */
function entryOf(popupHtml: string): string {
  const entry = popupHtml.match(ENTRY_SRC)?.[1];
  if (entry === undefined) throw new Error('popup.html has no module script');
  return entry;
}

/** The twin page: a paragraph of text, then the popup's asset tags with its entry swapped for `entryUrl`. */
export function twinHtml(popupHtml: string, entryUrl: string): string {
  const entry = entryOf(popupHtml);
  return blankPageHtml(
    (popupHtml.match(ASSET_TAG) ?? []).map((tag) => tag.replace(`"${entry}"`, `"${entryUrl}"`)),
  );
}

/** Writes the twin page and its entry into the bench's copy of the build (`dir`). */
export function writePopupTwin(dir: string): void {
  const popupHtml = readFileSync(path.join(dir, 'popup.html'), 'utf8');
  const entry = entryOf(popupHtml);
  const entryFile = path.join(dir, entry.replace(/^\//, ''));
  if (path.dirname(entryFile) !== path.join(dir, path.dirname(TWIN_ENTRY))) {
    throw new Error(
      `The popup entry ${entry} moved out of ${path.dirname(TWIN_ENTRY)}/: its imports would not resolve`,
    );
  }
  writeFileSync(path.join(dir, TWIN_ENTRY), entryWithoutMount(readFileSync(entryFile, 'utf8')));
  writeFileSync(path.join(dir, POPUP_TWIN_PAGE), twinHtml(popupHtml, `/${TWIN_ENTRY}`));
}

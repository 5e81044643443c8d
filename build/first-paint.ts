import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The popup's first paint (bench/README.md, "Popup first contentful paint"): Vite puts every
 * script, module preload and stylesheet of a page in its <head>, where they hold back the first
 * paint until all of them have loaded. For the pages that have a shell, this plugin
 *   1. adds the shell's CSS (entrypoints/popup/shell.css) to the head as `<style data-shell>`,
 *      so the shell in the page's HTML is styled from the HTML alone, and
 *   2. moves those tags to the end of <body>: the shell above them paints at once. The
 *      stylesheet stays before the module script, which waits for it (a deferred script runs
 *      only once no stylesheet is pending), so the app never renders unstyled.
 */

/** The pages with a shell, by the folder of their HTML under entrypoints/. */
const SHELL_PAGES = new Set(['popup', 'sidepanel']);
const SHELL_CSS = path.resolve(import.meta.dirname, '../entrypoints/popup/shell.css');
const HEAD_ASSET =
  /\s*<(?:script type="module"[^>]*><\/script>|link rel="(?:modulepreload|stylesheet)"[^>]*>)/g;

/** Comments out, whitespace down: the CSS is small and goes into every load of the page. */
export function minifyCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();
}

/** The built page with the shell's CSS inlined and its assets after the shell. */
export function paintShellFirst(html: string, shellCss: string): string {
  const head = html.slice(0, html.indexOf('</head>'));
  const assets = head.match(HEAD_ASSET) ?? [];
  // Stylesheets first: the module script then waits for them (see above).
  const ordered = [
    ...assets.filter((tag) => tag.includes('rel="stylesheet"')),
    ...assets.filter((tag) => !tag.includes('rel="stylesheet"')),
  ];
  let out = html.replace('</head>', `  <style data-shell>${minifyCss(shellCss)}</style>\n  </head>`);
  for (const tag of assets) out = out.replace(tag, '');
  return out.replace('</body>', `${ordered.map((tag) => tag.trim()).join('\n    ')}\n  </body>`);
}

/** Whether the page built from `filename` has a shell to paint first. */
export function hasShell(filename: string): boolean {
  return SHELL_PAGES.has(path.basename(path.dirname(filename)));
}

export function firstPaint(): Plugin {
  return {
    name: 'network-companion:first-paint',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!hasShell(context.filename)) return html;
        return paintShellFirst(html, readFileSync(SHELL_CSS, 'utf8'));
      },
    },
  };
}

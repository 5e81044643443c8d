// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasShell, minifyCss, paintShellFirst } from '@/build/first-paint';

const BUILT = `<!DOCTYPE html>
<html lang="en">
  <head>
    <title>Network Companion</title>
    <script type="module" crossorigin src="/chunks/popup-1.js"></script>
    <link rel="modulepreload" crossorigin href="/chunks/shared.js">
    <link rel="stylesheet" crossorigin href="/assets/popup.css">
  </head>
  <body>
    <div id="app"><header class="popup-header">Network Companion</header></div>
  </body>
</html>`;

describe('paintShellFirst', () => {
  const out = paintShellFirst(BUILT, '.popup-header { padding: 10px 14px; } /* why */');
  const head = out.slice(0, out.indexOf('</head>'));
  const body = out.slice(out.indexOf('<body>'));

  it('inlines the shell CSS, minified, in the head', () => {
    expect(head).toContain('<style data-shell>.popup-header{padding: 10px 14px}</style>');
  });

  it('leaves no script, preload or stylesheet in the head to hold the first paint back', () => {
    expect(head).not.toMatch(/<script|modulepreload|rel="stylesheet"/);
  });

  it('puts them after the shell, the stylesheet before the script that waits for it', () => {
    const shell = body.indexOf('popup-header');
    const stylesheet = body.indexOf('rel="stylesheet"');
    const script = body.indexOf('<script type="module"');
    expect(shell).toBeGreaterThan(-1);
    expect(stylesheet).toBeGreaterThan(shell);
    expect(script).toBeGreaterThan(stylesheet);
    expect(body).toContain('<link rel="modulepreload" crossorigin href="/chunks/shared.js">');
  });

  it('paints the popup and the side panel first, and leaves other pages alone', () => {
    expect(hasShell('/repo/entrypoints/popup/index.html')).toBe(true);
    expect(hasShell('/repo/entrypoints/sidepanel/index.html')).toBe(true);
    expect(hasShell('/repo/entrypoints/options/index.html')).toBe(false);
  });

  it('keeps the meaning of the real shell CSS (descendant selectors, media queries)', () => {
    const css = readFileSync('entrypoints/popup/shell.css', 'utf8');
    const min = minifyCss(css);
    expect(min).not.toContain('/*');
    expect(min).toContain('@media (prefers-color-scheme: dark)');
    expect(min).toContain('.popup-header{');
    expect(min.length).toBeLessThan(css.length);
  });
});

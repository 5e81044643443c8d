import { describe, expect, it } from 'vitest';
import { entryWithoutMount, twinHtml } from '../../../bench/lib/popup-twin';

// The popup's entry and page as `wxt build` writes them (build/first-paint.ts moved the tags).
const ENTRY = 'import"./limits-DHsdR73x.js";import{t as e}from"./popup-ni24_8bN.js";e();';
const POPUP_HTML = `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Network Companion</title>
    <style data-shell>body{width: 380px}</style>
  </head>
  <body>
    <div id="app"><div class="popup"><header class="popup-header"><h1>Network Companion</h1></header></div></div>
  <link rel="stylesheet" crossorigin href="/assets/popup-BB4TejyB.css">
    <script type="module" crossorigin src="/chunks/popup-ByhicyrC.js"></script>
    <link rel="modulepreload" crossorigin href="/chunks/limits-DHsdR73x.js">
    <link rel="modulepreload" crossorigin href="/chunks/popup-ni24_8bN.js">
  </body>
</html>
`;

describe('entryWithoutMount', () => {
  it('keeps every module the popup evaluates and drops the call that mounts the app', () => {
    expect(entryWithoutMount(ENTRY)).toBe(
      'import "./limits-DHsdR73x.js";\nimport "./popup-ni24_8bN.js";\nperformance.mark("bench-twin-modules");\n',
    );
  });

  it('leaves dynamic imports (lazy views) out, as the popup loads them later', () => {
    expect(entryWithoutMount('import{a as t}from"./a.js";const v=()=>import("./lazy.js");t();')).toBe(
      'import "./a.js";\nperformance.mark("bench-twin-modules");\n',
    );
  });

  it('refuses an entry with no imports: the twin would load nothing', () => {
    expect(() => entryWithoutMount('console.log(1);')).toThrow(/imports nothing/);
  });
});

describe('twinHtml', () => {
  const twin = twinHtml(POPUP_HTML, '/chunks/bench-popup-twin.js');

  it("loads the popup's stylesheet and preloads, and the twin entry in place of the popup's", () => {
    expect(twin).toContain('<link rel="stylesheet" crossorigin href="/assets/popup-BB4TejyB.css">');
    expect(twin).toContain('<link rel="modulepreload" crossorigin href="/chunks/popup-ni24_8bN.js">');
    expect(twin).toContain('src="/chunks/bench-popup-twin.js"');
    expect(twin).not.toContain('popup-ByhicyrC.js');
    expect(twin).not.toContain('id="app"');
  });

  it('puts them after its text even when the popup has them in <head>: the regression stays measurable', () => {
    const inHead = POPUP_HTML.replace('</head>', '<link rel="stylesheet" href="/assets/x.css">\n</head>');
    const built = twinHtml(inHead, '/chunks/bench-popup-twin.js');
    const head = built.slice(0, built.indexOf('</head>'));
    expect(head).not.toContain('<link');
    expect(built.indexOf('<link rel="stylesheet" href="/assets/x.css">')).toBeGreaterThan(
      built.indexOf('<p>'),
    );
  });

  it('refuses a popup page without a module script', () => {
    expect(() => twinHtml('<html><body></body></html>', '/x.js')).toThrow(/no module script/);
  });
});

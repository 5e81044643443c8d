// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entrySize, gzipSize, htmlAssets, resolveAsset, staticImports } from '@/bench/lib/sizes';

describe('htmlAssets', () => {
  it('lists scripts, module preloads and stylesheets, and nothing else', () => {
    const html = `<!DOCTYPE html><html><head>
      <meta charset="utf-8">
      <script type="module" crossorigin src="/chunks/popup-89Jl.js"></script>
      <link rel="modulepreload" crossorigin href="/chunks/shared.js">
      <link rel="stylesheet" crossorigin href='/assets/popup.css'>
      <link rel="icon" href="/icon/16.png">
      <script>inline()</script>
    </head><body></body></html>`;
    expect(htmlAssets(html)).toEqual(['/chunks/popup-89Jl.js', '/chunks/shared.js', '/assets/popup.css']);
  });
});

describe('staticImports', () => {
  it('finds minified static imports and re-exports, not dynamic imports', () => {
    const code =
      'import{A as e,C as t}from"./error-text-Bbq.js";import"./side-effect.js";export*from"./re.js";' +
      'export{x}from"./named.js";const later=()=>import("./lazy.js");';
    expect(staticImports(code).sort()).toEqual([
      './error-text-Bbq.js',
      './named.js',
      './re.js',
      './side-effect.js',
    ]);
  });

  it('finds nothing in a script without imports', () => {
    expect(staticImports('(function(){var important=1})();')).toEqual([]);
  });
});

describe('resolveAsset', () => {
  it('resolves root-relative and file-relative paths against the build root', () => {
    expect(resolveAsset('/chunks/a.js', 'popup.html')).toBe('chunks/a.js');
    expect(resolveAsset('./b.js', 'chunks/a.js')).toBe('chunks/b.js');
    expect(resolveAsset('../assets/c.css?v=1', 'chunks/a.js')).toBe('assets/c.css');
  });
});

describe('entrySize', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bench-sizes-'));
    mkdirSync(path.join(dir, 'chunks'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(
      path.join(dir, 'page.html'),
      '<script type="module" src="/chunks/page.js"></script><link rel="modulepreload" href="/chunks/shared.js"><link rel="stylesheet" href="/assets/page.css">',
    );
    writeFileSync(path.join(dir, 'chunks', 'page.js'), 'import{a}from"./shared.js";a();');
    writeFileSync(path.join(dir, 'chunks', 'shared.js'), 'import"./deep.js";export const a=()=>1;');
    writeFileSync(path.join(dir, 'chunks', 'deep.js'), 'console.log(1);');
    writeFileSync(path.join(dir, 'assets', 'page.css'), 'body{margin:0}');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('follows the page to its scripts, their imports and its stylesheets, each file once', () => {
    const size = entrySize(dir, ['page.html']);
    expect(size.files.map((file) => file.file)).toEqual([
      'chunks/page.js',
      'chunks/shared.js',
      'chunks/deep.js',
      'assets/page.css',
    ]);
    expect(size.bytes).toBe(size.files.reduce((sum, file) => sum + file.bytes, 0));
    expect(size.gzipBytes).toBe(size.files.reduce((sum, file) => sum + file.gzipBytes, 0));
  });

  it('gzips each file at level 9', () => {
    const content = Buffer.from('console.log(1);');
    const size = entrySize(dir, ['chunks/deep.js']);
    expect(size.files).toEqual([
      { file: 'chunks/deep.js', bytes: content.length, gzipBytes: gzipSize(content) },
    ]);
  });
});

// @vitest-environment node
// Specifies store/screenshots (scripts/store/store-images.ts): the sizes the stores ask for, light
// and dark, each picture small; and the PNG recompression keeps every pixel.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pngSize, recompressPng } from '@/scripts/store/png';

const DIR = resolve(import.meta.dirname, '../../../store/screenshots');
const files = readdirSync(DIR).filter((name) => name.endsWith('.png'));
const png = (name: string) => readFileSync(resolve(DIR, name));

/** The image data of a PNG, inflated: what a viewer decodes into pixels (after unfiltering). */
function pixels(file: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 8; at < file.length; ) {
    const length = file.readUInt32BE(at);
    if (file.toString('ascii', at + 4, at + 8) === 'IDAT') parts.push(file.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return inflateSync(Buffer.concat(parts));
}

describe('store/screenshots', () => {
  it('has the 1280×800 screenshots in light and dark, and the 440×280 promo tile', () => {
    const shots = files.filter((name) => name.startsWith('store-'));
    for (const scheme of ['light', 'dark'])
      expect(shots.filter((name) => name.endsWith(`-${scheme}.png`)).length).toBeGreaterThanOrEqual(4);
    for (const name of shots) expect(pngSize(png(name)), name).toEqual({ width: 1280, height: 800 });
    expect(pngSize(png('promo-tile-440x280.png'))).toEqual({ width: 440, height: 280 });
  });

  it('keeps each picture under 300 kB', () => {
    for (const name of files) expect(png(name).length, name).toBeLessThan(300 * 1024);
  });
});

describe('recompressPng', () => {
  it('keeps the pixels and the size, and makes a fast-deflated PNG smaller', () => {
    const original = png(files[0] as string);
    // As Chromium writes it: the same data deflated fast.
    const fast = Buffer.concat([
      original.subarray(0, 33),
      idat(deflateSync(pixels(original), { level: 1 })),
      iend(),
    ]);
    const small = recompressPng(fast);
    expect(pixels(small).equals(pixels(original))).toBe(true);
    expect(pngSize(small)).toEqual(pngSize(original));
    expect(small.length).toBeLessThan(fast.length);
  });
});

function idat(data: Buffer): Buffer {
  return chunk('IDAT', data);
}
function iend(): Buffer {
  return chunk('IEND', Buffer.alloc(0));
}
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  return Buffer.concat([head, data, Buffer.alloc(4)]);
}

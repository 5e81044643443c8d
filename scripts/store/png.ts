import { crc32, deflateSync, inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * The same PNG, pixels untouched, with its image data deflated at level 9 in one chunk and the
 * ancillary chunks dropped: Chromium writes screenshots fast rather than small. No tool needed.
 */
export function recompressPng(png: Buffer): Buffer {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  const kept: Buffer[] = [];
  const data: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IDAT') data.push(body);
    else if (type === 'IHDR' || type === 'PLTE' || type === 'tRNS') kept.push(chunk(type, body));
    at += 12 + length;
  }
  const pixels = deflateSync(inflateSync(Buffer.concat(data)), { level: 9, memLevel: 9 });
  return Buffer.concat([SIGNATURE, ...kept, chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

/** Width and height from the IHDR chunk. */
export function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

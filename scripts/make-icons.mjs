#!/usr/bin/env node
// Draws the extension icon (a green rounded square with a white player silhouette and a
// small "online" dot) at every size the stores and browsers ask for, into public/icon/.
// Run it again after changing the drawing; the PNGs are committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZES = [16, 32, 48, 96, 128];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let crc = 0xffffffff;
  for (const b of buf) crc = CRC_TABLE[(crc ^ b) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x, y);
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
      raw[o + 3] = a;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  ihdr[10] = 0;
  ihdr[11] = 0;
  ihdr[12] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
// Shapes in a 0..1 unit square; returns the colour of the topmost shape covering (u, v).
function shade(u, v) {
  const r = 0.2,
    inset = 0.02;
  const qx = Math.max(Math.abs(u - 0.5) - (0.5 - inset - r), 0);
  const qy = Math.max(Math.abs(v - 0.5) - (0.5 - inset - r), 0);
  if (Math.hypot(qx, qy) > r) return null;
  if (Math.hypot(u - 0.76, v - 0.76) < 0.13) return [255, 255, 255];
  if (Math.hypot(u - 0.76, v - 0.76) < 0.095) return [85, 255, 85];
  const head = Math.hypot(u - 0.45, v - 0.36) < 0.15;
  const body = v > 0.56 && v < 0.84 && Math.hypot((u - 0.45) / 0.27, (v - 0.84) / 0.27) < 1;
  if (head || body) return [255, 255, 255];
  return [22, 128, 72];
}
mkdirSync('public/icon', { recursive: true });
for (const size of SIZES) {
  const S = 4; // supersampling per axis
  const data = png(size, (x, y) => {
    let r = 0,
      g = 0,
      b = 0,
      n = 0;
    for (let i = 0; i < S; i++)
      for (let j = 0; j < S; j++) {
        const c = shade((x + (i + 0.5) / S) / size, (y + (j + 0.5) / S) / size);
        if (c) {
          r += c[0];
          g += c[1];
          b += c[2];
          n++;
        }
      }
    return n
      ? [Math.round(r / n), Math.round(g / n), Math.round(b / n), Math.round((255 * n) / (S * S))]
      : [0, 0, 0, 0];
  });
  writeFileSync(`public/icon/${size}.png`, data);
}
console.log(`Wrote public/icon/{${SIZES.join(',')}}.png`);

import { COLOUR_CODE_PATTERN } from './patterns';

/**
 * Legacy colour codes in `rank.display` (docs/api-spec.md §2.4): `&` followed by one character.
 * `0`-`9` and `a`-`f` are colours, `k`-`o` are formats and `r` resets. Case-insensitive.
 *
 * Everything here treats the text as data: the output is plain strings and style flags,
 * never markup.
 */

export type ColourCode =
  | '0'
  | '1'
  | '2'
  | '3'
  | '4'
  | '5'
  | '6'
  | '7'
  | '8'
  | '9'
  | 'a'
  | 'b'
  | 'c'
  | 'd'
  | 'e'
  | 'f';

export type ColourName =
  | 'black'
  | 'dark_blue'
  | 'dark_green'
  | 'dark_aqua'
  | 'dark_red'
  | 'dark_purple'
  | 'gold'
  | 'gray'
  | 'dark_gray'
  | 'blue'
  | 'green'
  | 'aqua'
  | 'red'
  | 'light_purple'
  | 'yellow'
  | 'white';

export interface ColourInfo {
  readonly name: ColourName;
  /** `#RRGGBB`, upper-case, as in the spec table. */
  readonly hex: string;
}

/** The 16 colours of docs/api-spec.md §2.4, keyed by their (lower-case) code character. */
export const COLOURS: Readonly<Record<ColourCode, ColourInfo>> = Object.freeze({
  '0': { name: 'black', hex: '#000000' },
  '1': { name: 'dark_blue', hex: '#0000AA' },
  '2': { name: 'dark_green', hex: '#00AA00' },
  '3': { name: 'dark_aqua', hex: '#00AAAA' },
  '4': { name: 'dark_red', hex: '#AA0000' },
  '5': { name: 'dark_purple', hex: '#AA00AA' },
  '6': { name: 'gold', hex: '#FFAA00' },
  '7': { name: 'gray', hex: '#AAAAAA' },
  '8': { name: 'dark_gray', hex: '#555555' },
  '9': { name: 'blue', hex: '#5555FF' },
  a: { name: 'green', hex: '#55FF55' },
  b: { name: 'aqua', hex: '#55FFFF' },
  c: { name: 'red', hex: '#FF5555' },
  d: { name: 'light_purple', hex: '#FF55FF' },
  e: { name: 'yellow', hex: '#FFFF55' },
  f: { name: 'white', hex: '#FFFFFF' },
});

export interface Segment {
  text: string;
  colour: ColourName | null;
  hex: string | null;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strikethrough: boolean;
  obfuscated: boolean;
}

/** COLOUR_CODE_PATTERN, global, for replacing every code. */
const EVERY_CODE = new RegExp(COLOUR_CODE_PATTERN.source, 'gi');

function isColourCode(c: string): c is ColourCode {
  return Object.hasOwn(COLOURS, c);
}

type FormatFlag = 'bold' | 'italic' | 'underline' | 'strikethrough' | 'obfuscated';

const FORMAT_CODES: Readonly<Record<string, FormatFlag>> = {
  k: 'obfuscated',
  l: 'bold',
  m: 'strikethrough',
  n: 'underline',
  o: 'italic',
};

type Style = Omit<Segment, 'text'>;

function plainStyle(): Style {
  return {
    colour: null,
    hex: null,
    bold: false,
    italic: false,
    underline: false,
    strikethrough: false,
    obfuscated: false,
  };
}

function sameStyle(a: Style, b: Style): boolean {
  return (
    a.colour === b.colour &&
    a.bold === b.bold &&
    a.italic === b.italic &&
    a.underline === b.underline &&
    a.strikethrough === b.strikethrough &&
    a.obfuscated === b.obfuscated
  );
}

/**
 * Splits `text` into styled runs. As in the game, a colour code also clears the formats
 * set before it (`&l&cX`: red, not bold) and `&r` clears everything. An `&` that is not
 * followed by a code character (including one at the very end) is literal text.
 * Adjacent runs with the same style are merged and empty runs are dropped.
 */
export function parseColourCodes(text: string): Segment[] {
  const input = typeof text === 'string' ? text : '';
  const segments: Segment[] = [];
  let style = plainStyle();
  let buffer = '';

  const flush = (): void => {
    if (buffer === '') return;
    const last = segments[segments.length - 1];
    if (last && sameStyle(last, style)) last.text += buffer;
    else segments.push({ ...style, text: buffer });
    buffer = '';
  };

  let i = 0;
  while (i < input.length) {
    const ch = input.charAt(i);
    if (ch === '&' && i + 1 < input.length) {
      // Lower-case ASCII only: some non-ASCII characters lower-case to a code letter
      // (the Kelvin sign U+212A becomes 'k'), and the game does not treat them as codes.
      const next = input.charAt(i + 1);
      const code = COLOUR_CODE_PATTERN.test(`&${next}`) ? next.toLowerCase() : '';
      if (isColourCode(code)) {
        flush();
        const colour = COLOURS[code];
        style = { ...plainStyle(), colour: colour.name, hex: colour.hex };
        i += 2;
        continue;
      }
      if (code === 'r') {
        flush();
        style = plainStyle();
        i += 2;
        continue;
      }
      const flag = FORMAT_CODES[code];
      if (flag !== undefined) {
        flush();
        style = { ...style, [flag]: true };
        i += 2;
        continue;
      }
    }
    buffer += ch;
    i += 1;
  }
  flush();
  return segments;
}

/** Removes every code (`&[0-9a-fk-or]`, any case); other `&`s stay. Equals the visible text. */
export function stripColourCodes(text: string): string {
  if (typeof text !== 'string') return '';
  return text.replace(EVERY_CODE, '');
}

/** The colour of the first colour code (`&[0-9a-f]`) in `text`, for use as an accent; else null. */
export function firstColour(text: string): { name: ColourName; hex: string } | null {
  if (typeof text !== 'string') return null;
  const match = /&([0-9a-f])/i.exec(text);
  const code = match?.[1]?.toLowerCase();
  if (code === undefined || !isColourCode(code)) return null;
  const colour = COLOURS[code];
  return { name: colour.name, hex: colour.hex };
}

// ---------------------------------------------------------------------------------------
// Contrast (WCAG 2.x relative luminance and contrast ratio)
// ---------------------------------------------------------------------------------------

export type Theme = 'light' | 'dark';

/** The extension's page backgrounds. */
export const THEME_BACKGROUNDS: Readonly<Record<Theme, string>> = Object.freeze({
  light: '#FFFFFF',
  dark: '#1B1B1F',
});

/** WCAG AA for normal text. */
const MIN_CONTRAST = 4.5;

type Rgb = readonly [number, number, number];

/** `#rgb` or `#rrggbb` (any case, `#` optional) → 0-255 channels; anything else → null. */
function parseHex(hex: string): Rgb | null {
  if (typeof hex !== 'string') return null;
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  const digits = m?.[1];
  if (digits === undefined) return null;
  const full =
    digits.length === 3
      ? digits
          .split('')
          .map((d) => d + d)
          .join('')
      : digits;
  return [
    Number.parseInt(full.slice(0, 2), 16),
    Number.parseInt(full.slice(2, 4), 16),
    Number.parseInt(full.slice(4, 6), 16),
  ];
}

/** Channels clamped to 0-255 and rounded to whole numbers, as a hex colour would store them. */
function roundRgb(rgb: Rgb): Rgb {
  const clamp = (c: number): number => Math.min(255, Math.max(0, Math.round(c)));
  return [clamp(rgb[0]), clamp(rgb[1]), clamp(rgb[2])];
}

function toHex(rgb: Rgb): string {
  return `#${roundRgb(rgb)
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}`;
}

function channelLuminance(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

function luminance(rgb: Rgb): number {
  return (
    0.2126 * channelLuminance(rgb[0]) + 0.7152 * channelLuminance(rgb[1]) + 0.0722 * channelLuminance(rgb[2])
  );
}

function ratio(a: Rgb, b: Rgb): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** WCAG contrast ratio of two `#rgb`/`#rrggbb` colours, 1 to 21. Unparsable input → 1. */
export function contrastRatio(a: string, b: string): number {
  const ra = parseHex(a);
  const rb = parseHex(b);
  if (ra === null || rb === null) return 1;
  return ratio(ra, rb);
}

type Hsl = readonly [number, number, number];

function rgbToHsl([r, g, b]: Rgb): Hsl {
  const rn = r / 255;
  const gn = g / 255;
  const bn = b / 255;
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return [0, 0, l];
  const s = d / (1 - Math.abs(2 * l - 1));
  let h: number;
  if (max === rn) h = ((gn - bn) / d) % 6;
  else if (max === gn) h = (bn - rn) / d + 2;
  else h = (rn - gn) / d + 4;
  return [(h * 60 + 360) % 360, s, l];
}

function hslToRgb([h, s, l]: Hsl): Rgb {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  let rgb: [number, number, number];
  if (h < 60) rgb = [c, x, 0];
  else if (h < 120) rgb = [x, c, 0];
  else if (h < 180) rgb = [0, c, x];
  else if (h < 240) rgb = [0, x, c];
  else if (h < 300) rgb = [x, 0, c];
  else rgb = [c, 0, x];
  return [(rgb[0] + m) * 255, (rgb[1] + m) * 255, (rgb[2] + m) * 255];
}

/**
 * A colour readable on the theme's background (contrast ≥ 4.5:1), as upper-case `#RRGGBB`.
 * A colour that already contrasts enough comes back unchanged (normalised); otherwise only
 * its HSL lightness moves (darker on light, lighter on dark), keeping hue and saturation,
 * by the smallest step that reaches 4.5:1. Unparsable input → the theme's plain text
 * colour (`#000000` on light, `#FFFFFF` on dark).
 */
export function readableOn(hex: string, theme: Theme): string {
  const dark = theme === 'dark';
  const background = parseHex(THEME_BACKGROUNDS[dark ? 'dark' : 'light']) ?? [255, 255, 255];
  const rgb = parseHex(hex);
  if (rgb === null) return dark ? '#FFFFFF' : '#000000';
  if (ratio(rgb, background) >= MIN_CONTRAST) return toHex(rgb);

  const [h, s, l] = rgbToHsl(rgb);
  // Luminance grows with HSL lightness, so the passing lightnesses form one interval ending
  // at 0 (light theme) or 1 (dark theme); bisect for its edge nearest the original colour.
  // `pass` always holds a lightness whose rounded colour passes; `fail` one that does not.
  let pass = dark ? 1 : 0;
  let fail = l;
  for (let step = 0; step < 40; step += 1) {
    const mid = (pass + fail) / 2;
    if (ratio(roundRgb(hslToRgb([h, s, mid])), background) >= MIN_CONTRAST) pass = mid;
    else fail = mid;
  }
  return toHex(hslToRgb([h, s, pass]));
}

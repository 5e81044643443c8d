import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COLOURS,
  type ColourCode,
  type ColourName,
  contrastRatio,
  firstColour,
  parseColourCodes,
  readableOn,
  type Segment,
  stripColourCodes,
  THEME_BACKGROUNDS,
} from '@/utils/colour-codes';

const PLAIN = {
  colour: null,
  hex: null,
  bold: false,
  italic: false,
  underline: false,
  strikethrough: false,
  obfuscated: false,
} as const;

function seg(text: string, style: Partial<Omit<Segment, 'text'>> = {}): Segment {
  return { ...PLAIN, ...style, text };
}

const SPEC_TABLE: ReadonlyArray<readonly [ColourCode, ColourName, string]> = [
  ['0', 'black', '#000000'],
  ['1', 'dark_blue', '#0000AA'],
  ['2', 'dark_green', '#00AA00'],
  ['3', 'dark_aqua', '#00AAAA'],
  ['4', 'dark_red', '#AA0000'],
  ['5', 'dark_purple', '#AA00AA'],
  ['6', 'gold', '#FFAA00'],
  ['7', 'gray', '#AAAAAA'],
  ['8', 'dark_gray', '#555555'],
  ['9', 'blue', '#5555FF'],
  ['a', 'green', '#55FF55'],
  ['b', 'aqua', '#55FFFF'],
  ['c', 'red', '#FF5555'],
  ['d', 'light_purple', '#FF55FF'],
  ['e', 'yellow', '#FFFF55'],
  ['f', 'white', '#FFFFFF'],
];

describe('COLOURS', () => {
  it('holds exactly the 16 colours of docs/api-spec.md §2.4', () => {
    expect(Object.keys(COLOURS)).toHaveLength(16);
    for (const [code, name, hex] of SPEC_TABLE) {
      expect(COLOURS[code]).toEqual({ name, hex });
    }
  });
});

describe('parseColourCodes', () => {
  it.each(SPEC_TABLE)('&%s is %s (%s)', (code, name, hex) => {
    expect(parseColourCodes(`&${code}X`)).toEqual([seg('X', { colour: name, hex })]);
  });

  it.each(SPEC_TABLE.filter(([code]) => /[a-f]/.test(code)))(
    '&%s in upper case is the same colour',
    (code, name, hex) => {
      expect(parseColourCodes(`&${code.toUpperCase()}X`)).toEqual([seg('X', { colour: name, hex })]);
    },
  );

  it.each([
    ['k', 'obfuscated'],
    ['l', 'bold'],
    ['m', 'strikethrough'],
    ['n', 'underline'],
    ['o', 'italic'],
  ] as const)('&%s sets %s, in either case', (code, flag) => {
    expect(parseColourCodes(`&${code}X`)).toEqual([seg('X', { [flag]: true })]);
    expect(parseColourCodes(`&${code.toUpperCase()}X`)).toEqual([seg('X', { [flag]: true })]);
  });

  it('plain text is one unstyled segment', () => {
    expect(parseColourCodes('Member')).toEqual([seg('Member')]);
  });

  it('empty input and code-only input give no segments', () => {
    expect(parseColourCodes('')).toEqual([]);
    expect(parseColourCodes('&c&l&r')).toEqual([]);
  });

  it('a colour after formats resets them; formats after a colour add to it', () => {
    expect(parseColourCodes('&l&cX')).toEqual([seg('X', { colour: 'red', hex: '#FF5555' })]);
    expect(parseColourCodes('&c&lX')).toEqual([seg('X', { colour: 'red', hex: '#FF5555', bold: true })]);
    expect(parseColourCodes('&c&l&o&n&m&kX')).toEqual([
      seg('X', {
        colour: 'red',
        hex: '#FF5555',
        bold: true,
        italic: true,
        underline: true,
        strikethrough: true,
        obfuscated: true,
      }),
    ]);
  });

  it('&r clears colour and every format', () => {
    expect(parseColourCodes('&c&l&nA&rB')).toEqual([
      seg('A', { colour: 'red', hex: '#FF5555', bold: true, underline: true }),
      seg('B'),
    ]);
    expect(parseColourCodes('&6[&eVIP&6]&R Steve')).toEqual([
      seg('[', { colour: 'gold', hex: '#FFAA00' }),
      seg('VIP', { colour: 'yellow', hex: '#FFFF55' }),
      seg(']', { colour: 'gold', hex: '#FFAA00' }),
      seg(' Steve'),
    ]);
  });

  it('a colour change in the middle of a word splits it', () => {
    expect(parseColourCodes('&4AD&cMIN')).toEqual([
      seg('AD', { colour: 'dark_red', hex: '#AA0000' }),
      seg('MIN', { colour: 'red', hex: '#FF5555' }),
    ]);
  });

  it('merges adjacent runs with the same style', () => {
    expect(parseColourCodes('&cA&cB')).toEqual([seg('AB', { colour: 'red', hex: '#FF5555' })]);
    expect(parseColourCodes('A&rB')).toEqual([seg('AB')]);
    expect(parseColourCodes('&c&lA&c&lB')).toEqual([
      seg('AB', { colour: 'red', hex: '#FF5555', bold: true }),
    ]);
  });

  it('& before any other character is literal text', () => {
    expect(parseColourCodes('Tom & Jerry')).toEqual([seg('Tom & Jerry')]);
    expect(parseColourCodes('&g&z&p&q&s&&x&1')).toEqual([seg('&g&z&p&q&s&&x')]);
  });

  it('& at the very end is literal text', () => {
    expect(parseColourCodes('&')).toEqual([seg('&')]);
    expect(parseColourCodes('&cA&')).toEqual([seg('A&', { colour: 'red', hex: '#FF5555' })]);
  });

  it('&&c is a literal & followed by the code &c', () => {
    expect(parseColourCodes('&&cX')).toEqual([seg('&'), seg('X', { colour: 'red', hex: '#FF5555' })]);
  });

  it('keeps HTML-looking text verbatim', () => {
    const html = '<script>alert("x")</script><img src=x onerror=alert(1)>&gt;&quot;';
    expect(parseColourCodes(`&c${html}`)).toEqual([seg(html, { colour: 'red', hex: '#FF5555' })]);
    // Entities are not decoded either; `&a` in `&amp;` is the code for green, as in the game.
    expect(parseColourCodes('x&amp;')).toEqual([seg('x'), seg('mp;', { colour: 'green', hex: '#55FF55' })]);
  });

  it('keeps characters outside the BMP intact', () => {
    expect(parseColourCodes('&a😀&b😀')).toEqual([
      seg('😀', { colour: 'green', hex: '#55FF55' }),
      seg('😀', { colour: 'aqua', hex: '#55FFFF' }),
    ]);
  });

  it('properties: visible text equals the stripped text, no empty or mergeable segments', () => {
    const alphabet = fc.constantFrom('&', 'c', 'C', 'l', 'r', 'R', 'k', 'x', '0', 'f', 'g', ' ', '<', '>');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 30 }), (chars) => {
        const text = chars.join('');
        const segments = parseColourCodes(text);
        expect(segments.map((s) => s.text).join('')).toBe(stripColourCodes(text));
        for (const [i, s] of segments.entries()) {
          expect(s.text).not.toBe('');
          const next = segments[i + 1];
          if (next) expect({ ...next, text: '' }).not.toEqual({ ...s, text: '' });
        }
      }),
    );
  });
});

describe('stripColourCodes', () => {
  it('removes every code, in either case, and keeps other &s', () => {
    expect(stripColourCodes('&c&lADMIN')).toBe('ADMIN');
    expect(stripColourCodes('&6[&EVIP&6]&R Steve')).toBe('[VIP] Steve');
    expect(stripColourCodes('&0&1&2&3&4&5&6&7&8&9&a&b&c&d&e&f&k&l&m&n&o&r')).toBe('');
    expect(stripColourCodes('Tom & Jerry &g &')).toBe('Tom & Jerry &g &');
    expect(stripColourCodes('&&cX')).toBe('&X');
    expect(stripColourCodes('')).toBe('');
    expect(stripColourCodes('<b>&cx</b>')).toBe('<b>x</b>');
  });
});

describe('firstColour', () => {
  it('is the first colour code, skipping formats and literal &s', () => {
    expect(firstColour('&l&6[&eVIP&6]')).toEqual({ name: 'gold', hex: '#FFAA00' });
    expect(firstColour('& &&B x')).toEqual({ name: 'aqua', hex: '#55FFFF' });
    expect(firstColour('&r&k&0x')).toEqual({ name: 'black', hex: '#000000' });
  });

  it('is null without a colour code', () => {
    expect(firstColour('')).toBeNull();
    expect(firstColour('Member')).toBeNull();
    expect(firstColour('&l&r&x&')).toBeNull();
  });
});

describe('contrastRatio', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#FFFFFF')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#abc', '#AABBCC')).toBe(1);
  });

  it('is 1 for unparsable colours', () => {
    expect(contrastRatio('red', '#FFFFFF')).toBe(1);
    expect(contrastRatio('#12345', '#FFFFFF')).toBe(1);
  });
});

function hue(hex: string): number | null {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  if (d === 0) return null;
  let h: number;
  if (max === r) h = ((g - b) / d) % 6;
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

describe('readableOn', () => {
  it('uses the themes of the extension', () => {
    expect(THEME_BACKGROUNDS).toEqual({ light: '#FFFFFF', dark: '#1B1B1F' });
  });

  for (const theme of ['light', 'dark'] as const) {
    it.each(SPEC_TABLE)(`&%s (%s) reaches 4.5:1 on ${theme}, keeping its hue`, (_code, _name, hex) => {
      const readable = readableOn(hex, theme);
      expect(readable).toMatch(/^#[0-9A-F]{6}$/);
      expect(contrastRatio(readable, THEME_BACKGROUNDS[theme])).toBeGreaterThanOrEqual(4.5);
      const before = hue(hex);
      const after = hue(readable);
      if (before !== null && after !== null) expect(Math.abs(before - after)).toBeLessThan(3);
    });
  }

  it('keeps colours that already contrast', () => {
    expect(readableOn('#AA0000', 'light')).toBe('#AA0000');
    expect(readableOn('#000000', 'light')).toBe('#000000');
    expect(readableOn('#FF5555', 'dark')).toBe('#FF5555');
    expect(readableOn('#ffffff', 'dark')).toBe('#FFFFFF');
  });

  it('darkens on light and lightens on dark, just enough', () => {
    const onLight = readableOn('#FFFF55', 'light');
    const onDark = readableOn('#0000AA', 'dark');
    expect(contrastRatio(onLight, '#000000')).toBeLessThan(contrastRatio('#FFFF55', '#000000'));
    expect(contrastRatio(onDark, '#FFFFFF')).toBeLessThan(contrastRatio('#0000AA', '#FFFFFF'));
    // "just enough": well under a full step of 0.2 above the threshold
    expect(contrastRatio(onLight, THEME_BACKGROUNDS.light)).toBeLessThan(4.7);
    expect(contrastRatio(onDark, THEME_BACKGROUNDS.dark)).toBeLessThan(4.7);
  });

  it('accepts short and lower-case hex and falls back on garbage', () => {
    expect(readableOn('#f55', 'dark')).toBe('#FF5555');
    expect(readableOn('not a colour', 'light')).toBe('#000000');
    expect(readableOn('', 'dark')).toBe('#FFFFFF');
  });

  it('property: any colour comes out readable in both themes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), (n) => {
        const hex = `#${n.toString(16).padStart(6, '0')}`;
        expect(contrastRatio(readableOn(hex, 'light'), THEME_BACKGROUNDS.light)).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(readableOn(hex, 'dark'), THEME_BACKGROUNDS.dark)).toBeGreaterThanOrEqual(4.5);
      }),
    );
  });
});

// Property tests for utils/api/identifiers.ts.
// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isGameName, parseIdentifier } from '@/utils/api/identifiers';
import { GAME_NAME_PATTERN } from '@/utils/patterns';

const NAME_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_'.split('');
const HEX = '0123456789abcdefABCDEF'.split('');
const DASHED_LOWER_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The characters an identifier may hold at all: a name character or a UUID dash. */
const ALLOWED = /^[A-Za-z0-9_-]*$/;

const gameName = fc.string({ unit: fc.constantFrom(...NAME_CHARS), minLength: 3, maxLength: 16 });
const hex32 = fc.string({ unit: fc.constantFrom(...HEX), minLength: 32, maxLength: 32 });
const dashed = (hex: string): string =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/** Characters that must never get through: bidi overrides, zero-width, look-alikes, markup. */
const FORBIDDEN = [
  '\u202E',
  '\u200B',
  '\u200D',
  '\u2060',
  '\u00AD',
  'а', // Cyrillic a
  'ｓ', // full-width s
  'ß',
  '\u212A', // Kelvin sign, lower-cases to k
  ' ',
  '.',
  '<',
  '&',
  '%',
  '/',
  '\u0000',
  '😀',
];

/** White space that String#trim removes, so it may surround an accepted identifier. */
const TRIMMED = [' ', '\t', '\n', '\r', '\u00A0', '\uFEFF', '\u2028', '\u3000'];

const anyInput = fc.oneof(
  fc.string({ unit: 'binary' }),
  fc.string({ unit: fc.constantFrom(...NAME_CHARS, '-', ...FORBIDDEN, ...TRIMMED), maxLength: 40 }),
  gameName,
  hex32,
  hex32.map(dashed),
);

describe('parseIdentifier: properties', () => {
  it('never throws and always answers ok with a value, or not ok with a message', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const parsed = parseIdentifier(input);
        if (parsed.ok) {
          expect(['name', 'uuid']).toContain(parsed.kind);
          expect(typeof parsed.value).toBe('string');
        } else {
          expect(parsed.message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 1000 },
    );
    for (const input of [
      'a'.repeat(10_000),
      `${'\u202E'.repeat(5_000)}Steve`,
      ' '.repeat(10_000),
      '-'.repeat(36),
    ]) {
      expect(parseIdentifier(input).ok).toBe(false);
    }
  });

  it('every accepted value round-trips: parsing the value gives it back unchanged', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const parsed = parseIdentifier(input);
        if (parsed.ok) expect(parseIdentifier(parsed.value)).toEqual(parsed);
      }),
      { numRuns: 1000 },
    );
  });

  it('a game name is accepted as itself, case kept, with trimmable white space around it ignored', () => {
    fc.assert(
      fc.property(
        gameName,
        fc.array(fc.constantFrom(...TRIMMED), { maxLength: 3 }),
        fc.array(fc.constantFrom(...TRIMMED), { maxLength: 3 }),
        (name, before, after) => {
          expect(isGameName(name)).toBe(true);
          expect(parseIdentifier(`${before.join('')}${name}${after.join('')}`)).toEqual({
            ok: true,
            kind: 'name',
            value: name,
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('UUIDs, dashed or not and in any case, come out dashed and lower-case', () => {
    fc.assert(
      fc.property(hex32, fc.boolean(), (hex, withDashes) => {
        const parsed = parseIdentifier(withDashes ? dashed(hex) : hex);
        expect(parsed).toEqual({ ok: true, kind: 'uuid', value: dashed(hex.toLowerCase()) });
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(anyInput, (input) => {
        const parsed = parseIdentifier(input);
        if (parsed.ok && parsed.kind === 'uuid') expect(parsed.value).toMatch(DASHED_LOWER_UUID);
      }),
      { numRuns: 500 },
    );
  });

  it('accepted names always match /^[A-Za-z0-9_]{3,16}$/', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const parsed = parseIdentifier(input);
        if (parsed.ok && parsed.kind === 'name') expect(parsed.value).toMatch(/^[A-Za-z0-9_]{3,16}$/);
      }),
      { numRuns: 1000 },
    );
  });

  it('rejects anything that, once trimmed, holds a character outside [A-Za-z0-9_-]', () => {
    fc.assert(
      fc.property(
        fc.oneof(gameName, hex32, hex32.map(dashed)),
        fc.nat(),
        fc.oneof(fc.constantFrom(...FORBIDDEN), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
        (valid, at, bad) => {
          const index = at % (valid.length + 1);
          const input = `${valid.slice(0, index)}${bad}${valid.slice(index)}`;
          fc.pre(!ALLOWED.test(input.trim()));
          expect(parseIdentifier(input).ok).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('rejects allowed characters at a wrong length (not 3-16, 32 or 36)', () => {
    const allowed = fc.string({ unit: fc.constantFrom(...NAME_CHARS, '-', ...HEX), maxLength: 60 });
    fc.assert(
      fc.property(allowed, (input) => {
        fc.pre(!(input.length >= 3 && input.length <= 16) && input.length !== 32 && input.length !== 36);
        expect(parseIdentifier(input).ok).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('isGameName agrees with GAME_NAME_PATTERN and never accepts a name that needs trimming', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        expect(isGameName(input)).toBe(GAME_NAME_PATTERN.test(input));
        if (isGameName(input)) expect(input.trim()).toBe(input);
      }),
      { numRuns: 500 },
    );
    expect(isGameName('Steve\n')).toBe(false);
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PLAYER_UUID } from '@/tests/fixtures/players';
import {
  emptyIdentifierMessage,
  invalidIdentifierMessage,
  isGameName,
  parseIdentifier,
} from '@/utils/api/identifiers';

describe('parseIdentifier: game names', () => {
  it.each([
    ['abc', 'abc'],
    ['Notch', 'Notch'],
    ['a_B_1', 'a_B_1'],
    ['ABCDEFGHIJKLMNOP', 'ABCDEFGHIJKLMNOP'],
  ])('accepts %j and keeps it as typed', (input, value) => {
    expect(parseIdentifier(input)).toEqual({ ok: true, kind: 'name', value });
  });

  it('accepts 3 and 16 characters, refuses 2 and 17', () => {
    expect(parseIdentifier('abc').ok).toBe(true);
    expect(parseIdentifier('a'.repeat(16)).ok).toBe(true);
    expect(parseIdentifier('ab')).toEqual({ ok: false, message: invalidIdentifierMessage() });
    expect(parseIdentifier('a'.repeat(17))).toEqual({ ok: false, message: invalidIdentifierMessage() });
  });

  it.each(['bad name', 'bad-name', 'naïve', 'abc!', 'a.b.c', '<script>', 'abc/def', 'abc%20'])(
    'refuses %j',
    (input) => {
      expect(parseIdentifier(input)).toEqual({ ok: false, message: invalidIdentifierMessage() });
    },
  );

  it('trims surrounding spaces, tabs and new lines', () => {
    expect(parseIdentifier('  Notch \t\n')).toEqual({ ok: true, kind: 'name', value: 'Notch' });
  });

  it('gives empty and blank input their own message', () => {
    expect(parseIdentifier('')).toEqual({ ok: false, message: emptyIdentifierMessage() });
    expect(parseIdentifier('   ')).toEqual({ ok: false, message: emptyIdentifierMessage() });
    expect(emptyIdentifierMessage()).not.toBe(invalidIdentifierMessage());
  });

  it('says what is accepted', () => {
    expect(invalidIdentifierMessage()).toMatch(/3–16/);
    expect(invalidIdentifierMessage()).toMatch(/UUID/);
  });
});

describe('parseIdentifier: UUIDs', () => {
  const dashed = PLAYER_UUID;

  it.each([
    ['dashed lower-case', dashed],
    ['dashed upper-case', dashed.toUpperCase()],
    ['undashed', dashed.replaceAll('-', '')],
    ['undashed upper-case', dashed.replaceAll('-', '').toUpperCase()],
    ['mixed case with spaces', `  ${dashed.slice(0, 9).toUpperCase()}${dashed.slice(9)} `],
  ])('accepts %s and returns it dashed lower-case', (_label, input) => {
    expect(parseIdentifier(input)).toEqual({ ok: true, kind: 'uuid', value: dashed });
  });

  it.each([
    ['too short', dashed.slice(0, -1)],
    ['too long', `${dashed}5`],
    ['not hex', `${dashed.slice(0, -2)}zz`],
    ['dashes in the wrong places', '069a79f444e9-4726-a5be-fca9-0e38aaf5'],
    ['braces', `{${dashed}}`],
    ['31 hex digits', 'a'.repeat(31)],
  ])('refuses a UUID that is %s', (_label, input) => {
    expect(parseIdentifier(input)).toEqual({ ok: false, message: invalidIdentifierMessage() });
  });
});

describe('isGameName', () => {
  it('accepts 3 to 16 letters, digits or underscores only', () => {
    expect(isGameName('Notch')).toBe(true);
    expect(isGameName('no')).toBe(false);
  });
});

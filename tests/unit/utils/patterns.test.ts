// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  COLOUR_CODE_PATTERN,
  DASHED_UUID_PATTERN,
  GAME_NAME_PATTERN,
  NUMERIC_QUERY_PATTERN,
  SENDABLE_KEY_PATTERN,
  UNDASHED_UUID_PATTERN,
} from '@/utils/patterns';
import { PLAYER_UUID } from '../../fixtures/players';

describe('GAME_NAME_PATTERN', () => {
  it('is 3 to 16 letters, digits or underscores, nothing around them', () => {
    for (const name of ['abc', 'Notch', 'jeb_', 'a'.repeat(16), '___'])
      expect(GAME_NAME_PATTERN.test(name)).toBe(true);
    for (const text of ['ab', 'a'.repeat(17), 'no-dash', ' Notch', 'Notch ', 'é_name', '']) {
      expect(GAME_NAME_PATTERN.test(text)).toBe(false);
    }
  });
});

describe('UUID patterns', () => {
  it('take the dashed 8-4-4-4-12 form and 32 hex digits, any case', () => {
    expect(DASHED_UUID_PATTERN.test(PLAYER_UUID)).toBe(true);
    expect(DASHED_UUID_PATTERN.test(PLAYER_UUID.toUpperCase())).toBe(true);
    expect(DASHED_UUID_PATTERN.test(PLAYER_UUID.replaceAll('-', ''))).toBe(false);
    expect(DASHED_UUID_PATTERN.test(PLAYER_UUID.slice(0, -1))).toBe(false);
    expect(UNDASHED_UUID_PATTERN.test(PLAYER_UUID.replaceAll('-', '').toUpperCase())).toBe(true);
    expect(UNDASHED_UUID_PATTERN.test(PLAYER_UUID)).toBe(false);
  });
});

describe('SENDABLE_KEY_PATTERN', () => {
  it('takes visible ASCII with spaces only inside', () => {
    expect(SENDABLE_KEY_PATTERN.test('a')).toBe(true);
    expect(SENDABLE_KEY_PATTERN.test('key with spaces')).toBe(true);
    expect(SENDABLE_KEY_PATTERN.test('~!@#$%^&*()')).toBe(true);
    for (const key of ['', ' key', 'key ', 'ключ', 'tab\tkey', 'new\nline']) {
      expect(SENDABLE_KEY_PATTERN.test(key)).toBe(false);
    }
  });
});

describe('COLOUR_CODE_PATTERN', () => {
  it('is the spec pattern, case-insensitive and stateless', () => {
    expect(COLOUR_CODE_PATTERN.source).toBe('&[0-9a-fk-or]');
    expect(COLOUR_CODE_PATTERN.flags).toBe('i');
    expect(COLOUR_CODE_PATTERN.test('&C')).toBe(true);
    expect(COLOUR_CODE_PATTERN.test('&C')).toBe(true);
    expect(COLOUR_CODE_PATTERN.test('&g')).toBe(false);
  });
});

describe('NUMERIC_QUERY_PATTERN', () => {
  it('takes plain decimals, with a sign or an exponent, and nothing else', () => {
    for (const text of ['1000', '12.5', '1e3', '.5', '5.', '-3', '+2E-1']) {
      expect(NUMERIC_QUERY_PATTERN.test(text)).toBe(true);
    }
    for (const text of ['12k', '1.2.3', '', 'diamond', '1,000', '0x10', ' 1']) {
      expect(NUMERIC_QUERY_PATTERN.test(text)).toBe(false);
    }
  });
});

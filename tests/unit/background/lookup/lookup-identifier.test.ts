import { describe, expect, it } from 'vitest';
import { lookupIdentifier } from '@/entrypoints/background/lookup/lookup-identifier';

describe('lookupIdentifier: the selection filter', () => {
  it('takes a game name, trimmed, keeping its case', () => {
    expect(lookupIdentifier('Notch')).toBe('Notch');
    expect(lookupIdentifier('  Steve_01 \n')).toBe('Steve_01');
    expect(lookupIdentifier('abc')).toBe('abc');
    expect(lookupIdentifier('A234567890123456')).toBe('A234567890123456');
  });

  it('takes a UUID with or without dashes, as the dashed lower-case form', () => {
    const dashed = '069a79f4-44e9-4726-a5be-fca90e38aaf5';
    expect(lookupIdentifier(' 069A79F444E94726A5BEFCA90E38AAF5 ')).toBe(dashed);
    expect(lookupIdentifier(dashed.toUpperCase())).toBe(dashed);
  });

  it('refuses text that could not be a player', () => {
    for (const text of [
      '',
      '   ',
      'ab',
      'A2345678901234567',
      'two words',
      'Not-ch',
      '@Notch',
      '<img src=x onerror=alert(1)>',
      'Notch&amp;',
      '../options',
      'Nötch',
      '069a79f4-44e9-4726-a5be-fca90e38aaf',
      'x'.repeat(100_000),
    ]) {
      expect(lookupIdentifier(text), text.slice(0, 40)).toBeNull();
    }
  });

  it('refuses anything that is not a string', () => {
    for (const value of [undefined, null, 42, { toString: () => 'Notch' }, ['Notch']]) {
      expect(lookupIdentifier(value)).toBeNull();
    }
  });
});

// Specifies utils/storage/newer-value.ts: writing over what a newer release stored.
import { describe, expect, it } from 'vitest';
import { isNewer, overNewer, overNewerEntries } from '@/utils/storage/newer-value';

const parse = (entry: unknown) =>
  typeof entry === 'object' && entry !== null && typeof (entry as { n?: unknown }).n === 'number'
    ? { n: (entry as { n: number }).n }
    : undefined;

describe('newer values', () => {
  it('is newer only above this release’s version', () => {
    expect(isNewer(undefined, 2)).toBe(false);
    expect(isNewer(2, 2)).toBe(false);
    expect(isNewer(3, 2)).toBe(true);
  });

  it('overNewer: known fields written, unknown ones kept', () => {
    expect(overNewer({ n: 1, extra: 'x' }, { n: 2 }, ['n', 'm'])).toEqual({ n: 2, extra: 'x' });
    expect(overNewer({ n: 1, m: 5 }, { n: 2 }, ['n', 'm'])).toEqual({ n: 2 });
    expect(overNewer('not an object', { n: 2 }, ['n'])).toEqual({ n: 2 });
  });

  it('overNewerEntries writes only what changed', () => {
    const stored = {
      same: { n: 1, extra: 'a' },
      changed: { n: 1, extra: 'b' },
      dropped: { n: 1 },
      unreadable: { n: 'x' },
      rewritten: { n: 'y', extra: 'c' },
    };
    const next = { same: { n: 1 }, changed: { n: 2 }, rewritten: { n: 3 }, added: { n: 4 } };
    expect(overNewerEntries(stored, next, parse, ['n'])).toEqual({
      same: { n: 1, extra: 'a' },
      changed: { n: 2, extra: 'b' },
      unreadable: { n: 'x' },
      rewritten: { n: 3, extra: 'c' },
      added: { n: 4 },
    });
  });
});

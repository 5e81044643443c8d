// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { mergeEntry, quotaOf, versionOf } from '@/utils/storage/synced-entry';

describe('synced entries', () => {
  it('an entry without a version mark is version 1', () => {
    expect(versionOf({ name: 'Notch' })).toBe(1);
    expect(versionOf({ v: 3 })).toBe(3);
    expect(versionOf({ v: 'x' })).toBe(1);
    expect(versionOf('junk')).toBe(1);
  });

  it('an edit changes the known fields and keeps every other one, and a newer mark', () => {
    const stored = { v: 4, name: 'Notch', addedAt: 1, colour: 'teal' };
    expect(mergeEntry(stored, { name: 'Notch2', addedAt: undefined }, 1)).toEqual({
      v: 4,
      name: 'Notch2',
      colour: 'teal',
    });
    expect(stored).toEqual({ v: 4, name: 'Notch', addedAt: 1, colour: 'teal' });
    expect(mergeEntry(undefined, { name: 'New' }, 1)).toEqual({ v: 1, name: 'New' });
  });

  it('tells sync’s quotas apart from other failures, by Chrome’s messages', () => {
    expect(quotaOf(new Error('QUOTA_BYTES quota exceeded'))).toBe('room');
    expect(quotaOf(new Error('QUOTA_BYTES_PER_ITEM quota exceeded'))).toBe('room');
    expect(quotaOf(new Error('MAX_ITEMS quota exceeded'))).toBe('room');
    expect(quotaOf(new Error('This request exceeds the MAX_WRITE_OPERATIONS_PER_MINUTE quota.'))).toBe(
      'rate',
    );
    expect(quotaOf('MAX_WRITE_OPERATIONS_PER_HOUR quota exceeded')).toBe('rate');
    expect(quotaOf(new Error('Extension context invalidated.'))).toBeUndefined();
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MAX_SEEN_LISTINGS_PER_SEARCH } from '@/utils/limits';
import { withSeen } from '@/utils/saved-searches/seen-listings';

describe('withSeen', () => {
  it('adds new ids after the old ones, each once', () => {
    expect(withSeen([1, 2], [2, 3, 3, 4])).toEqual([1, 2, 3, 4]);
  });

  it('keeps the newest ids past the bound', () => {
    expect(withSeen([1, 2, 3], [4, 5], 4)).toEqual([2, 3, 4, 5]);
    const many = Array.from({ length: MAX_SEEN_LISTINGS_PER_SEARCH + 10 }, (_, i) => i);
    const kept = withSeen([], many);
    expect(kept).toHaveLength(MAX_SEEN_LISTINGS_PER_SEARCH);
    expect(kept[0]).toBe(10);
  });

  it('moves an id seen again to the end, so it outlasts newer ones', () => {
    expect(withSeen([1, 2, 3], [1, 4])).toEqual([2, 3, 1, 4]);
    expect(withSeen([1, 2, 3], [1, 4, 5], 3)).toEqual([1, 4, 5]);
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { makeListing } from '@/tests/fixtures/players';
import { isBelowAlert, listingsToAnnounce } from '@/utils/saved-searches/alert-matching';

describe('isBelowAlert', () => {
  it('compares the price per item, not the listing price', () => {
    // 64 for 640 is 10 each: below 11, though 640 is far above it.
    expect(isBelowAlert({ price: 640, amount: 64 }, 11)).toBe(true);
    expect(isBelowAlert({ price: 640, amount: 64 }, 9.99)).toBe(false);
  });

  it('is not below at exactly the alert price', () => {
    expect(isBelowAlert({ price: 10, amount: 1 }, 10)).toBe(false);
    expect(isBelowAlert({ price: 640, amount: 64 }, 10)).toBe(false);
    expect(isBelowAlert({ price: 639.99, amount: 64 }, 10)).toBe(true);
  });

  it('never matches a listing without items or a usable price', () => {
    expect(isBelowAlert({ price: 5, amount: 0 }, 100)).toBe(false);
    expect(isBelowAlert({ price: Number.NaN, amount: 1 }, 100)).toBe(false);
    expect(isBelowAlert({ price: -1, amount: 1 }, 100)).toBe(false);
  });
});

describe('listingsToAnnounce', () => {
  const cheapStack = makeListing({ id: 1, price: 320, amount: 64 }); // 5 each
  const cheapOne = makeListing({ id: 2, price: 8, amount: 1 }); // 8 each
  const atAlert = makeListing({ id: 3, price: 10, amount: 1 });
  const dear = makeListing({ id: 4, price: 50, amount: 2 }); // 25 each

  it('announces unseen listings below the alert, cheapest per item first', () => {
    const announced = listingsToAnnounce([cheapOne, dear, atAlert, cheapStack], 10, new Set());
    expect(announced.map((listing) => listing.id)).toEqual([1, 2]);
  });

  it('skips listings already seen', () => {
    expect(listingsToAnnounce([cheapStack, cheapOne], 10, new Set([1])).map((l) => l.id)).toEqual([2]);
  });

  it('skips expired listings, even cheap ones', () => {
    const expired = makeListing({ id: 5, price: 1, amount: 1, time_left_seconds: 0 });
    expect(listingsToAnnounce([expired], 10, new Set())).toEqual([]);
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { makeListing } from '@/tests/fixtures/players';
import { alertText, listingLine, listingName, MAX_LISTINGS_NAMED } from '@/utils/saved-searches/alert-text';

describe('alert text', () => {
  it('names the item without colour codes, or by its type when it has no name', () => {
    expect(listingName({ display_name: '&6&lGolden &rBlade', material: 'GOLDEN_SWORD' })).toBe(
      'Golden Blade',
    );
    expect(listingName({ display_name: '&a', material: 'GOLDEN_SWORD' })).toBe('Golden Sword');
  });

  it('says amount, price, price per item and seller', () => {
    const listing = makeListing({ display_name: '&bDiamond', amount: 64, price: 640, seller: 'Notch' });
    expect(listingLine(listing)).toBe('64 × Diamond for 640 (10 each) from Notch');
  });

  it('one listing: one notification about it', () => {
    const text = alertText({ text: 'diamond', alertBelow: 12 }, [
      makeListing({ display_name: 'Diamond', price: 10 }),
    ]);
    expect(text.title).toBe('New listing below 12 each: Diamond');
    expect(text.message).toBe('1 × Diamond for 10 (10 each) from Notch');
  });

  it('folds several into one, naming the first few and counting the rest', () => {
    const listings = Array.from({ length: MAX_LISTINGS_NAMED + 2 }, (_, i) =>
      makeListing({ id: i, display_name: `Item ${i}`, price: i + 1 }),
    );
    const text = alertText({ text: 'item', alertBelow: 100 }, listings);
    expect(text.title).toBe(`${MAX_LISTINGS_NAMED + 2} new listings below 100 each for “item”`);
    const lines = text.message.split('\n');
    expect(lines).toHaveLength(MAX_LISTINGS_NAMED + 1);
    expect(lines[0]).toContain('Item 0');
    expect(lines.at(-1)).toBe('and 2 more');
  });
});

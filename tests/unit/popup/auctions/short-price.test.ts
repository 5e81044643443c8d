import { describe, expect, it } from 'vitest';
import { shortPriceNote } from '../../../../entrypoints/popup/auctions/short-price';

describe('shortPriceNote', () => {
  it('shows a shortened form as the server wrote it', () => {
    expect(shortPriceNote('12.5k', 12_500)).toBe('12.5k');
    expect(shortPriceNote(' 1.2M ', 1_234_567)).toBe('1.2M');
  });

  it('hides the same number in the server’s notation, which a German or French list would show twice', () => {
    expect(shortPriceNote('886.35', 886.35)).toBeNull();
    expect(shortPriceNote('12,500', 12_500)).toBeNull();
    expect(shortPriceNote('1,234.5', 1234.5)).toBeNull();
    expect(shortPriceNote('504', 504)).toBeNull();
    expect(shortPriceNote('', 504)).toBeNull();
  });

  it('shows a plain number that is not the price: the server disagrees with itself, and says so', () => {
    expect(shortPriceNote('886.36', 886.35)).toBe('886.36');
    expect(shortPriceNote('1,23', 123)).toBe('1,23');
  });
});

import { describe, expect, it } from 'vitest';
import { pricedItemName, priceFiguresText } from '@/entrypoints/popup/auctions/saved/price-figures';
import { speak } from '@/tests/fixtures/catalogues';

const format = (value: number) => String(value);
const time = () => '14:05';
const summary = (min: number, max: number, latest: number) => ({ min, max, latest, latestTime: 0 });

describe('priceFiguresText', () => {
  it('reads naturally: the item, the span of each price and where it is now', () => {
    expect(priceFiguresText('Diamond', summary(2, 10.7, 3), summary(8, 12, 9), format, time)).toBe(
      'Diamond: lowest price from 2 to 10.7 each (now 3), median from 8 to 12 (now 9), last checked 14:05.',
    );
  });

  it('names one value when the price did not move, and says when nothing was listed', () => {
    expect(priceFiguresText('Diamond', summary(3, 3, 3), summary(4, 4, 4), format, time)).toBe(
      'Diamond: lowest price 3 each (now 3), median 4 (now 4), last checked 14:05.',
    );
    expect(priceFiguresText('Diamond', null, null, format, time)).toBe('Diamond: no listings in this range.');
  });

  it('speaks the UI language', async () => {
    await speak('de');
    expect(priceFiguresText('Diamant', summary(2, 10.7, 3), summary(8, 12, 9), format, time)).toBe(
      'Diamant: niedrigster Preis von 2 bis 10.7 pro Stück (jetzt 3), Median von 8 bis 12 (jetzt 9), zuletzt geprüft 14:05.',
    );
  });
});

describe('pricedItemName', () => {
  it('names an item by its shown name, and its kind when renamed', () => {
    expect(pricedItemName({ material: 'DIAMOND_BLOCK', name: 'Diamond Block' })).toBe('Diamond Block');
    expect(pricedItemName({ material: 'DIAMOND_SWORD', name: 'Excalibur' })).toBe(
      'Excalibur (Diamond Sword)',
    );
    expect(pricedItemName({ material: 'DIAMOND', name: '' })).toBe('Diamond');
    expect(pricedItemName({ material: 'DIAMOND', name: '&bShiny &lDiamond' })).toBe(
      'Shiny Diamond (Diamond)',
    );
  });
});

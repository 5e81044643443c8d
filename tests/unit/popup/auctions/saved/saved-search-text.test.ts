// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  chartLabel,
  csvFileName,
  lastCheckText,
  parseAlertInput,
  searchTitle,
} from '@/entrypoints/popup/auctions/saved/saved-search-text';
import { speak } from '@/tests/fixtures/catalogues';

const NOW = Date.UTC(2025, 4, 6, 12, 0, 0);

describe('saved search words', () => {
  it('titles a search by its text and sort', () => {
    expect(searchTitle({ text: 'diamond', sort: 'cheap' })).toBe('diamond (Cheapest)');
  });

  it('describes the last check, or says how to get one', () => {
    expect(lastCheckText(null, NOW)).toBe('Not checked yet: press Check now.');
    expect(lastCheckText({ at: NOW - 180_000, lowest: 10, median: 12, listings: 12 }, NOW)).toBe(
      'Lowest 10 each · 12 listings · checked 3 min ago',
    );
    expect(lastCheckText({ at: NOW, lowest: 2.5, median: 2.5, listings: 1 }, NOW)).toBe(
      'Lowest 2.5 each · 1 listing · checked just now',
    );
    expect(lastCheckText({ at: NOW, lowest: null, median: null, listings: 0 }, NOW)).toBe(
      'No listings · checked just now',
    );
  });

  it('says what the lowest price covers when more listings match than a check reads', () => {
    expect(lastCheckText({ at: NOW, lowest: 4, median: 9, listings: 1_500, covered: 200 }, NOW)).toBe(
      'Lowest 4 each among the 200 newest · 1,500 listings · checked just now',
    );
  });

  it('names the chart by search and range', () => {
    expect(chartLabel('diamond', '7d')).toBe('Price per item for “diamond”, last 7 days');
  });

  it('makes a safe file name', () => {
    expect(csvFileName('Diamond Sword!', NOW)).toBe('price-history-diamond-sword-2025-05-06.csv');
    expect(csvFileName('../../', NOW)).toBe('price-history-search-2025-05-06.csv');
  });

  it('reads the Alert below field: empty clears, a positive number sets, anything else is refused', () => {
    expect(parseAlertInput('  ')).toBeNull();
    expect(parseAlertInput('12.5')).toBe(12.5);
    expect(parseAlertInput('0')).toBeUndefined();
    expect(parseAlertInput('-3')).toBeUndefined();
    expect(parseAlertInput('abc')).toBeUndefined();
  });
});

describe('saved search words in other languages', () => {
  it('titles and describes a search in German, with the plural of listings', async () => {
    await speak('de');
    expect(searchTitle({ text: 'diamond', sort: 'cheap' })).toBe('diamond (Günstigste)');
    expect(lastCheckText(null, NOW)).toBe('Noch nicht geprüft: Drück „Jetzt prüfen“.');
    expect(lastCheckText({ at: NOW, lowest: 10, median: 12, listings: 1 }, NOW)).toMatch(
      /^Ab 10 pro Stück · 1 Angebot · geprüft /,
    );
    expect(lastCheckText({ at: NOW, lowest: 10, median: 12, listings: 12 }, NOW)).toMatch(
      / · 12 Angebote · /,
    );
    expect(chartLabel('diamond', '7d')).toBe('Preis pro Stück für „diamond“, letzte 7 Tage');
  });
});

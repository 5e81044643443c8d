// Specifies locales/*.yml: every language has every key of English with the same placeholders.
import { describe, expect, it } from 'vitest';
import { LOCALES, loadCatalogue } from '../../fixtures/catalogues';

/** What the issue asks for: English, German, Spanish, Brazilian Portuguese and French. */
const REQUIRED = ['de', 'en', 'es', 'fr', 'pt_BR'];
/** Chrome Web Store and AMO limits on the manifest's name and description. */
const NAME_LIMIT = 75;
const DESCRIPTION_LIMIT = 132;
/** Chrome shows about four characters on the toolbar badge (entrypoints/background/badge/badge-states.ts). */
const BADGE_MARKER_LIMIT = 4;
const BADGE_MARKER = /^background_badge_marker/;
const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

const placeholders = (message: string) => [...message.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

const english = await loadCatalogue('en');
const catalogues = new Map(await Promise.all(LOCALES.map(async (l) => [l, await loadCatalogue(l)] as const)));
const isPluralForm = (name: string) =>
  PLURAL_FORM.test(name) && english.has(name.replace(PLURAL_FORM, '_other'));

describe('locales/', () => {
  it('has the five languages', () => {
    expect(LOCALES).toEqual(expect.arrayContaining(REQUIRED));
  });

  describe.each(LOCALES)('%s', (locale) => {
    const catalogue = catalogues.get(locale) ?? new Map<string, string>();

    it('has every English key, and no key English lacks (plural forms aside)', () => {
      const missing = [...english.keys()].filter(
        (name) => !catalogue.has(name) && !(isPluralForm(name) && !name.endsWith('_other')),
      );
      const extra = [...catalogue.keys()].filter((name) => !english.has(name) && !isPluralForm(name));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it('uses the same placeholders as English in every message', () => {
      const wrong = [...catalogue].filter(([name, message]) => {
        const source = english.get(name) ?? english.get(name.replace(PLURAL_FORM, '_other')) ?? '';
        // A singular form may spell the number out ("one player") and drop {count}.
        if (isPluralForm(name) && !name.endsWith('_other')) {
          return placeholders(message).some((p) => !placeholders(source).includes(p));
        }
        return placeholders(message).join() !== placeholders(source).join();
      });
      expect(wrong.map(([name]) => name)).toEqual([]);
    });

    it('writes plural forms the language has (Intl.PluralRules)', () => {
      const forms = new Set<string>(
        new Intl.PluralRules(locale.replace('_', '-')).resolvedOptions().pluralCategories,
      );
      forms.add('zero');
      const unknown = [...catalogue.keys()].filter(
        (name) => isPluralForm(name) && !forms.has(name.match(PLURAL_FORM)?.[1] ?? ''),
      );
      expect(unknown).toEqual([]);
    });

    it('has no empty message and no `$` (chrome.i18n reads `$` as a substitution)', () => {
      const bad = [...catalogue].filter(([, message]) => message.trim() === '' || message.includes('$'));
      expect(bad.map(([name]) => name)).toEqual([]);
    });

    it('keeps every badge marker to four characters', () => {
      const markers = [...catalogue].filter(([name]) => BADGE_MARKER.test(name));
      expect(markers.length).toBe(5);
      const long = markers.filter(([, marker]) => [...marker].length > BADGE_MARKER_LIMIT);
      expect(long).toEqual([]);
    });

    it('fits the store listing limits', () => {
      expect(catalogue.get('extension_name')?.length ?? 0).toBeLessThanOrEqual(NAME_LIMIT);
      expect(catalogue.get('extension_description')?.length ?? 0).toBeLessThanOrEqual(DESCRIPTION_LIMIT);
    });
  });
});

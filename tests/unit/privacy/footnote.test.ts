// Specifies the options footnote (utils/privacy/privacy-text.ts optionsFootnote): in every
// language it names every kind of synced value the registry lists, filled, in a list.
import { describe, expect, it } from 'vitest';
import { pageWords } from '@/utils/privacy/page-words';
import { optionsFootnote, syncedNames } from '@/utils/privacy/privacy-text';
import { LOCALES, speak } from '../../fixtures/catalogues';

describe('options footnote', () => {
  it.each(LOCALES)(
    'in %s names the watched players, the saved searches with their alerts, the tags and notes, and the goals',
    async (locale) => {
      await speak(locale);
      const names = syncedNames(pageWords);
      expect(names).toHaveLength(4);
      const footnote = optionsFootnote(pageWords);
      for (const name of names) expect(footnote).toContain(name);
      expect(footnote).not.toMatch(/\{\w+\}|options\.|privacy\./);
    },
  );
});

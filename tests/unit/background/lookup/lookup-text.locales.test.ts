import { describe, expect, it } from 'vitest';
import { lookupMenus } from '@/entrypoints/background/lookup/lookup-menus';
import { defaultSuggestionFor, suggestionsFor } from '@/entrypoints/background/lookup/omnibox-suggestions';
import { speak } from '@/tests/fixtures/catalogues';

describe('context menus and address bar in other languages', () => {
  it('German: menu titles keep the %s the browser fills in', async () => {
    await speak('de');
    expect(lookupMenus(['https://forum.example.net/*']).map((menu) => menu.title)).toEqual([
      '„%s“ nachschlagen',
      'Diesen Spieler nachschlagen',
    ]);
  });

  it('German: the name is highlighted wherever the sentence puts it', async () => {
    await speak('de');
    expect(defaultSuggestionFor('Notch', true)).toBe(
      '<match>Notch</match><dim> in Network Companion nachschlagen</dim>',
    );
    expect(defaultSuggestionFor('Notch', false)).toBe('Notch in Network Companion nachschlagen');
    expect(defaultSuggestionFor('a b', false)).toBe(
      '„a b“ kann nicht nachgeschlagen werden. Gib einen Spielernamen (3–16 Buchstaben, Ziffern oder _) oder eine UUID ein.',
    );
  });

  it('French and Portuguese: the empty line, the rows and the menus', async () => {
    await speak('fr');
    expect(defaultSuggestionFor('', false)).toBe(
      'Network Companion : Saisissez un nom de joueur ou un UUID.',
    );
    expect(suggestionsFor('Not', ['Notch'], false)[0]?.description).toBe('Notch – ouvrir la vue du joueur');
    await speak('pt_BR');
    expect(defaultSuggestionFor('Notch', true)).toBe(
      'Procurar <match>Notch</match><dim> no Network Companion</dim>',
    );
    expect(lookupMenus([])[0]?.title).toBe('Procurar “%s”');
  });

  it('English stays as it was', () => {
    expect(defaultSuggestionFor('Notch', true)).toBe(
      'Look up <match>Notch</match><dim> in Network Companion</dim>',
    );
    expect(lookupMenus([]).map((menu) => menu.title)).toEqual(['Look up “%s”', 'Look up this player']);
  });
});

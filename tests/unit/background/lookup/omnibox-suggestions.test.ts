import { describe, expect, it } from 'vitest';
import {
  defaultSuggestionFor,
  MAX_ECHOED_INPUT,
  MAX_OMNIBOX_SUGGESTIONS,
  matchingNames,
  suggestionsFor,
} from '@/entrypoints/background/lookup/omnibox-suggestions';
import { emptyIdentifierMessage, invalidIdentifierMessage } from '@/utils/api/identifiers';

/** Well-formed as Chrome's parser needs it: parses, and every `&` starts a predefined entity. */
function expectWellFormedXml(description: string): Document {
  expect(description).not.toMatch(/&(?!(?:amp|lt|gt|quot|apos);)/);
  const doc = new DOMParser().parseFromString(`<root>${description}</root>`, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  for (const element of Array.from(doc.documentElement.getElementsByTagName('*'))) {
    expect(['match', 'dim']).toContain(element.tagName);
  }
  return doc;
}

const NAMES = ['Steve', 'Notch', 'notchfan', 'Alex', 'Anotcher', 'NOTCH', 'xNotx', 'Not'];

describe('matchingNames', () => {
  it('exact first, then names starting with the input, then names containing it', () => {
    expect(matchingNames('not', NAMES)).toEqual(['Not', 'Notch', 'notchfan', 'Anotcher', 'xNotx']);
    expect(matchingNames('notch', NAMES)).toEqual(['Notch', 'notchfan', 'Anotcher']);
  });

  it('keeps the order of the list within each group (best first)', () => {
    expect(matchingNames('a', ['Zara', 'Alex', 'Adam', 'Bea'])).toEqual(['Alex', 'Adam', 'Zara', 'Bea']);
  });

  it('matches case-insensitively and ignores surrounding spaces', () => {
    expect(matchingNames('  STEVE ', NAMES)).toEqual(['Steve']);
  });

  it('lists each name once, in its first spelling', () => {
    expect(matchingNames('notch', ['Notch', 'NOTCH', 'notch'])).toEqual(['Notch']);
  });

  it('drops entries that are not game names', () => {
    expect(matchingNames('a', ['a<b>', 'A&B', 'two words', 'Al', 'Alice'])).toEqual(['Alice']);
  });

  it(`shows at most ${MAX_OMNIBOX_SUGGESTIONS}; empty input shows the first names`, () => {
    const many = Array.from({ length: 20 }, (_, i) => `Player${i}`);
    expect(matchingNames('player', many)).toEqual(many.slice(0, MAX_OMNIBOX_SUGGESTIONS));
    expect(matchingNames('', NAMES)).toEqual(NAMES.slice(0, MAX_OMNIBOX_SUGGESTIONS));
  });

  it('finds nothing for input no name contains', () => {
    expect(matchingNames('<', NAMES)).toEqual([]);
    expect(matchingNames('069a79f4-44e9-4726-a5be-fca90e38aaf5', NAMES)).toEqual([]);
  });
});

describe('suggestionsFor', () => {
  it('Chrome: the name is the content; the matched part is highlighted in XML', () => {
    const [first, second] = suggestionsFor('Not', ['Notch', 'Anotcher'], true);
    expect(first).toEqual({
      content: 'Notch',
      description: '<match>Not</match>ch<dim> – open the player view</dim>',
    });
    expect(second?.description).toBe('A<match>not</match>cher<dim> – open the player view</dim>');
    for (const suggestion of suggestionsFor('Not', NAMES, true)) expectWellFormedXml(suggestion.description);
  });

  it('Firefox: the same rows as plain text', () => {
    expect(suggestionsFor('Not', ['Notch'], false)).toEqual([
      { content: 'Notch', description: 'Notch – open the player view' },
    ]);
  });

  it('no match highlighted for empty input', () => {
    expect(suggestionsFor('', ['Notch'], true)[0]?.description).toBe(
      'Notch<dim> – open the player view</dim>',
    );
  });
});

describe('defaultSuggestionFor', () => {
  it('a name: says Enter looks it up (Chrome and Firefox)', () => {
    expect(defaultSuggestionFor(' Notch ', true)).toBe(
      'Look up <match>Notch</match><dim> in Network Companion</dim>',
    );
    expect(defaultSuggestionFor(' Notch ', false)).toBe('Look up Notch in Network Companion');
  });

  it('a UUID: shown as it will be looked up', () => {
    expect(defaultSuggestionFor('069A79F444E94726A5BEFCA90E38AAF5', false)).toBe(
      'Look up 069a79f4-44e9-4726-a5be-fca90e38aaf5 in Network Companion',
    );
  });

  it('nothing typed yet: says what to type', () => {
    expect(defaultSuggestionFor('  ', false)).toBe(`Network Companion: ${emptyIdentifierMessage()}`);
  });

  it('invalid input: says why, in the same words as the popup', () => {
    expect(defaultSuggestionFor('two words', false)).toBe(
      `Can’t look up “two words”. ${invalidIdentifierMessage()}`,
    );
  });

  it('hostile input stays text in Chrome: escaped, well-formed, read back unchanged', () => {
    for (const input of ['a<b', '</dim><url>x</url>', 'Tom & Jerry', '"\'&amp;', '<match>']) {
      const doc = expectWellFormedXml(defaultSuggestionFor(input, true));
      expect(doc.documentElement.textContent).toContain(`“${input}”`);
    }
    // Characters XML forbids even escaped are replaced, not passed on to break the parser.
    const doc = expectWellFormedXml(defaultSuggestionFor('\u0000<\uD800', true));
    expect(doc.documentElement.textContent).toContain('“\uFFFD<\uFFFD”');
  });

  it('hostile input is never escaped in Firefox (it would show as &lt;)', () => {
    expect(defaultSuggestionFor('a<b & c', false)).toBe(
      `Can’t look up “a<b & c”. ${invalidIdentifierMessage()}`,
    );
  });

  it(`repeats at most ${MAX_ECHOED_INPUT} characters of the input`, () => {
    const long = `${'x'.repeat(MAX_ECHOED_INPUT)}TAIL`;
    const description = defaultSuggestionFor(long, false);
    expect(description).toContain(`“${'x'.repeat(MAX_ECHOED_INPUT)}…”`);
    expect(description).not.toContain('TAIL');
  });
});

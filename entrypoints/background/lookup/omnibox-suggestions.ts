import {
  emptyIdentifierMessage,
  invalidIdentifierMessage,
  isGameName,
  parseIdentifier,
} from '@/utils/api/identifiers';
import { t } from '@/utils/i18n/translate';
import { PRODUCT_NAME } from '../badge/badge-states';
import { renderDescription, type Segment } from './omnibox-description';

/**
 * What the address bar shows for `nc TEXT`: matching names from a local list (no request per
 * keystroke) and the default line, which says what Enter will do or why it will do nothing.
 */

/** Rows under the default line; Chrome shows about this many extension suggestions. */
export const MAX_OMNIBOX_SUGGESTIONS = 5;
/** How much of an unusable input the default line repeats back. */
export const MAX_ECHOED_INPUT = 32;

export interface OmniboxSuggestion {
  /** What Enter sends back (`onInputEntered`) when the row is chosen: the name. */
  content: string;
  description: string;
}

/**
 * The names that match `input`, case-insensitively: exact first, then names starting with it,
 * then names containing it; within each group the order of `names` (best first). Each name
 * once (first spelling wins); anything that is not a game name is dropped. Empty input: the
 * first names.
 */
export function matchingNames(
  input: string,
  names: readonly string[],
  limit = MAX_OMNIBOX_SUGGESTIONS,
): string[] {
  const query = input.trim().toLowerCase();
  const seen = new Set<string>();
  const exact: string[] = [];
  const starting: string[] = [];
  const containing: string[] = [];
  for (const name of names) {
    if (typeof name !== 'string' || !isGameName(name)) continue;
    const key = name.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    if (key === query) exact.push(name);
    else if (key.startsWith(query)) starting.push(name);
    else if (key.includes(query)) containing.push(name);
  }
  return [...exact, ...starting, ...containing].slice(0, limit);
}

/** `name` with the part that matches `query` highlighted. */
function nameSegments(name: string, query: string): Segment[] {
  const at = query === '' ? -1 : name.toLowerCase().indexOf(query.toLowerCase());
  if (at === -1) return [{ text: name }];
  const end = at + query.length;
  const segments: Segment[] = [
    { text: name.slice(0, at) },
    { text: name.slice(at, end), style: 'match' },
    { text: name.slice(end) },
  ];
  return segments.filter((segment) => segment.text !== '');
}

export function suggestionsFor(
  input: string,
  names: readonly string[],
  markup: boolean,
): OmniboxSuggestion[] {
  const query = input.trim();
  return matchingNames(query, names).map((name) => ({
    content: name,
    description: renderDescription(
      [...nameSegments(name, query), { text: ` ${t('background.omnibox.openPlayer')}`, style: 'dim' }],
      markup,
    ),
  }));
}

function echo(text: string): string {
  return text.length > MAX_ECHOED_INPUT ? `${text.slice(0, MAX_ECHOED_INPUT)}…` : text;
}

/** Stands for the name while the sentence is split around it (a private-use character). */
const NAME_MARK = '\uE000';

/**
 * "Look up <match>Notch</match><dim> in Network Companion</dim>": the catalogue's sentence
 * split around the name, whatever the word order; what follows the name is dimmed.
 */
function lookUpSegments(name: string): Segment[] {
  const sentence = t('background.omnibox.lookUp', { name: NAME_MARK, product: PRODUCT_NAME });
  const at = sentence.indexOf(NAME_MARK);
  if (at < 0) return [{ text: sentence }];
  const before = sentence.slice(0, at);
  const after = sentence.slice(at + NAME_MARK.length);
  const segments: Segment[] = [];
  if (before !== '') segments.push({ text: before });
  segments.push({ text: name, style: 'match' });
  if (after !== '') segments.push({ text: after, style: 'dim' });
  return segments;
}

/** The first row: what Enter does with `input`, or why it does nothing. */
export function defaultSuggestionFor(input: string, markup: boolean): string {
  const text = input.trim();
  const parsed = parseIdentifier(text);
  const segments: Segment[] = parsed.ok
    ? lookUpSegments(parsed.value)
    : text === ''
      ? [
          { text: `${t('background.omnibox.nothingTyped', { product: PRODUCT_NAME })} ` },
          { text: emptyIdentifierMessage(), style: 'dim' },
        ]
      : [
          { text: `${t('background.omnibox.cannotLookUp', { text: echo(text) })} ` },
          { text: invalidIdentifierMessage(), style: 'dim' },
        ];
  return renderDescription(segments, markup);
}

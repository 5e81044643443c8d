import { browser } from 'wxt/browser';
import type { GeneratedI18nStructure } from '#i18n';
import { forgetUiLanguage, uiLanguage } from './ui-language';

/**
 * Every user-visible string comes from the catalogue in locales/ (one file per language; the
 * browser picks the file). Keys are typed from locales/en.yml by @wxt-dev/i18n, so a missing
 * key or a missing placeholder is a type error.
 */
type Catalogue = GeneratedI18nStructure;
export type MessageKey = keyof Catalogue;

type PlaceholderName<K extends MessageKey> = Catalogue[K] extends { namedSubstitutions: readonly (infer N)[] }
  ? N & string
  : never;

/** Values for `{name}` placeholders: numbers are formatted for the UI language. */
export type Placeholders<K extends MessageKey> = { readonly [N in PlaceholderName<K>]: string | number };

type PlaceholderArgs<K extends MessageKey> = [PlaceholderName<K>] extends [never] ? [] : [Placeholders<K>];

const PLACEHOLDER = /\{(\w+)\}/g;

let numbers: Intl.NumberFormat | undefined;
function formatValue(value: string | number): string {
  if (typeof value === 'string') return value;
  numbers ??= new Intl.NumberFormat(uiLanguage(), { maximumFractionDigits: 2 });
  return Number.isFinite(value) ? numbers.format(value) : '?';
}

function fill(message: string, values: Readonly<Record<string, string | number>> | undefined): string {
  if (!values) return message;
  return message.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? formatValue(values[name] as string | number) : whole,
  );
}

/** The chrome.i18n name of a catalogue key: nesting becomes `_` (what @wxt-dev/i18n writes). */
function platformName(key: string): string {
  return key.replaceAll('.', '_');
}

/**
 * Messages read so far. The catalogue cannot change while a page lives, and each getMessage
 * crosses the extension bindings: the auction list's countdowns read a few hundred a second.
 */
const messages = new Map<string, string>();

/** The catalogue's text for `key`, or `` when no catalogue has it. */
function lookUpOptional(key: string): string {
  let message = messages.get(key);
  if (message === undefined) {
    message = readMessage(key);
    messages.set(key, message);
  }
  return message;
}

function readMessage(key: string): string {
  try {
    // The platform's types list only the predefined `@@` names; ours are typed by MessageKey.
    const i18n = browser?.i18n as { getMessage?: (name: string) => string } | undefined;
    return i18n?.getMessage?.(platformName(key)) ?? '';
  } catch {
    return '';
  }
}

function lookUp(key: string): string {
  const message = lookUpOptional(key);
  // An empty answer means the key is missing from every catalogue: show the key, not nothing,
  // so the gap is visible (tests/unit/i18n/catalogue.test.ts keeps it from shipping).
  return message || key;
}

/** The message for `key` in the UI language, with its `{placeholders}` filled. */
export function t<K extends MessageKey>(key: K, ...values: PlaceholderArgs<K>): string {
  return fill(lookUp(key), values[0] as Readonly<Record<string, string | number>> | undefined);
}

/** A message without placeholders: one a table can hold (messageTable). */
export type PlainKey = { [K in MessageKey]: [PlaceholderName<K>] extends [never] ? K : never }[MessageKey];

/**
 * A table of messages by what they are about (`BASE_URL_MESSAGES.scheme`): each property reads
 * the catalogue when it is read, so the text is in the language of that moment, not of load time.
 */
export function messageTable<N extends string>(
  keys: Readonly<Record<N, PlainKey>>,
): Readonly<Record<N, string>> {
  const table = {} as Record<N, string>;
  for (const name of Object.keys(keys) as N[]) {
    const key: PlainKey = keys[name];
    Object.defineProperty(table, name, { enumerable: true, get: () => t(key) });
  }
  return table;
}

/** Keys `k` for which the catalogue has `k.one` and `k.other`: a plural message. */
export type PluralKey = {
  [K in MessageKey]: K extends `${infer Base}.other`
    ? `${Base}.one` extends MessageKey
      ? Base
      : never
    : never;
}[MessageKey];

type PluralPlaceholders<B extends PluralKey> = Omit<Placeholders<`${B}.other` & MessageKey>, 'count'>;

const PLURAL_FORMS = new Set<Intl.LDMLPluralRule>(['zero', 'one', 'two', 'few', 'many', 'other']);
let pluralRules: Intl.PluralRules | undefined;

/**
 * The plural form of `base` for `count` in the UI language (`{count}` is filled, formatted):
 * Intl.PluralRules picks `one`, `few`, `many`…; a form a locale does not write falls back to
 * `other` (French and Spanish have `many` for millions).
 */
export function plural<B extends PluralKey>(
  base: B,
  count: number,
  ...values: keyof PluralPlaceholders<B> extends never ? [] : [PluralPlaceholders<B>]
): string {
  pluralRules ??= new Intl.PluralRules(uiLanguage());
  const form = Number.isFinite(count) ? pluralRules.select(count) : 'other';
  const exact = count === 0 ? lookUpOptional(`${base}.zero`) : '';
  const message =
    exact ||
    (PLURAL_FORMS.has(form) && form !== 'other' ? lookUpOptional(`${base}.${form}`) : '') ||
    lookUp(`${base}.other`);
  return fill(message, { ...(values[0] as Record<string, string | number> | undefined), count });
}

/** Forgets the language, its messages and formatters (tests switch the UI language). */
export function resetLanguageCache(): void {
  forgetUiLanguage();
  messages.clear();
  numbers = undefined;
  pluralRules = undefined;
}

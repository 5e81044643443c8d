import { resolve } from 'node:path';
import { generateChromeMessages, parseMessagesFile } from '@wxt-dev/i18n/build';
import type { PrivacyWords } from '@/utils/privacy/privacy-text';

/** The five catalogues, in the order the store folders list them. */
export const STORE_LOCALES = ['en', 'de', 'es', 'fr', 'pt_BR'] as const;
export type StoreLocale = (typeof STORE_LOCALES)[number];

const LOCALES_DIR = resolve(import.meta.dirname, '../../locales');

/** One catalogue as the browser reads it: `privacy_title` → message. */
export async function readCatalogue(locale: string): Promise<Map<string, string>> {
  const messages = generateChromeMessages(await parseMessagesFile(resolve(LOCALES_DIR, `${locale}.yml`)));
  return new Map(Object.entries(messages).map(([name, entry]) => [name, entry.message]));
}

/** A catalogue's message by its dotted key; a missing one is an error, never an empty listing. */
export function messageOf(catalogue: ReadonlyMap<string, string>, key: string, locale: string): string {
  const message = catalogue.get(key.replaceAll('.', '_'));
  if (message === undefined) throw new Error(`locales/${locale}.yml has no ${key}`);
  return message;
}

const fill = (message: string, values: Record<string, string | number>) =>
  message.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));

/** The privacy policy's words in one language, read from its catalogue file (no browser). */
export function catalogueWords(catalogue: ReadonlyMap<string, string>, locale: string): PrivacyWords {
  const say = (key: string) => messageOf(catalogue, key, locale);
  const tag = locale.replace('_', '-');
  const numbers = new Intl.NumberFormat(tag, { maximumFractionDigits: 2 });
  const lists = new Intl.ListFormat(tag, { type: 'conjunction' });
  return {
    t: say,
    sentIntro: (header) => fill(say('privacy.sentIntro'), { header }),
    keptDays: (days) => fill(say('privacy.kept.days'), { days: numbers.format(days) }),
    footnote: (synced) => fill(say('options.footnote'), { synced }),
    list: (items) => lists.format(items),
  };
}

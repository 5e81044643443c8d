import type { PlainKey } from '@/utils/i18n/translate';
import {
  API_KEY_HEADER,
  type Keeping,
  REQUESTS_SENT,
  STORED_VALUES,
  type StorageArea,
  type StoredValue,
} from '@/utils/storage/data-registry';

/**
 * The privacy policy, built from the registry of stored values and requests
 * (utils/storage/data-registry.ts) and the catalogue's words: the extension's privacy page,
 * docs/privacy.md (scripts/privacy.ts) and the options footnote all read it, so none of them
 * can say something the code does not do.
 */

/** The catalogue's words, from the page (utils/i18n/translate.ts) or from a script's catalogue file. */
export interface PrivacyWords {
  t(key: PlainKey): string;
  sentIntro(header: string): string;
  keptDays(days: number): string;
  footnote(synced: string): string;
  /** "a, b and c" in the language. */
  list(items: readonly string[]): string;
}

export interface PrivacyItem {
  text: string;
  /** How long it is kept; absent for requests. */
  kept?: string;
}

export interface PrivacySection {
  id: string;
  heading: string;
  intro?: string;
  items: PrivacyItem[];
}

export interface PrivacyPolicy {
  title: string;
  intro: string;
  sections: PrivacySection[];
  noAnalytics: string;
  deleteHeading: string;
  deleteText: string;
}

/** The sections for stored values, in the order a reader meets them. */
const AREAS: readonly { area: StorageArea; heading: PlainKey; intro?: PlainKey }[] = [
  { area: 'sync', heading: 'privacy.syncedHeading', intro: 'privacy.syncedIntro' },
  { area: 'local', heading: 'privacy.localHeading' },
  { area: 'indexeddb', heading: 'privacy.historyHeading' },
  { area: 'session', heading: 'privacy.sessionHeading' },
];

/** What the options footnote and the synced section call each synced value (one phrase per kind). */
const SYNCED_NAMES: Readonly<Record<string, PlainKey>> = {
  watchedPlayers: 'privacy.synced.watchedPlayers',
  savedSearches: 'privacy.synced.savedSearches',
  playerNotes: 'privacy.synced.playerNotes',
  goals: 'privacy.synced.goals',
  // The list earlier releases kept is the same saved searches.
  savedSearchesLegacyList: 'privacy.synced.savedSearches',
};

function keptText(kept: Keeping, words: PrivacyWords): string {
  if (kept.kind === 'days') return words.keptDays(kept.days);
  return words.t(`privacy.kept.${kept.kind}`);
}

function storedItem(value: StoredValue, words: PrivacyWords): PrivacyItem {
  return { text: words.t(value.describe), kept: keptText(value.kept, words) };
}

export function privacyPolicy(words: PrivacyWords): PrivacyPolicy {
  const stored = AREAS.map(({ area, heading, intro }) => ({
    id: area,
    heading: words.t(heading),
    ...(intro ? { intro: words.t(intro) } : {}),
    items: STORED_VALUES.filter((value) => value.area === area).map((value) => storedItem(value, words)),
  }));
  const sent: PrivacySection = {
    id: 'sent',
    heading: words.t('privacy.sentHeading'),
    intro: words.sentIntro(API_KEY_HEADER),
    items: REQUESTS_SENT.map((request) => ({ text: words.t(request.describe) })),
  };
  return {
    title: words.t('privacy.title'),
    intro: words.t('privacy.intro'),
    sections: [...stored, sent],
    noAnalytics: words.t('privacy.noAnalytics'),
    deleteHeading: words.t('privacy.deleteHeading'),
    deleteText: words.t('privacy.deleteText'),
  };
}

/** What is synced, in a few words each ("your watched players and your saved searches…"). */
export function syncedNames(words: PrivacyWords): string[] {
  const keys = STORED_VALUES.filter((value) => value.area === 'sync').map((value) => {
    const key = SYNCED_NAMES[value.id];
    if (!key) throw new Error(`The synced value ${value.id} has no name for the options footnote`);
    return key;
  });
  return [...new Set(keys)].map((key) => words.t(key));
}

/** The options page's footnote: its settings stay here; what is synced, from the registry. */
export function optionsFootnote(words: PrivacyWords): string {
  return words.footnote(words.list(syncedNames(words)));
}

/** The policy as Markdown (docs/privacy.md): text from the catalogue is escaped, never markup. */
export function privacyMarkdown(policy: PrivacyPolicy, note: string): string {
  const plain = (text: string) => text.replace(/([\\`*_[\]<>#|])/g, '\\$1');
  const lines = [`# ${plain(policy.title)}`, '', note, '', plain(policy.intro), ''];
  for (const section of policy.sections) {
    lines.push(`## ${plain(section.heading)}`, '');
    if (section.intro) lines.push(plain(section.intro), '');
    for (const item of section.items)
      lines.push(`- ${plain(item.text)}${item.kept ? ` ${plain(item.kept)}` : ''}`);
    lines.push('');
  }
  lines.push(
    plain(policy.noAnalytics),
    '',
    `## ${plain(policy.deleteHeading)}`,
    '',
    plain(policy.deleteText),
    '',
  );
  return lines.join('\n');
}

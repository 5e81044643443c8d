import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { messageOf, readCatalogue, STORE_LOCALES, type StoreLocale } from './catalogue-words';

/**
 * The store listings (Chrome Web Store, addons.mozilla.org) in the five languages, from the
 * catalogues' `extension` and `store` sections: `npm run store` writes them to store/<lang>/,
 * tests/unit/scripts/store.test.ts checks the files are up to date and within the stores' limits.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const packageJson = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { homepage: string };

/** Where the published policy lives (docs/privacy.md on the project's page). */
export const PRIVACY_POLICY_URL = `${packageJson.homepage}/blob/main/docs/privacy.md`;

/** The stores' limits, in characters. */
export const LIMITS = {
  /** Chrome Web Store: 75; addons.mozilla.org: 50. */
  name: 50,
  /** Chrome Web Store's summary (the manifest description): 132; AMO's summary is 250. */
  summary: 132,
  amoSummary: 250,
  /** Chrome Web Store's description field. */
  description: 16_000,
  /** Chrome Web Store's single-purpose and permission-justification fields. */
  singlePurpose: 1_000,
  justification: 1_000,
} as const;

/** Each permission and host permission either store may see → its justification in the catalogue. */
export const JUSTIFICATIONS: Readonly<Record<string, string>> = {
  storage: 'store.permissions.storage',
  alarms: 'store.permissions.alarms',
  idle: 'store.permissions.idle',
  notifications: 'store.permissions.notifications',
  scripting: 'store.permissions.scripting',
  contextMenus: 'store.permissions.contextMenus',
  sidePanel: 'store.permissions.sidePanel',
  'https://*/*': 'store.permissions.hosts',
  'http://*/*': 'store.permissions.hosts',
};

const FEATURES = ['player', 'auctions', 'leaderboard', 'watchlist', 'badge', 'hoverCards'] as const;

export interface StoreListing {
  locale: StoreLocale;
  name: string;
  summary: string;
  description: string;
  singlePurpose: string;
  permissions: Record<string, string>;
  privacyPolicyUrl: string;
  homepage: string;
}

export async function storeListing(locale: StoreLocale): Promise<StoreListing> {
  const catalogue = await readCatalogue(locale);
  const say = (key: string) => messageOf(catalogue, key, locale);
  const description = [
    say('store.about'),
    FEATURES.map((feature) => `• ${say(`store.features.${feature}`)}`).join('\n'),
    say('store.setup'),
    `${say('store.privacy')}\n${PRIVACY_POLICY_URL}`,
  ].join('\n\n');
  return {
    locale,
    name: say('extension.name'),
    summary: say('extension.description'),
    description,
    singlePurpose: say('store.singlePurpose'),
    permissions: Object.fromEntries(
      Object.entries(JUSTIFICATIONS).map(([permission, key]) => [permission, say(key)]),
    ),
    privacyPolicyUrl: PRIVACY_POLICY_URL,
    homepage: packageJson.homepage,
  };
}

/** The files of one language's folder: path under store/ → content. */
export async function storeFiles(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const locale of STORE_LOCALES) {
    const listing = await storeListing(locale);
    files.set(`${locale}/listing.json`, `${JSON.stringify(listing, null, 2)}\n`);
    // The long description as the stores' text box takes it.
    files.set(`${locale}/description.txt`, `${listing.description}\n`);
  }
  return files;
}

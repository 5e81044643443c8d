// Specifies scripts/store.ts: docs/privacy.md and store/<lang>/ are what the registry and the
// catalogues say, every permission the manifests ask for is justified in every language, and
// every listing field is within the stores' limits.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STORE_LOCALES } from '@/scripts/store/catalogue-words';
import { PRIVACY_FILE, privacyFile } from '@/scripts/store/privacy-file';
import { JUSTIFICATIONS, LIMITS, storeFiles, storeListing } from '@/scripts/store/store-listings';
import { STORED_VALUES } from '@/utils/storage/data-registry';
import config from '@/wxt.config';

const ROOT = resolve(import.meta.dirname, '../../..');
const read = (path: string) => readFileSync(resolve(ROOT, path), 'utf8');

type ManifestFn = (env: { browser: string; manifestVersion: 2 | 3; mode: string; command: 'build' }) => {
  permissions?: string[];
  optional_permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
};

/**
 * The permissions of the store builds (`npm run build`): Chrome MV3 and Firefox MV2, from the
 * manifest function in wxt.config.ts, plus what WXT adds for an entrypoint (the side panel).
 */
function storePermissions(browser: 'chrome' | 'firefox'): string[] {
  const manifest = (config.manifest as ManifestFn)({
    browser,
    manifestVersion: browser === 'chrome' ? 3 : 2,
    mode: 'production',
    command: 'build',
  });
  const fromEntrypoints =
    browser === 'chrome' && existsSync(resolve(ROOT, 'entrypoints/sidepanel')) ? ['sidePanel'] : [];
  return [
    ...(manifest.permissions ?? []),
    ...(manifest.optional_permissions ?? []),
    ...(manifest.host_permissions ?? []),
    ...(manifest.optional_host_permissions ?? []),
    ...fromEntrypoints,
  ];
}

describe('docs/privacy.md', () => {
  it('is what `npm run store` writes from the registry (run it after changing either)', async () => {
    expect(read(PRIVACY_FILE)).toBe(await privacyFile());
  });

  it('lists each stored value once, and the one header the key is sent in', async () => {
    const text = await privacyFile();
    expect(text.split('\n').filter((line) => line.startsWith('- ')).length).toBeGreaterThanOrEqual(
      STORED_VALUES.length,
    );
    expect(text).toContain('only in the X-API-Key header');
    expect(text).toContain('No analytics');
  });
});

describe('store/', () => {
  it('is what `npm run store` writes from the catalogues', async () => {
    for (const [path, content] of await storeFiles()) expect(read(`store/${path}`), path).toBe(content);
  });

  it.each(['chrome', 'firefox'] as const)('justifies every permission of the %s build', (browser) => {
    const permissions = storePermissions(browser);
    expect(permissions).toEqual(expect.arrayContaining(['storage', 'https://*/*']));
    expect(permissions.filter((permission) => !(permission in JUSTIFICATIONS))).toEqual([]);
  });

  it.each(STORE_LOCALES)(
    '%s: every field within the stores’ limits, every justification written',
    async (locale) => {
      const listing = await storeListing(locale);
      expect(listing.name.length).toBeLessThanOrEqual(LIMITS.name);
      expect(listing.summary.length).toBeLessThanOrEqual(LIMITS.summary);
      expect(listing.summary.length).toBeLessThanOrEqual(LIMITS.amoSummary);
      expect(listing.description.length).toBeLessThanOrEqual(LIMITS.description);
      expect(listing.singlePurpose.length).toBeLessThanOrEqual(LIMITS.singlePurpose);
      for (const permission of [...storePermissions('chrome'), ...storePermissions('firefox')]) {
        const text = listing.permissions[permission] ?? '';
        expect(text.length, permission).toBeGreaterThan(20);
        expect(text.length, permission).toBeLessThanOrEqual(LIMITS.justification);
      }
    },
  );

  it('has a different text in each language (none left in English)', async () => {
    const english = await storeListing('en');
    for (const locale of STORE_LOCALES.filter((name) => name !== 'en')) {
      const listing = await storeListing(locale);
      expect(listing.description).not.toBe(english.description);
      expect(listing.singlePurpose).not.toBe(english.singlePurpose);
    }
  });
});

/**
 * What the hover card needs from the stored settings (`storage.local`, key `settings`) for the
 * page it runs on: whether this origin is an added forum site, its custom username selector
 * and the hover delay.
 *
 * Why not `getSettings()`: it brings zod and WXT's storage layer into the content script,
 * far past its 15 kB budget. This reads the two fields it needs with the same bounds as
 * settings.ts (a bad value falls back to its default) and also understands version 1 data
 * (forum sites as plain origin strings) in case the background has not migrated it yet.
 * It never reads the API key (a separate storage key). The bounds below repeat settings.ts
 * on purpose (importing it would run its zod and storage set-up); a unit test keeps them equal.
 */
export const HOVER_DELAY_DEFAULT_MS = 300;
export const HOVER_DELAY_MIN_MS = 0;
export const HOVER_DELAY_MAX_MS = 3000;
const MAX_SELECTOR_LENGTH = 500;

export interface HoverSettings {
  /** This origin is one of the user's forum sites. */
  enabled: boolean;
  /** The site's extra username selector, '' for none. */
  customSelector: string;
  hoverDelayMs: number;
}

export const SETTINGS_STORAGE_KEY = 'settings';

export const DISABLED_HOVER_SETTINGS: Readonly<HoverSettings> = Object.freeze({
  enabled: false,
  customSelector: '',
  hoverDelayMs: HOVER_DELAY_DEFAULT_MS,
});

export function hoverSettingsFor(stored: unknown, origin: string): HoverSettings {
  const settings = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const delay = settings.hoverDelayMs;
  const hoverDelayMs =
    typeof delay === 'number' &&
    Number.isInteger(delay) &&
    delay >= HOVER_DELAY_MIN_MS &&
    delay <= HOVER_DELAY_MAX_MS
      ? delay
      : HOVER_DELAY_DEFAULT_MS;
  const sites = Array.isArray(settings.forumSites) ? (settings.forumSites as unknown[]) : [];
  for (const site of sites) {
    if (typeof site === 'string') {
      if (site === origin) return { enabled: true, customSelector: '', hoverDelayMs };
      continue;
    }
    if (typeof site !== 'object' || site === null) continue;
    const { origin: siteOrigin, customSelector } = site as Record<string, unknown>;
    if (siteOrigin !== origin) continue;
    const selector =
      typeof customSelector === 'string' && customSelector.length <= MAX_SELECTOR_LENGTH
        ? customSelector
        : '';
    return { enabled: true, customSelector: selector.trim(), hoverDelayMs };
  }
  return { enabled: false, customSelector: '', hoverDelayMs };
}

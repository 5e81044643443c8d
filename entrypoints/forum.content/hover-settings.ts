import {
  DEFAULT_HOVER_DELAY_MS,
  MAX_HOVER_DELAY_MS,
  MAX_SELECTOR_LENGTH,
  MIN_HOVER_DELAY_MS,
} from '../../utils/limits';

/**
 * What the hover card needs from the stored settings (`storage.local`, key `settings`) for the
 * page it runs on: whether this origin is an added forum site, its custom username selector
 * and the hover delay. Read directly, not with `getSettings()` (no zod here: docs/architecture.md),
 * with the bounds settings.ts uses (utils/limits.ts); version 1 data (forum sites as plain
 * origins) is understood in case the background has not migrated it yet. Never the API key.
 */

export interface HoverSettings {
  /** This origin is one of the user's forum sites. */
  enabled: boolean;
  /** The site's extra username selector, '' for none. */
  customSelector: string;
  hoverDelayMs: number;
}

export { SETTINGS_STORAGE_KEY } from '../../utils/storage-keys';

export const DISABLED_HOVER_SETTINGS: Readonly<HoverSettings> = Object.freeze({
  enabled: false,
  customSelector: '',
  hoverDelayMs: DEFAULT_HOVER_DELAY_MS,
});

export function hoverSettingsFor(stored: unknown, origin: string): HoverSettings {
  const settings = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const delay = settings.hoverDelayMs;
  const hoverDelayMs =
    typeof delay === 'number' &&
    Number.isInteger(delay) &&
    delay >= MIN_HOVER_DELAY_MS &&
    delay <= MAX_HOVER_DELAY_MS
      ? delay
      : DEFAULT_HOVER_DELAY_MS;
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

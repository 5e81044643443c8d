/**
 * Keys in `storage.local` that more than one script reads. Without zod or WXT storage, so the
 * content script and the popup's first render can import them at no cost.
 */
/** The settings object (utils/settings.ts parses it). */
export const SETTINGS_STORAGE_KEY = 'settings';
/** The API key: only the background reads it (docs/architecture.md). */
export const API_KEY_STORAGE_KEY = 'apiKey';
/** The watched players' statuses (utils/watchlist/status.ts); the hover card watches it for a new check. */
export const WATCH_STATUS_KEY = 'watchlistStatus';

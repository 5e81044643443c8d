import { browser } from 'wxt/browser';

/**
 * Synced entries written by more than one release: each browser signed in to the account runs
 * its own version, and an update reaches them over days. An entry carries its schema version as
 * `v` (absent: 1, as written before versions); a release reads the fields it knows and never
 * drops or rewrites what it does not: an edit is written as the stored object with the known
 * fields changed, so fields a newer release added survive it. docs/architecture.md, "Synced data".
 */

export type StoredObject = Readonly<Record<string, unknown>>;

/** `storage.sync`, looked up at each call (tests swap the browser between them). */
export const syncArea = () => browser.storage.sync;

/** The stored value as an object to merge into; anything else (a newer release's shape) is not. */
export function asObject(value: unknown): StoredObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as StoredObject)
    : undefined;
}

/** The entry's schema version: `v`, 1 when absent (written before versions). */
export function versionOf(value: unknown): number {
  const v = asObject(value)?.v;
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : 1;
}

/**
 * The stored object with `changes` applied (undefined removes a field); every other field, and
 * a version mark newer than `version`, is kept as stored.
 */
export function mergeEntry(stored: unknown, changes: StoredObject, version: number): Record<string, unknown> {
  const next: Record<string, unknown> = { ...(asObject(stored) ?? {}) };
  for (const [field, value] of Object.entries(changes)) {
    if (value === undefined) delete next[field];
    else next[field] = value;
  }
  next.v = Math.max(versionOf(stored), version);
  return next;
}

/**
 * Which of storage.sync's limits refused a write, from Chrome's message ("QUOTA_BYTES quota
 * exceeded", "… MAX_WRITE_OPERATIONS_PER_MINUTE …"): `rate` for the writes per minute or hour,
 * `room` for the bytes (QUOTA_BYTES, QUOTA_BYTES_PER_ITEM) and items (MAX_ITEMS); undefined for
 * any other failure.
 */
export function quotaOf(error: unknown): 'rate' | 'room' | undefined {
  const text = String(error instanceof Error ? error.message : error);
  if (text.includes('MAX_WRITE_OPERATIONS')) return 'rate';
  return /QUOTA_BYTES|MAX_ITEMS/.test(text) ? 'room' : undefined;
}

import type { StorageItem } from '../storage-item';
import { asObject } from './synced-entry';

/**
 * Writing over a value that a newer release stored (a profile that went back a release): what
 * this release does not know stays as stored, and so does the newer version mark, as settings
 * do (docs/architecture.md, "Synced data", "Migrations").
 */

/** Whether the version a value is stored at (migrateValue) is newer than this release's. */
export function isNewer(stored: number | undefined, version: number): boolean {
  return stored !== undefined && stored > version;
}

/** `next` over `stored`: the fields of `stored` not in `known` stay. */
export function overNewer(
  stored: unknown,
  next: Readonly<Record<string, unknown>>,
  known: readonly string[],
): Record<string, unknown> {
  const kept = Object.entries(asObject(stored) ?? {}).filter(([field]) => !known.includes(field));
  return { ...Object.fromEntries(kept), ...next };
}

/**
 * A map of entries by id, `next` over `stored`, writing only what this release changed: an entry
 * it reads as `next` has it stays as stored, one it cannot read (`parse` gives undefined) and
 * did not write stays, one it changed keeps the fields it does not know, one it dropped goes.
 */
export function overNewerEntries(
  stored: unknown,
  next: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
  parse: (entry: unknown) => unknown,
  known: readonly string[],
): Record<string, unknown> {
  const entries = asObject(stored) ?? {};
  const out: Record<string, unknown> = {};
  for (const [id, entry] of Object.entries(entries)) {
    const ours = Object.hasOwn(next, id) ? next[id] : undefined;
    const read = parse(entry);
    const unchanged =
      ours !== undefined && read !== undefined && JSON.stringify(read) === JSON.stringify(ours);
    if (unchanged || (ours === undefined && read === undefined)) out[id] = entry;
  }
  for (const [id, entry] of Object.entries(next)) {
    if (!Object.hasOwn(out, id)) out[id] = overNewer(entries[id], entry, known);
  }
  return out;
}

/** An entry's schema: its fields, and a parse that fails on what this release cannot read. */
interface EntrySchema {
  shape: object;
  safeParse(entry: unknown): { data?: unknown };
}

/**
 * Writes a map of entries to `item`; over a map a newer release stored (version above `version`),
 * only what this release changed (overNewerEntries).
 */
export async function writeEntries(
  item: StorageItem<unknown>,
  version: number,
  entry: EntrySchema,
  next: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
): Promise<void> {
  if (!isNewer((await item.getMeta()).v, version)) {
    await item.setValue(next);
    return;
  }
  const parse = (stored: unknown) => entry.safeParse(stored).data;
  await item.setValue(overNewerEntries(await item.getValue(), next, parse, Object.keys(entry.shape)));
}

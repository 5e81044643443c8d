import { browser } from 'wxt/browser';
import { z } from 'zod/mini';
import { createExclusive } from '../exclusive';
import { MAX_SYNCED_NOTES, NOTE_MAX_LENGTH, SYNCED_NOTES_MAX_BYTES, TAG_LABEL_MAX_LENGTH } from '../limits';
import { DASHED_UUID_PATTERN, GAME_NAME_PATTERN } from '../patterns';
import { mergeEntry, quotaOf, syncArea } from '../storage/synced-entry';
import { type PlayerNote, type PlayerTag, TAG_COLOURS } from './player-note';

/**
 * Tags and notes, one item per player: `note:<uuid>` → `{ v, tag?, note?, updatedAt }` in
 * storage.sync, merged key by key as every synced entry (docs/architecture.md, "Synced data").
 * Sync's room is shared with the watchlist and saved searches, so notes take at most
 * MAX_SYNCED_NOTES items and SYNCED_NOTES_MAX_BYTES; a note past that, or one sync refuses, is
 * kept under the same key in this browser's storage.local and the reply says so: nothing is
 * dropped. Reading takes, per player, the later of the two.
 */

export const NOTE_KEY_PREFIX = 'note:';
/** The item format's version. */
export const NOTE_ITEM_VERSION = 1;

export const PlayerTagSchema = z.object({
  label: z.string().check(z.minLength(1), z.maxLength(TAG_LABEL_MAX_LENGTH)),
  colour: z.enum(TAG_COLOURS),
});

/** The fields this release reads; others are kept (a loose parse). */
export const NoteItemSchema = z.looseObject({
  tag: z.optional(PlayerTagSchema),
  note: z.optional(z.string().check(z.minLength(1), z.maxLength(NOTE_MAX_LENGTH))),
  updatedAt: z.number(),
  /** The name when last tagged: auction sellers are named, not identified (the chip matches it). */
  name: z.optional(z.string().check(z.regex(GAME_NAME_PATTERN))),
});

export type StoredNote = PlayerNote & {
  /** Kept in this browser only (sync had no room). */
  localOnly?: true;
};

type Area = Pick<typeof browser.storage.sync, 'get' | 'set' | 'remove'>;
export interface NoteAreas {
  sync: Area;
  local: Area;
}
const areas = (): NoteAreas => ({ sync: syncArea(), local: browser.storage.local });

export const noteKey = (uuid: string) => `${NOTE_KEY_PREFIX}${uuid.toLowerCase()}`;
export const isNoteKey = (key: string) =>
  key.startsWith(NOTE_KEY_PREFIX) && DASHED_UUID_PATTERN.test(key.slice(NOTE_KEY_PREFIX.length));

function readItem(value: unknown): PlayerNote | undefined {
  const parsed = NoteItemSchema.safeParse(value);
  if (!parsed.success) return undefined;
  const { tag, note, updatedAt, name } = parsed.data;
  return { ...(tag ? { tag } : {}), ...(note ? { note } : {}), ...(name ? { name } : {}), updatedAt };
}

/** Every player's note from both areas' items, by UUID; per player the later wins. */
export function parseNotes(
  syncItems: Record<string, unknown>,
  localItems: Record<string, unknown>,
): Record<string, StoredNote> {
  const notes: Record<string, StoredNote> = {};
  for (const [items, localOnly] of [
    [syncItems, false],
    [localItems, true],
  ] as const) {
    for (const [key, value] of Object.entries(items)) {
      if (!isNoteKey(key)) continue;
      const note = readItem(value);
      if (!note) continue;
      const uuid = key.slice(NOTE_KEY_PREFIX.length);
      const known = notes[uuid];
      if (known && known.updatedAt >= note.updatedAt) continue;
      notes[uuid] = localOnly ? { ...note, localOnly: true } : note;
    }
  }
  return notes;
}

export async function getNotes(from: NoteAreas = areas()): Promise<Record<string, StoredNote>> {
  const [syncItems, localItems] = await Promise.all([from.sync.get(null), from.local.get(null)]);
  return parseNotes(syncItems, localItems);
}

export async function getNote(uuid: string, from: NoteAreas = areas()): Promise<StoredNote | undefined> {
  const key = noteKey(uuid);
  const [syncItems, localItems] = await Promise.all([from.sync.get(key), from.local.get(key)]);
  return parseNotes(syncItems, localItems)[uuid.toLowerCase()];
}

const utf8 = new TextEncoder();
/** An item's size as sync counts it: its key plus its value's JSON, in UTF-8 bytes. */
export const itemBytes = (key: string, value: unknown) =>
  utf8.encode(key).length + utf8.encode(JSON.stringify(value)).length;

export interface NoteChange {
  /** The player's name now (kept for the sellers' chips); absent keeps the stored one. */
  name?: string;
  /** null removes the tag. */
  tag: PlayerTag | null;
  /** '' or null removes the note. */
  note: string | null;
}

/** Where the change went: `sync`, `local` (no room in sync: this browser only), or removed. */
export type NoteSaved = 'sync' | 'local' | 'removed';

const oneAtATime = createExclusive();

/**
 * Set a player's tag and note (both empty: forget them). Written to sync within the notes' share
 * of it, otherwise to storage.local; a write sync refuses for its quota goes to storage.local too.
 */
export function setNote(
  uuid: string,
  change: NoteChange,
  now: number,
  to: NoteAreas = areas(),
): Promise<NoteSaved> {
  return oneAtATime(async () => {
    const key = noteKey(uuid);
    const note = change.note?.trim() ?? '';
    const tag = change.tag ? { label: change.tag.label.trim(), colour: change.tag.colour } : null;
    const hasTag = tag !== null && tag.label !== '';
    if (!hasTag && note === '') {
      await Promise.all([to.sync.remove(key), to.local.remove(key)]);
      return 'removed';
    }
    const [syncItems, localStored] = await Promise.all([to.sync.get(null), to.local.get(key)]);
    const stored = syncItems[key] ?? localStored[key];
    const item = mergeEntry(
      stored,
      {
        tag: hasTag ? tag : undefined,
        note: note === '' ? undefined : note,
        updatedAt: now,
        ...(change.name ? { name: change.name } : {}),
      },
      NOTE_ITEM_VERSION,
    );
    if (NoteItemSchema.safeParse(item).error) throw new Error('A note past its limits');
    let count = 1;
    let bytes = itemBytes(key, item);
    for (const [other, value] of Object.entries(syncItems)) {
      if (other === key || !other.startsWith(NOTE_KEY_PREFIX)) continue;
      count += 1;
      bytes += itemBytes(other, value);
    }
    if (count <= MAX_SYNCED_NOTES && bytes <= SYNCED_NOTES_MAX_BYTES) {
      try {
        await to.sync.set({ [key]: item });
        await to.local.remove(key);
        return 'sync';
      } catch (error) {
        if (quotaOf(error) === undefined) throw error;
      }
    }
    await to.local.set({ [key]: item });
    return 'local';
  });
}

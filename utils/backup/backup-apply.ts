import type { browser } from 'wxt/browser';
import { MAX_SYNCED_NOTES, MAX_WATCHED_PLAYERS, SYNCED_NOTES_MAX_BYTES } from '../limits';
import { itemBytes } from '../player-notes/note-store';
import { STORED_VALUES, type StoredValue } from '../storage/data-registry';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupFile,
  type BackupValues,
  backedUpValues,
  belongsTo,
  entriesOf,
  readBackup,
} from './backup-file';

/**
 * Export and import against the storage areas and the history database (the background runs
 * them: the API key is read nowhere else). An import is planned whole before it writes: the file
 * was checked (backup-file.ts), the merged watchlist is checked against its limit, then a copy of
 * the current data is kept (`IMPORT_BACKUP_KEY`, restorable from Options) and each area is
 * written in one call, so sync counts two writes however many items change.
 */

/** The copy of the data taken before the last import: `{ takenAt, file }`. */
export const IMPORT_BACKUP_KEY = 'importBackup';

type Area = Pick<typeof browser.storage.local, 'get' | 'set' | 'remove'>;
export interface HistoryRows {
  read(store: string): Promise<unknown[]>;
  /** Adds (or overwrites by key) the rows; never deletes. */
  write(store: string, rows: unknown[]): Promise<void>;
}
export interface BackupDeps {
  sync: Area;
  local: Area;
  history?: HistoryRows | undefined;
  now: () => number;
  extensionVersion: string;
}

export interface ExportChoices {
  /** `optional` values: the history and the recent look-ups. */
  optional: boolean;
  /** `secret` values: the API key. */
  secret: boolean;
}

const areaOf = (deps: BackupDeps, value: StoredValue): Area | undefined =>
  value.area === 'sync' ? deps.sync : value.area === 'local' ? deps.local : undefined;

function carried(value: StoredValue, choices: ExportChoices): boolean {
  if (value.backup === 'included') return true;
  if (value.backup === 'optional') return choices.optional;
  return value.backup === 'secret' && choices.secret;
}

/** The file for the current data, with what the choices add. */
export async function exportBackup(choices: ExportChoices, deps: BackupDeps): Promise<BackupFile> {
  const [syncItems, localItems] = await Promise.all([deps.sync.get(null), deps.local.get(null)]);
  const values: BackupValues = {};
  for (const value of backedUpValues()) {
    if (!carried(value, choices)) continue;
    if (value.area === 'indexeddb') {
      if (deps.history) values[value.id] = { rows: await deps.history.read(value.key) };
      continue;
    }
    const all = value.area === 'sync' ? syncItems : localItems;
    const items: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(all)) if (belongsTo(value, key)) items[key] = item;
    if (Object.keys(items).length > 0) values[value.id] = { items };
  }
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    extension: deps.extensionVersion,
    exportedAt: deps.now(),
    values,
  };
}

export type ImportMode = 'replace' | 'merge';
export type ImportResult = { ok: true } | { ok: false; reason: 'too-many-watched' };

interface Plan {
  set: Map<Area, Record<string, unknown>>;
  remove: Map<Area, string[]>;
}

const updatedAt = (item: unknown) =>
  typeof item === 'object' && item !== null && typeof (item as { updatedAt?: unknown }).updatedAt === 'number'
    ? (item as { updatedAt: number }).updatedAt
    : 0;

/** The notes after the import, wherever they were: sync takes its share, the rest stays local. */
function placeNotes(notes: Record<string, unknown>): {
  sync: Record<string, unknown>;
  local: Record<string, unknown>;
} {
  const sync: Record<string, unknown> = {};
  const local: Record<string, unknown> = {};
  let count = 0;
  let bytes = 0;
  // The most recently edited first: those are the ones the user is likeliest to want everywhere.
  for (const [key, item] of Object.entries(notes).sort(([, a], [, b]) => updatedAt(b) - updatedAt(a))) {
    const size = itemBytes(key, item);
    if (count < MAX_SYNCED_NOTES && bytes + size <= SYNCED_NOTES_MAX_BYTES) {
      sync[key] = item;
      count += 1;
      bytes += size;
    } else local[key] = item;
  }
  return { sync, local };
}

function plan(
  file: BackupFile,
  mode: ImportMode,
  current: { sync: Record<string, unknown>; local: Record<string, unknown> },
  deps: BackupDeps,
): Plan | 'too-many-watched' {
  const set = new Map<Area, Record<string, unknown>>([
    [deps.sync, {}],
    [deps.local, {}],
  ]);
  const remove = new Map<Area, string[]>([
    [deps.sync, []],
    [deps.local, []],
  ]);
  const notes: Record<string, unknown> = {};
  const notesTouched = ['playerNotes', 'playerNotesLocal'].some((id) => file.values[id] !== undefined);
  for (const value of STORED_VALUES) {
    const area = areaOf(deps, value);
    const fileValue = file.values[value.id];
    if (!area) continue;
    const here = value.area === 'sync' ? current.sync : current.local;
    const hereItems = Object.fromEntries(Object.entries(here).filter(([key]) => belongsTo(value, key)));
    const isNotes = value.id === 'playerNotes' || value.id === 'playerNotesLocal';
    if (isNotes && notesTouched) {
      // Replace: only the file's notes; merge: both, the later edit of a player's note winning.
      if (mode === 'merge')
        for (const [key, item] of Object.entries(hereItems))
          if (updatedAt(item) >= updatedAt(notes[key])) notes[key] = item;
      remove.get(area)?.push(...Object.keys(hereItems));
    }
    if (!fileValue || !('items' in fileValue)) continue;
    if (isNotes) {
      for (const [key, item] of Object.entries(fileValue.items))
        if (updatedAt(item) > updatedAt(notes[key]) || notes[key] === undefined) notes[key] = item;
      continue;
    }
    const target = set.get(area) as Record<string, unknown>;
    if (mode === 'replace') {
      remove.get(area)?.push(...Object.keys(hereItems).filter((key) => !(key in fileValue.items)));
      Object.assign(target, fileValue.items);
    } else if (value.match === 'prefix') {
      for (const [key, item] of Object.entries(fileValue.items)) if (!(key in hereItems)) target[key] = item;
    } else if (Object.keys(hereItems).length === 0) Object.assign(target, fileValue.items);
  }
  if (notesTouched) {
    const placed = placeNotes(notes);
    Object.assign(set.get(deps.sync) as Record<string, unknown>, placed.sync);
    Object.assign(set.get(deps.local) as Record<string, unknown>, placed.local);
  }
  for (const [area, keys] of remove) {
    const written = set.get(area) as Record<string, unknown>;
    remove.set(
      area,
      [...new Set(keys)].filter((key) => !(key in written)),
    );
  }
  const watched = new Set([
    ...(mode === 'merge' ? Object.keys(current.sync).filter((key) => belongsTo(watchValue(), key)) : []),
    ...entriesOf(file.values, 'watchedPlayers'),
  ]);
  if (mode === 'merge' && watched.size > MAX_WATCHED_PLAYERS) return 'too-many-watched';
  return { set, remove };
}

const watchValue = () => STORED_VALUES.find((value) => value.id === 'watchedPlayers') as StoredValue;

async function write(planned: Plan, file: BackupFile, deps: BackupDeps): Promise<void> {
  for (const [area, keys] of planned.remove) if (keys.length > 0) await area.remove(keys);
  for (const [area, items] of planned.set) if (Object.keys(items).length > 0) await area.set(items);
  if (!deps.history) return;
  for (const value of STORED_VALUES.filter((entry) => entry.area === 'indexeddb')) {
    const rows = file.values[value.id];
    if (rows && 'rows' in rows && rows.rows.length > 0) await deps.history.write(value.key, rows.rows);
  }
}

async function currentItems(deps: BackupDeps) {
  const [sync, local] = await Promise.all([deps.sync.get(null), deps.local.get(null)]);
  return { sync, local };
}

/**
 * Import a checked file: Replace puts each value the file carries in place of this browser's
 * (a value it does not carry stays); Merge adds the file's entries, keeps this browser's for an
 * entry in both (a note: the later edit), and takes a single value (settings, key) only when
 * there is none here. A copy of the current data is kept first; history rows are only added.
 */
export async function importBackup(
  file: BackupFile,
  mode: ImportMode,
  deps: BackupDeps,
): Promise<ImportResult> {
  const current = await currentItems(deps);
  const planned = plan(file, mode, current, deps);
  if (planned === 'too-many-watched') return { ok: false, reason: 'too-many-watched' };
  // The key is copied only when this import may change it (the file carries one).
  const copy = await exportBackup(
    { optional: false, secret: file.values.apiKey !== undefined },
    { ...deps, history: undefined },
  );
  const recent = STORED_VALUES.find((value) => value.id === 'recentPlayers');
  if (recent) {
    const items = Object.fromEntries(Object.entries(current.local).filter(([key]) => belongsTo(recent, key)));
    if (Object.keys(items).length > 0) copy.values[recent.id] = { items };
  }
  await deps.local.set({ [IMPORT_BACKUP_KEY]: { takenAt: deps.now(), file: copy } });
  await write(planned, file, deps);
  return { ok: true };
}

/** When the copy kept before the last import was taken; undefined when there is none. */
export async function importBackupTakenAt(deps: Pick<BackupDeps, 'local'>): Promise<number | undefined> {
  const stored = (await deps.local.get(IMPORT_BACKUP_KEY))[IMPORT_BACKUP_KEY];
  const takenAt = (stored as { takenAt?: unknown } | undefined)?.takenAt;
  return typeof takenAt === 'number' ? takenAt : undefined;
}

/** Puts the copy kept before the last import back (as Replace); false when there is none to read. */
export async function restoreImportBackup(deps: BackupDeps): Promise<boolean> {
  const stored = (await deps.local.get(IMPORT_BACKUP_KEY))[IMPORT_BACKUP_KEY] as
    | { file?: unknown }
    | undefined;
  const read = readBackup(JSON.stringify(stored?.file ?? null));
  if (!read.ok) return false;
  // Values the copy lacks because there were none then: cleared, so the state is the one before.
  for (const value of backedUpValues())
    if (value.area !== 'indexeddb' && value.backup === 'included' && !read.file.values[value.id])
      read.file.values[value.id] = { items: {} };
  const planned = plan(read.file, 'replace', await currentItems(deps), { ...deps, history: undefined });
  if (planned === 'too-many-watched') return false;
  await write(planned, read.file, { ...deps, history: undefined });
  return true;
}

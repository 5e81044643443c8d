import { z } from 'zod/mini';
import { GoalItemSchema, isGoalKey } from '../goals/goal-store';
import {
  ListingRowSchema,
  OnlineCountRowSchema,
  PlayerSnapshotRowSchema,
  PricePointRowSchema,
} from '../history/history-rows';
import { t } from '../i18n/translate';
import {
  API_KEY_MAX_LENGTH,
  MAX_BACKUP_FILE_BYTES,
  MAX_RECENT_PLAYERS,
  MAX_SAVED_SEARCHES,
  MAX_WATCHED_PLAYERS,
} from '../limits';
import { DASHED_UUID_PATTERN, GAME_NAME_PATTERN } from '../patterns';
import { NoteItemSchema } from '../player-notes/note-store';
import { SavedSearchIdSchema } from '../saved-searches/saved-search';
import { SavedSearchItemSchema } from '../saved-searches/storage';
import { SETTINGS_FIELD_SCHEMAS } from '../settings';
import { STORED_VALUES, type StoredValue } from '../storage/data-registry';
import { BACKUP_FORMAT, BACKUP_VERSION } from './backup-version';

/**
 * The export file: `{ format, version, extension, exportedAt, values }`, where `values` holds,
 * by the data registry's id (utils/storage/data-registry.ts), each value a backup carries: a
 * storage value as its stored items (`{ items: { key: value } }`, version marks `key$`
 * included, so an import writes exactly what an export read), a history store as its rows
 * (`{ rows }`). The registry decides what travels (`backup`): a value added there is exported
 * without a change here, and tests/unit/utils/backup/ fails until it has a schema below. Every
 * file is checked whole before anything changes: its size before it is parsed, then its JSON,
 * format, version (older ones migrated, newer ones refused) and each value. docs/architecture.md,
 * "Export, import and backup".
 */

export { BACKUP_FORMAT, BACKUP_VERSION };

type FileObject = Record<string, unknown>;
/** Step n turns a file of version n into version n + 1 (none yet: v1 is the first). */
export const BACKUP_MIGRATIONS: Readonly<Record<number, (file: FileObject) => FileObject>> = {};

const uuidKey = (prefix: string) => (key: string) =>
  key.startsWith(prefix) && DASHED_UUID_PATTERN.test(key.slice(prefix.length));
const MarkSchema = z.looseObject({ v: z.int().check(z.positive()) });

interface ItemRule {
  /** Which keys of the area belong to it (besides the registry's exact key and its mark). */
  key?: (key: string) => boolean;
  value: z.ZodMiniType;
}

/** How each backed-up storage value's items are checked, by registry id. */
export const ITEM_RULES: Readonly<Record<string, ItemRule>> = {
  watchedPlayers: {
    key: uuidKey('watch:'),
    value: z.looseObject({ name: z.string().check(z.regex(GAME_NAME_PATTERN)), addedAt: z.number() }),
  },
  savedSearches: {
    key: (key) => key.startsWith('search:') && SavedSearchIdSchema.safeParse(key.slice(7)).success,
    value: SavedSearchItemSchema,
  },
  playerNotes: { key: uuidKey('note:'), value: NoteItemSchema },
  playerNotesLocal: { key: uuidKey('note:'), value: NoteItemSchema },
  goals: { key: isGoalKey, value: GoalItemSchema },
  settings: { value: z.partial(z.looseObject(SETTINGS_FIELD_SCHEMAS)) },
  apiKey: { value: z.string().check(z.maxLength(API_KEY_MAX_LENGTH)) },
  recentPlayers: {
    value: z.array(z.string().check(z.regex(GAME_NAME_PATTERN))).check(z.maxLength(MAX_RECENT_PLAYERS)),
  },
};

/** How each backed-up history store's rows are checked, by registry id. */
export const ROW_RULES: Readonly<Record<string, z.ZodMiniType>> = {
  onlineHistory: z.object({ start: z.number(), rows: z.array(OnlineCountRowSchema) }),
  playerHistory: PlayerSnapshotRowSchema,
  priceHistory: PricePointRowSchema,
  listingsSeen: ListingRowSchema,
};

/** The registry's values a backup may carry: every one not `excluded`. */
export const backedUpValues = (): StoredValue[] =>
  STORED_VALUES.filter((value) => value.backup !== 'excluded');

/** Whether a stored key belongs to the registry value (its exact key, its mark, or under its prefix). */
export function belongsTo(value: StoredValue, key: string): boolean {
  if (value.match === 'exact')
    return key === value.key || (value.versionMark === true && key === `${value.key}$`);
  return ITEM_RULES[value.id]?.key?.(key) ?? key.startsWith(value.key);
}

export type BackupValues = Record<string, { items: Record<string, unknown> } | { rows: unknown[] }>;
export interface BackupFile {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  /** The extension's version that wrote it. */
  extension: string;
  exportedAt: number;
  values: BackupValues;
}

export type ReadResult = { ok: true; file: BackupFile } | { ok: false; message: string };

const refuse = (message: string): ReadResult => ({ ok: false, message });

const HeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.int().check(z.positive()),
});

/** A value of the file checked against its rule; a sentence naming what is wrong otherwise. */
function checkValue(value: StoredValue, raw: unknown): string | undefined {
  const broken = t('options.backup.refused.broken');
  if (value.area === 'indexeddb') {
    const rows = z.object({ rows: z.array(ROW_RULES[value.id] ?? z.never()) }).safeParse(raw);
    return rows.success ? undefined : broken;
  }
  const rule = ITEM_RULES[value.id];
  const items = z.object({ items: z.record(z.string(), z.unknown()) }).safeParse(raw);
  if (!rule || !items.success) return broken;
  for (const [key, item] of Object.entries(items.data.items)) {
    if (!belongsTo(value, key)) return broken;
    const schema = key.endsWith('$') ? MarkSchema : rule.value;
    if (!schema.safeParse(item).success) return broken;
  }
  return undefined;
}

/** The entries of a value's items that are entries (not marks): watched players, searches, notes. */
export const entriesOf = (values: BackupValues, id: string): string[] => {
  const value = values[id];
  return value && 'items' in value ? Object.keys(value.items).filter((key) => !key.endsWith('$')) : [];
};

/** Reads a backup file's text: refused with one sentence, or the file, migrated to this version. */
export function readBackup(text: string): ReadResult {
  if (text.length > MAX_BACKUP_FILE_BYTES)
    return refuse(t('options.backup.refused.tooLarge', { max: MAX_BACKUP_FILE_BYTES / 1024 / 1024 }));
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse(t('options.backup.refused.notJson'));
  }
  const header = HeaderSchema.safeParse(json);
  if (!header.success) return refuse(t('options.backup.refused.wrongFormat'));
  if (header.data.version > BACKUP_VERSION) return refuse(t('options.backup.refused.newer'));
  let file = json as FileObject;
  for (let version = header.data.version; version < BACKUP_VERSION; version += 1) {
    const step = BACKUP_MIGRATIONS[version];
    if (!step) return refuse(t('options.backup.refused.wrongFormat'));
    file = step(file);
  }
  const body = z
    .object({ extension: z.string(), exportedAt: z.number(), values: z.record(z.string(), z.unknown()) })
    .safeParse(file);
  if (!body.success) return refuse(t('options.backup.refused.broken'));
  const values: BackupValues = {};
  for (const [id, raw] of Object.entries(body.data.values)) {
    const value = backedUpValues().find((candidate) => candidate.id === id);
    // A value this release does not back up (a newer release's at the same version): not read.
    if (!value) continue;
    const problem = checkValue(value, raw);
    if (problem) return refuse(problem);
    values[id] = raw as BackupValues[string];
  }
  if (entriesOf(values, 'watchedPlayers').length > MAX_WATCHED_PLAYERS)
    return refuse(t('options.backup.refused.tooManyWatched', { max: MAX_WATCHED_PLAYERS }));
  if (entriesOf(values, 'savedSearches').length > MAX_SAVED_SEARCHES)
    return refuse(t('options.backup.refused.tooManySearches', { max: MAX_SAVED_SEARCHES }));
  return {
    ok: true,
    file: {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      extension: body.data.extension,
      exportedAt: body.data.exportedAt,
      values,
    },
  };
}

/** What a file holds, counted for the preview. */
export interface BackupCounts {
  watched: number;
  searches: number;
  notes: number;
  settings: boolean;
  apiKey: boolean;
  historyRows: number;
}

export function countBackup(values: BackupValues): BackupCounts {
  let historyRows = 0;
  for (const value of Object.values(values)) if ('rows' in value) historyRows += value.rows.length;
  const notes = new Set([...entriesOf(values, 'playerNotes'), ...entriesOf(values, 'playerNotesLocal')]);
  return {
    watched: entriesOf(values, 'watchedPlayers').length,
    searches: entriesOf(values, 'savedSearches').length,
    notes: notes.size,
    settings: entriesOf(values, 'settings').length > 0,
    apiKey: entriesOf(values, 'apiKey').length > 0,
    historyRows,
  };
}

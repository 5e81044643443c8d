import { NOTE_MAX_LENGTH, TAG_LABEL_MAX_LENGTH } from '../limits';

/**
 * A tag and a note the user keeps on a player, by UUID (a rename keeps them). Zod-free: the hover
 * card's chip reads a note's reply by hand (`parsePlayerNote`), to stay small; the background
 * parses the stored items with zod (note-store.ts). docs/architecture.md, "Tags and notes".
 */

/** The palette: a few colours whose chips read in both themes (player-card.css draws each). */
export const TAG_COLOURS = ['grey', 'red', 'orange', 'green', 'blue', 'purple'] as const;
export type TagColour = (typeof TAG_COLOURS)[number];

export interface PlayerTag {
  label: string;
  colour: TagColour;
}

/** What a view shows of a player's note; both parts optional, never both absent once stored. */
export interface PlayerNote {
  tag?: PlayerTag;
  note?: string;
  /** The name when last tagged (auction sellers are matched by name). */
  name?: string;
  updatedAt: number;
}

export const isTagColour = (value: unknown): value is TagColour =>
  typeof value === 'string' && (TAG_COLOURS as readonly string[]).includes(value);

/** The label or note as it is kept: trimmed; '' means none. */
export const cleanText = (text: string) => text.trim();

/** A tag and note from anywhere (a reply, a file) checked by hand; undefined when it is not one. */
export function parsePlayerNote(raw: unknown): PlayerNote | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const { tag, note, updatedAt } = raw as Record<string, unknown>;
  if (typeof updatedAt !== 'number') return undefined;
  const result: PlayerNote = { updatedAt };
  if (tag !== undefined) {
    if (typeof tag !== 'object' || tag === null) return undefined;
    const { label, colour } = tag as Record<string, unknown>;
    if (typeof label !== 'string' || label.length > TAG_LABEL_MAX_LENGTH || !isTagColour(colour))
      return undefined;
    result.tag = { label, colour };
  }
  if (note !== undefined) {
    if (typeof note !== 'string' || note.length > NOTE_MAX_LENGTH) return undefined;
    result.note = note;
  }
  return result;
}

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

/**
 * A tag and note from a reply checked by hand (the hover card: no zod there); undefined when it
 * is not one, and a part that is not one is left out. The colour must be the palette's (it names
 * a CSS class); the background parsed the stored item with zod, lengths included (note-store.ts).
 */
export function parsePlayerNote(raw: unknown): PlayerNote | undefined {
  const { tag, note, updatedAt } = (raw ?? {}) as Partial<PlayerNote>;
  if (typeof updatedAt !== 'number') return undefined;
  return {
    updatedAt,
    tag:
      typeof tag?.label === 'string' && isTagColour(tag.colour)
        ? { label: tag.label, colour: tag.colour }
        : undefined,
    note: typeof note === 'string' && note ? note : undefined,
  };
}

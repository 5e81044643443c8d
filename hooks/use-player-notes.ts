import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { askBackground } from '../utils/ask-background';
import type { PlayerNote } from '../utils/player-notes/player-note';

export type NotesByUuid = Readonly<Record<string, PlayerNote>>;

/** A storage change that touches a tag or note (either area: past sync's room they are local). */
const notesChanged = (changes: Record<string, unknown>) =>
  Object.keys(changes).some((key) => key.startsWith('note:'));

/**
 * Every player's tag and note, by UUID, kept current (an edit in the card, another browser's
 * through sync). Empty until read, and when the background cannot answer: a list without chips
 * still works.
 */
export function usePlayerNotes(): NotesByUuid {
  const [notes, setNotes] = useState<NotesByUuid>({});
  useEffect(() => {
    let live = true;
    const load = () =>
      askBackground({ type: 'player-notes' }).then(
        (next) => live && setNotes(next),
        () => undefined,
      );
    void load();
    const listener = (changes: Record<string, unknown>) => {
      if (notesChanged(changes)) void load();
    };
    browser.storage.onChanged.addListener(listener);
    return () => {
      live = false;
      browser.storage.onChanged.removeListener(listener);
    };
  }, []);
  return notes;
}

/** The note of a player known by name only (an auction's seller): matched on the name kept with it. */
export function noteByName(notes: NotesByUuid, name: string): PlayerNote | undefined {
  const lower = name.toLowerCase();
  return Object.values(notes).find((note) => note.name?.toLowerCase() === lower);
}

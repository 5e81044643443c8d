import { useEffect, useState } from 'preact/hooks';
import { type PlayerNote, parsePlayerNote } from '../../utils/player-notes/player-note';
import { sendRequest } from '../../utils/send-request';

export type SendNoteMessage = (message: { type: 'player-note'; uuid: string }) => Promise<unknown>;

/**
 * The hover card's tag and note for its player: `player-note`, one of the messages the table
 * opens to content scripts, its reply checked by hand (no zod in the card's script). Nothing
 * while it is read or when the background cannot answer: the card stands without a chip. The
 * card only shows it; editing is the popup's (the editor never loads here).
 */
export function useHoverNote(uuid: string, send: SendNoteMessage = sendRequest): PlayerNote | undefined {
  const [note, setNote] = useState<PlayerNote | undefined>();
  useEffect(() => {
    // Keyed by the player (HoverCard.tsx): a reply after the card closed sets the state of a
    // component already gone, which Preact ignores.
    send({ type: 'player-note', uuid }).then(
      (raw) => setNote(parsePlayerNote((raw as { note?: unknown } | null)?.note)),
      () => undefined,
    );
  }, [uuid]);
  return note;
}

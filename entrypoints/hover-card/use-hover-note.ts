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
    let live = true;
    setNote(undefined);
    send({ type: 'player-note', uuid }).then(
      (raw) => {
        const reply = typeof raw === 'object' && raw !== null ? (raw as { note?: unknown }).note : undefined;
        if (live) setNote(reply === undefined ? undefined : parsePlayerNote(reply));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [uuid]);
  return note;
}

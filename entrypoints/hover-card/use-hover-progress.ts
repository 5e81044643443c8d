import { useEffect, useState } from 'preact/hooks';
import { sendRequest } from '../../utils/send-request';
import { type HoverProgressView, parseHoverProgress } from './HoverProgressLine';
import { onPlayerChecked } from './player-checked';

export type SendProgressMessage = (message: { type: 'hover-progress'; uuid: string }) => Promise<unknown>;

/**
 * The hover card's progress line for its player: `hover-progress`, one of the messages the table
 * opens to content scripts, asked when the card opens and again at each new check of the player
 * while it stays open (player-checked.ts), so a snapshot recorded meanwhile shows at once. Nothing
 * while it is read, for a player not watched, or when the background cannot answer: the card
 * stands without the line.
 */
export function useHoverProgress(
  uuid: string,
  send: SendProgressMessage = sendRequest,
): HoverProgressView | undefined {
  const [progress, setProgress] = useState<HoverProgressView | undefined>();
  useEffect(() => {
    // No guard against replies out of order: the background answers each after the history's
    // pending writes settled (hover-progress-feature.ts), so two asks in flight get the same rows.
    const ask = () =>
      send({ type: 'hover-progress', uuid }).then(
        (raw) => setProgress(parseHoverProgress(raw)),
        () => undefined,
      );
    ask();
    return onPlayerChecked(uuid, ask);
  }, [uuid]);
  return progress;
}

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
    // Only the latest ask's reply shows, and none after the card closed or changed player.
    let latest = 0;
    const ask = () => {
      const mine = ++latest;
      send({ type: 'hover-progress', uuid }).then(
        (raw) => mine === latest && setProgress(parseHoverProgress(raw)),
        () => undefined,
      );
    };
    ask();
    const stop = onPlayerChecked(uuid, ask);
    return () => {
      latest = -1;
      stop();
    };
  }, [uuid]);
  return progress;
}

import { useEffect, useState } from 'preact/hooks';
import { sendRequest } from '../../utils/send-request';
import { type HoverProgressView, parseHoverProgress } from './HoverProgressLine';

export type SendProgressMessage = (message: { type: 'hover-progress'; uuid: string }) => Promise<unknown>;

/**
 * The hover card's progress line for its player: `hover-progress`, one of the messages the table
 * opens to content scripts. Nothing while it is read, for a player not watched, or when the
 * background cannot answer: the card stands without the line.
 */
export function useHoverProgress(
  uuid: string,
  send: SendProgressMessage = sendRequest,
): HoverProgressView | undefined {
  const [progress, setProgress] = useState<HoverProgressView | undefined>();
  useEffect(() => {
    send({ type: 'hover-progress', uuid }).then(
      (raw) => setProgress(parseHoverProgress(raw)),
      () => undefined,
    );
  }, [uuid]);
  return progress;
}

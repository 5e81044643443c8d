import type { WatchControl } from '@/components/WatchButton';
import { type AskWatch, useWatchToggle, type WatchRequest } from '@/hooks/use-watch-toggle';
import { askBackground } from '@/utils/ask-background';

export { watchFailedMessage } from '@/utils/watchlist/watch-text';

/** The popup asks through the message table (askBackground checks the reply). */
const askWatch: AskWatch = (request) => askBackground<WatchRequest['type']>(request);

/** The Watch toggle's state for the player on the card, asked from the background. */
export function useWatch(
  player: { uuid: string; name: string } | null,
  initialWatched?: boolean,
): WatchControl | undefined {
  return useWatchToggle(player, askWatch, initialWatched);
}

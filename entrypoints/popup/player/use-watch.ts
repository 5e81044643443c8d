import { useEffect, useState } from 'preact/hooks';
import type { WatchControl } from '../../../components/WatchButton';
import { askBackground } from '../../../utils/ask-background';
import type { WatchState } from '../../../utils/messages';
import { WATCHLIST_FULL_MESSAGE } from '../../../utils/watchlist/watch-text';

export const WATCH_FAILED_MESSAGE = 'Could not change the watchlist. Try again.';

/** The Watch toggle's state for the player on the card, asked from the background. */
export function useWatch(player: { uuid: string; name: string } | null): WatchControl | undefined {
  const [watched, setWatched] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | undefined>();
  const uuid = player?.uuid ?? null;

  useEffect(() => {
    setWatched(null);
    setMessage(undefined);
    if (uuid === null) return;
    let live = true;
    askBackground({ type: 'watch-state', uuid }).then(
      (state) => live && setWatched(state.watched),
      () => live && setWatched(false),
    );
    return () => {
      live = false;
    };
  }, [uuid]);

  if (player === null) return undefined;
  return {
    watched,
    busy,
    ...(message === undefined ? {} : { message }),
    onToggle: () => {
      setBusy(true);
      setMessage(undefined);
      const request: Promise<WatchState> = watched
        ? askBackground({ type: 'unwatch', uuid: player.uuid })
        : askBackground({ type: 'watch', uuid: player.uuid, name: player.name });
      request
        .then(
          (state) => {
            setWatched(state.watched);
            if (state.full) setMessage(WATCHLIST_FULL_MESSAGE);
          },
          () => setMessage(WATCH_FAILED_MESSAGE),
        )
        .finally(() => setBusy(false));
    },
  };
}

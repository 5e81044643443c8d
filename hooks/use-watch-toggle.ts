import { useEffect, useRef, useState } from 'preact/hooks';
import type { WatchControl } from '../components/WatchButton';
import type { RequestFor } from '../utils/messages';
import { watchFailedMessage, watchlistFullMessage } from '../utils/watchlist/watch-text';

/** The three watch messages (utils/messages.ts), as the toggle sends them. */
export type WatchRequest = RequestFor<'watch-state'> | RequestFor<'watch'> | RequestFor<'unwatch'>;

/** Sends one and resolves with the player's state, or rejects when there is no usable answer. */
export type AskWatch = (
  request: WatchRequest,
) => Promise<{ watched: boolean; full: boolean; message?: string | undefined }>;

/**
 * The Watch toggle's state for the player on a card (popup and hover card): read from the
 * background, then flipped on click; a full list, a full sync or a failure is said in one line. Each view
 * passes its own way of asking (`ask`): the popup's askBackground, or the hover card's
 * hand-checked message (entrypoints/hover-card/use-hover-watch.ts), which keeps zod out of it.
 */
export function useWatchToggle(
  player: { uuid: string; name: string } | null,
  ask: AskWatch,
  /** Already read with the card's data (the popup's card): not asked again as it mounts. */
  initialWatched?: boolean,
): WatchControl | undefined {
  const [watched, setWatched] = useState<boolean | null>(initialWatched ?? null);
  const given = useRef(initialWatched !== undefined);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | undefined>();
  const uuid = player?.uuid ?? null;

  useEffect(() => {
    if (given.current) {
      given.current = false;
      return;
    }
    setWatched(null);
    setMessage(undefined);
    if (uuid === null) return;
    let live = true;
    ask({ type: 'watch-state', uuid }).then(
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
      ask(
        watched
          ? { type: 'unwatch', uuid: player.uuid }
          : { type: 'watch', uuid: player.uuid, name: player.name },
      )
        .then(
          (state) => {
            setWatched(state.watched);
            if (state.full) setMessage(watchlistFullMessage());
            else if (state.message !== undefined) setMessage(state.message);
          },
          () => setMessage(watchFailedMessage()),
        )
        .finally(() => setBusy(false));
    },
  };
}

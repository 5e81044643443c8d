import { useEffect, useState } from 'preact/hooks';
import type { WatchControl } from '../../components/WatchButton';
import { WATCHLIST_FULL_MESSAGE } from '../../utils/watchlist/watch-text';

/**
 * The hover card's Watch toggle. The card UI runs beside the forum content script (same
 * extension world) and may send the three watch messages the table opens to content scripts
 * (utils/messages.ts: watch, unwatch, watch-state). No zod and no `wxt/browser` here, to keep
 * the card's script small: the reply is checked by hand.
 */

export const WATCH_FAILED_MESSAGE = 'Could not change the watchlist. Try again.';

type WatchMessage =
  | { type: 'watch'; uuid: string; name: string }
  | { type: 'unwatch'; uuid: string }
  | { type: 'watch-state'; uuid: string };

export type SendWatchMessage = (message: WatchMessage) => Promise<unknown>;

interface Runtime {
  sendMessage(message: unknown): Promise<unknown>;
}

/** `browser.runtime` in Firefox, `chrome.runtime` in Chromium (both return promises). */
export const sendToBackground: SendWatchMessage = async (message) => {
  const scope = globalThis as { browser?: { runtime: Runtime }; chrome?: { runtime: Runtime } };
  return (scope.browser ?? scope.chrome)?.runtime.sendMessage(message);
};

/** `{ watched: boolean, full: boolean }`, or undefined for anything else. */
export function parseWatchState(raw: unknown): { watched: boolean; full: boolean } | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { watched, full } = raw as Record<string, unknown>;
  return typeof watched === 'boolean' && typeof full === 'boolean' ? { watched, full } : undefined;
}

export function useHoverWatch(
  player: { uuid: string; name: string },
  send: SendWatchMessage = sendToBackground,
): WatchControl {
  const [watched, setWatched] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | undefined>();
  const { uuid, name } = player;

  useEffect(() => {
    let live = true;
    send({ type: 'watch-state', uuid }).then(
      (raw) => live && setWatched(parseWatchState(raw)?.watched ?? false),
      () => live && setWatched(false),
    );
    return () => {
      live = false;
    };
  }, [uuid]);

  return {
    watched,
    busy,
    ...(message === undefined ? {} : { message }),
    onToggle: () => {
      setBusy(true);
      setMessage(undefined);
      send(watched ? { type: 'unwatch', uuid } : { type: 'watch', uuid, name })
        .then(
          (raw) => {
            const state = parseWatchState(raw);
            if (!state) return setMessage(WATCH_FAILED_MESSAGE);
            setWatched(state.watched);
            if (state.full) setMessage(WATCHLIST_FULL_MESSAGE);
          },
          () => setMessage(WATCH_FAILED_MESSAGE),
        )
        .finally(() => setBusy(false));
    },
  };
}

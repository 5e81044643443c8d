import type { WatchControl } from '../../components/WatchButton';
import { useWatchToggle, type WatchRequest } from '../../hooks/use-watch-toggle';
import { sendRequest } from '../../utils/send-request';

export { watchFailedMessage } from '../../utils/watchlist/watch-text';

/**
 * The hover card's Watch toggle. The card UI runs beside the forum content script (same
 * extension world) and may send the three watch messages the table opens to content scripts
 * (utils/messages.ts: watch, unwatch, watch-state) through utils/send-request.ts. No zod and no
 * `wxt/browser` here, to keep the card's script small: the reply is checked by hand.
 */

export type SendWatchMessage = (message: WatchRequest) => Promise<unknown>;

/** `{ watched: boolean, full: boolean, message?: string }`, or undefined for anything else. */
export function parseWatchState(
  raw: unknown,
): { watched: boolean; full: boolean; message?: string } | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { watched, full, message } = raw as Record<string, unknown>;
  if (typeof watched !== 'boolean' || typeof full !== 'boolean') return undefined;
  return typeof message === 'string' ? { watched, full, message } : { watched, full };
}

export function useHoverWatch(
  player: { uuid: string; name: string },
  send: SendWatchMessage = sendRequest,
): WatchControl {
  const control = useWatchToggle(player, async (request) => {
    const state = parseWatchState(await send(request));
    if (state === undefined) throw new Error('The background gave no watch state');
    return state;
  });
  // A player is always given, so there is always a control.
  return control as WatchControl;
}

import type { Browser } from 'wxt/browser';
import type { Health, PlayersCount } from '../api/schemas';
import { type ConnectionStatus, type Reply, type Request, RequestSchema } from '../messages';
import type { Gateway } from './gateway';
import { mayAsk, type Self, senderRole } from './sender';

/**
 * A message arriving in the background → its reply. The message is parsed with the protocol's
 * zod schema and its sender checked before anything else; a refusal is a `bad-request` reply
 * and never reaches the API. The gateway is never an open proxy: views name what they want
 * (a player, a leaderboard), never a URL.
 */

export interface MessageDeps {
  gateway: Gateway;
  self: () => Self;
  /** The count for the popup: also re-polls the badge. */
  playersCount: () => Promise<Reply<PlayersCount>>;
  saveConnection: (request: Extract<Request, { type: 'save-connection' }>) => Promise<Reply<Health>>;
  connectionStatus: () => Promise<ConnectionStatus>;
  /** Opens the popup page with `?player=NAME` in a tab next to the sender's. */
  openPlayerView: (name: string, sender: Browser.runtime.MessageSender) => Promise<{ ok: boolean }>;
  /** Injects the hover card's UI script into the sender's frame. */
  injectHoverCardUi: (sender: Browser.runtime.MessageSender) => Promise<{ ok: boolean }>;
}

export const REFUSED_SENDER = 'Only this extension’s own pages and content scripts may ask the background.';
export const REFUSED_FOR_CONTENT_SCRIPT = 'A content script may only ask for a player card and show it.';
export const MALFORMED_MESSAGE = 'The message is not one the background understands.';

const refuse = (message: string): Reply<never> => ({ ok: false, error: { kind: 'bad-request', message } });

export async function handleMessage(
  message: unknown,
  sender: Browser.runtime.MessageSender,
  deps: MessageDeps,
): Promise<unknown> {
  const role = senderRole(sender, deps.self());
  if (role === undefined) return refuse(REFUSED_SENDER);
  const parsed = RequestSchema.safeParse(message);
  if (!parsed.success) return refuse(MALFORMED_MESSAGE);
  const request = parsed.data;
  if (!mayAsk(role, request.type)) return refuse(REFUSED_FOR_CONTENT_SCRIPT);
  return answer(request, deps, sender);
}

function answer(
  request: Request,
  deps: MessageDeps,
  sender: Browser.runtime.MessageSender,
): Promise<unknown> {
  const { gateway } = deps;
  switch (request.type) {
    case 'player':
      return gateway.player(request.identifier);
    case 'player-card':
      return gateway.player(request.name);
    case 'open-player-view':
      return deps.openPlayerView(request.name, sender);
    case 'hover-card-ui':
      return deps.injectHoverCardUi(sender);
    case 'auction-search':
      return gateway.auctionSearch({ item: request.item, sort: request.sort, limit: request.limit });
    case 'leaderboard':
      return gateway.leaderboard(request.board, request.limit);
    case 'players-count':
      return deps.playersCount();
    case 'connection-status':
      return deps.connectionStatus();
    case 'save-connection':
      return deps.saveConnection(request);
    case 'check-connection':
      return gateway.health();
  }
}

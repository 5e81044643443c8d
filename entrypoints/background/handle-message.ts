import type { Browser } from 'wxt/browser';
import { type MessageHandlers, mayAsk, parseRequest, type Reply, type Request } from '../../utils/messages';
import { type Self, senderRole } from './sender';

/**
 * A message arriving in the background → its reply. Its sender is checked and it is parsed
 * with the message table's schema (utils/messages.ts) before anything else; a refusal is a
 * `bad-request` reply and never reaches the API. The gateway is never an open proxy: views
 * name what they want (a player, a leaderboard), never a URL.
 */

export const REFUSED_SENDER = 'Only this extension’s own pages and content scripts may ask the background.';
export const REFUSED_FOR_CONTENT_SCRIPT = 'A content script may only ask for a player card and show it.';
export const MALFORMED_MESSAGE = 'The message is not one the background understands.';

const refuse = (message: string): Reply<never> => ({ ok: false, error: { kind: 'bad-request', message } });

export async function handleMessage(
  message: unknown,
  sender: Browser.runtime.MessageSender,
  { self, handlers }: { self: () => Self; handlers: MessageHandlers },
): Promise<unknown> {
  const role = senderRole(sender, self());
  if (role === undefined) return refuse(REFUSED_SENDER);
  const request = parseRequest(message);
  if (request === undefined) return refuse(MALFORMED_MESSAGE);
  if (!mayAsk(role, request.type)) return refuse(REFUSED_FOR_CONTENT_SCRIPT);
  const handle = handlers[request.type] as (
    request: Request,
    sender: Browser.runtime.MessageSender,
  ) => Promise<unknown>;
  return handle(request, sender);
}

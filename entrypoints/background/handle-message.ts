import type { Browser } from 'wxt/browser';
import { messageTable } from '../../utils/i18n/translate';
import { type MessageHandlers, mayAsk, parseRequest, type Reply, type Request } from '../../utils/messages';
import { type Self, senderRole } from './sender';

/**
 * A message arriving in the background → its reply. Its sender is checked and it is parsed
 * with the message table's schema (utils/messages.ts) before anything else; a refusal is a
 * `bad-request` reply and never reaches the API. The gateway is never an open proxy: views
 * name what they want (a player, a leaderboard), never a URL.
 */

/** Why a message was refused, in the UI language of the moment. */
export const REFUSALS = messageTable({
  sender: 'background.messages.refusedSender',
  forContentScript: 'background.messages.refusedForContentScript',
  malformed: 'background.messages.malformed',
});

const refuse = (message: string): Reply<never> => ({ ok: false, error: { kind: 'bad-request', message } });

export async function handleMessage(
  message: unknown,
  sender: Browser.runtime.MessageSender,
  { self, handlers }: { self: () => Self; handlers: MessageHandlers },
): Promise<unknown> {
  const role = senderRole(sender, self());
  if (role === undefined) return refuse(REFUSALS.sender);
  const request = parseRequest(message);
  if (request === undefined) return refuse(REFUSALS.malformed);
  if (!mayAsk(role, request.type)) return refuse(REFUSALS.forContentScript);
  const handle = handlers[request.type] as (
    request: Request,
    sender: Browser.runtime.MessageSender,
  ) => Promise<unknown>;
  return handle(request, sender);
}

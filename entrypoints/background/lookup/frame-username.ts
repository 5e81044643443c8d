import { z } from 'zod/mini';
import { CONTEXT_USERNAME_REQUEST } from '@/utils/forum/context-username-request';
import { GAME_NAME_PATTERN } from '@/utils/patterns';

/** The content script's answer: checked here, since it comes from a frame in a web page. */
const ReplySchema = z.object({ name: z.nullable(z.string().check(z.regex(GAME_NAME_PATTERN))) });

export type SendToFrame = (tabId: number, message: unknown, options: { frameId: number }) => Promise<unknown>;

/**
 * Asks the forum content script in one frame which username the menu was opened on
 * (entrypoints/forum.content/context-username.ts). Null when there is none, no script there
 * (not a granted forum site, a sub-frame) or the answer is not a game name.
 */
export async function askFrameForUsername(
  send: SendToFrame,
  tabId: number,
  frameId: number,
): Promise<string | null> {
  try {
    const parsed = ReplySchema.safeParse(await send(tabId, { type: CONTEXT_USERNAME_REQUEST }, { frameId }));
    return parsed.success ? parsed.data.name : null;
  } catch {
    return null;
  }
}

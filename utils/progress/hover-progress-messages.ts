import { z } from 'zod/mini';
import { DELTA_STATS } from '../history/player-deltas';
import { DASHED_UUID_PATTERN } from '../patterns';

/**
 * The hover card's progress line (utils/progress/hover-progress.ts), in the one message table
 * (utils/messages.ts): open to content scripts, as `player-note` is; the card checks the reply by
 * hand (no zod in its script).
 */
const HoverProgressSchema = z.object({
  period: z.enum(['session', 'today']),
  changes: z.array(
    z.object({
      stat: z.enum(DELTA_STATS),
      delta: z.number(),
    }),
  ),
  sessionMs: z.optional(z.number()),
  mayLag: z.boolean(),
});

export const HOVER_PROGRESS_MESSAGES = {
  /** A watched player's progress line for the hover card; none when there is nothing to say. */
  'hover-progress': {
    request: z.strictObject({ uuid: z.string().check(z.regex(DASHED_UUID_PATTERN)) }),
    reply: z.object({ progress: z.optional(HoverProgressSchema) }),
    contentScripts: true,
  },
} as const;

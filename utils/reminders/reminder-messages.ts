import { z } from 'zod/mini';
import { ReminderSchema } from './reminder';

/** A listing lasts days at most; a year is far past any real one (a hostile value is refused). */
const SECONDS_LEFT_MAX = 366 * 24 * 3600;

/**
 * The reminders' two messages, spread into the one table (utils/messages.ts): the list, and
 * Remind me on or off. The popup sends the listing as it shows it; `secondsLeft` is put on the
 * background's clock when it arrives.
 */
export const REMINDER_MESSAGES = {
  reminders: {
    request: z.strictObject({}),
    reply: z.object({ reminders: z.array(ReminderSchema), max: z.number() }),
  },
  'set-reminder': {
    request: z.strictObject({
      id: ReminderSchema.shape.id,
      item: ReminderSchema.shape.item,
      seller: ReminderSchema.shape.seller,
      price: ReminderSchema.shape.price,
      secondsLeft: z.number().check(z.gt(0), z.lte(SECONDS_LEFT_MAX)),
      on: z.boolean(),
    }),
    reply: z.union([
      z.object({ ok: z.literal(true) }),
      z.object({ ok: z.literal(false), message: z.string() }),
    ]),
  },
} as const;

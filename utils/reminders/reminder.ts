import { z } from 'zod/mini';
import { MINUTE_MS } from '@/utils/history/history-limits';
import { REMINDER_TEXT_MAX, REMINDERS_MAX } from './reminder-limits';

/**
 * Ending-soon reminders (docs/architecture.md, "Ending-soon reminders (issue 34)"): a listing the
 * user asked to be reminded of, kept in `storage.local` under one key, written only by the
 * background. Pure: the schema, the bound and the timing rule, shared by the background, the
 * popup and the tests.
 */

export {
  DEFAULT_REMINDER_MINUTES,
  MAX_REMINDER_MINUTES,
  REMINDER_MINUTES_CHOICES,
  REMINDER_TEXT_MAX,
  REMINDERS_KEY,
  REMINDERS_MAX,
} from './reminder-limits';

/**
 * waiting: the alarm is set; reminded: the listing was confirmed and announced; gone: the
 * confirming search no longer found it (sold or cancelled); unchecked: announced without a
 * confirmation (offline, no key, an error, or a 429 pause lasting past its end).
 */
export const REMINDER_STATES = ['waiting', 'reminded', 'gone', 'unchecked'] as const;
export type ReminderState = (typeof REMINDER_STATES)[number];

const finite = z.number().check(z.refine(Number.isFinite));
const text = z.string().check(z.maxLength(REMINDER_TEXT_MAX));

export const ReminderSchema = z.object({
  /** The listing's id (api-spec.md §2.2). */
  id: z.int().check(z.gte(0)),
  /** The name shown: the display name without colour codes, or the item type's name. */
  item: text,
  seller: text.check(z.minLength(1)),
  /** The whole listing's price when the reminder was set (updated by the confirming search). */
  price: finite,
  /** When the listing ends, on this machine's clock (ms epoch). */
  endsAt: finite,
  state: z.enum(REMINDER_STATES),
});
export type Reminder = z.infer<typeof ReminderSchema>;

/** Whatever is stored, entry by entry: an unreadable one is dropped, a duplicate id kept once. */
export function parseReminders(raw: unknown): Reminder[] {
  if (!Array.isArray(raw)) return [];
  const seen = new Set<number>();
  const out: Reminder[] = [];
  for (const entry of raw) {
    const parsed = ReminderSchema.safeParse(entry);
    if (!parsed.success || seen.has(parsed.data.id)) continue;
    seen.add(parsed.data.id);
    out.push(parsed.data);
    if (out.length >= REMINDERS_MAX) break;
  }
  return out;
}

/** Reminders for listings that have not ended; ended ones are pruned. */
export function pruneEnded(reminders: readonly Reminder[], now: number): Reminder[] {
  return reminders.filter((reminder) => reminder.endsAt > now);
}

/** When a reminder is due: N minutes before its end. */
export function remindAt(endsAt: number, minutes: number): number {
  return endsAt - minutes * MINUTE_MS;
}

/** What to do for a reminder now. */
export type ReminderStep =
  /** Ended (or the browser was closed past its end): drop it silently. */
  | { do: 'drop' }
  /** Not due yet, or due during a 429 pause that ends before the listing: wake at `at`. */
  | { do: 'wait'; at: number }
  /** Due: send the one confirming request. */
  | { do: 'check' }
  /** Due, but a 429 pause lasts past its end: say it could not be checked. */
  | { do: 'unchecked' }
  /** Already announced: nothing more until it ends. */
  | { do: 'nothing' };

export function reminderStep(
  reminder: Pick<Reminder, 'endsAt' | 'state'>,
  now: number,
  minutes: number,
  pauseSecondsLeft: number,
): ReminderStep {
  if (now >= reminder.endsAt) return { do: 'drop' };
  if (reminder.state !== 'waiting') return { do: 'nothing' };
  const due = remindAt(reminder.endsAt, minutes);
  if (now < due) return { do: 'wait', at: due };
  if (pauseSecondsLeft > 0) {
    const resumes = now + pauseSecondsLeft * 1000;
    return resumes < reminder.endsAt ? { do: 'wait', at: resumes } : { do: 'unchecked' };
  }
  return { do: 'check' };
}

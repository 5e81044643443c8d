/**
 * The reminders' constants, zod-free so that the popup and the options page import them at no
 * cost (utils/reminders/reminder.ts has the schema and the timing rule).
 */

export const REMINDERS_KEY = 'reminders';
/** At most this many reminders at once: a reminder is one request, and a list of 50 still reads. */
export const REMINDERS_MAX = 50;
/** The choices of "remind me N minutes before an auction ends" (Options). */
export const REMINDER_MINUTES_CHOICES = [1, 2, 5, 10, 15, 30] as const;
export const DEFAULT_REMINDER_MINUTES = 5;
export const MAX_REMINDER_MINUTES = 30;
/** Longest item or seller text kept: the API's names are short; a hostile value is cut. */
export const REMINDER_TEXT_MAX = 200;

import { z } from 'zod/mini';

/**
 * When each watched player usually comes online, learned from what this browser's watchlist
 * checks saw (docs/architecture.md, "The request budget"): per player, logins counted by hour of
 * the day, the mean session length, and when their current session began. Tiny arithmetic on a
 * small record kept in storage.local; pure, so the bench simulates it as the extension runs it.
 */

export const HABITS_KEY = 'watch:habits';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A new player: this many logins a day, at any hour… */
export const PRIOR_LOGINS_PER_DAY = 2;
/** …of this many minutes each. */
export const PRIOR_SESSION_MINUTES = 60;
/** How many days of observation the prior weighs. */
const PRIOR_DAYS = 2;
const PRIOR_SESSIONS = 2;
/** Older observations fade: counts are scaled to at most this many days (habits change). */
export const MEMORY_DAYS = 28;
/** A session end seen after a longer gap says too little of its length to count. */
const SPREAD_LIMIT_MS = 6 * HOUR;
/** Each neighbouring hour's share in an hour's rate: a habit's hour shifts from day to day. */
const NEIGHBOURS = 0.15;
/** Session lengths are averaged over about this many sessions. */
const SESSIONS_AVERAGED = 20;

const HabitSchema = z.object({
  /** When this browser first observed the player, or MEMORY_DAYS ago (ms epoch). */
  since: z.number(),
  /** Logins seen per hour of the day (UTC), fractional when the hour was uncertain. */
  logins: z.array(z.number().check(z.gte(0))).check(z.length(24)),
  /** Sessions measured, up to SESSIONS_AVERAGED. */
  sessions: z.number().check(z.gte(0), z.lte(SESSIONS_AVERAGED)),
  /** Their mean length, in minutes. */
  minutes: z.number().check(z.gt(0)),
  /** When the session under way began (estimated), while the player is online. */
  start: z.optional(z.number()),
});
export type Habit = z.infer<typeof HabitSchema>;

export const HabitsSchema = z.object({
  v: z.literal(1),
  /** The watchlist's checks so far, modulo a small number: every FLOOR_EVERY-th is round-robin. */
  turn: z.int().check(z.gte(0)),
  players: z.record(z.string(), HabitSchema),
});
export type Habits = z.infer<typeof HabitsSchema>;

export const freshHabits = (): Habits => ({ v: 1, turn: 0, players: {} });

/** The stored model; `null` when something unreadable is stored (the caller falls back to round-robin). */
export function readHabits(raw: unknown): Habits | null {
  if (raw === undefined) return freshHabits();
  const parsed = HabitsSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

export const hourOf = (at: number) => Math.floor(at / HOUR) % 24;

/** One observation: online or not at `at`, the previous one being `before` (undefined when none). */
export interface Observed {
  online: boolean;
  at: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** `habit` (or a new one) with its counts scaled to at most MEMORY_DAYS of observation at `at`. */
function current(habit: Habit | undefined, at: number): Habit {
  if (habit === undefined)
    return { since: at, logins: Array(24).fill(0), sessions: 0, minutes: PRIOR_SESSION_MINUTES };
  const days = (at - habit.since) / DAY;
  if (days <= MEMORY_DAYS) return habit;
  const keep = MEMORY_DAYS / days;
  return {
    ...habit,
    since: at - MEMORY_DAYS * DAY,
    logins: habit.logins.map((count) => round2(count * keep)),
  };
}

/** One login in (from, to], spread over the hours of that span by how much of it each holds. */
function spreadLogin(logins: readonly number[], from: number, to: number): number[] {
  const next = [...logins];
  for (let at = from; at < to; ) {
    const end = Math.min(to, (Math.floor(at / HOUR) + 1) * HOUR);
    const hour = hourOf(at);
    next[hour] = round2((next[hour] as number) + (end - at) / (to - from));
    at = end;
  }
  return next;
}

/** The model once `uuid` was seen `now` after `before`. */
export function learn(habits: Habits, uuid: string, before: Observed | undefined, now: Observed): Habits {
  let habit = current(habits.players[uuid], now.at);
  const gap = before === undefined ? Number.POSITIVE_INFINITY : now.at - before.at;
  if (before !== undefined && !before.online && now.online && gap > 0) {
    // A session seldom began more than a mean session ago: a long gap narrows to that.
    const from = Math.max(before.at, now.at - sessionMs(habit));
    habit = { ...habit, logins: spreadLogin(habit.logins, from, now.at), start: (from + now.at) / 2 };
  } else if (!now.online) {
    const { start, ...rest } = habit;
    habit = rest;
    if (before?.online && start !== undefined && gap <= SPREAD_LIMIT_MS) {
      const minutes = Math.max(1, ((before.at + now.at) / 2 - start) / 60_000);
      const sessions = Math.min(SESSIONS_AVERAGED, habit.sessions + 1);
      habit = { ...habit, sessions, minutes: round2(habit.minutes + (minutes - habit.minutes) / sessions) };
    }
  }
  return { ...habits, players: { ...habits.players, [uuid]: habit } };
}

/** The model keeping only the players in `keep`. */
export function keepOnly(habits: Habits, keep: readonly string[]): Habits {
  const players: Record<string, Habit> = {};
  for (const uuid of keep) if (habits.players[uuid]) players[uuid] = habits.players[uuid];
  return { ...habits, players };
}

/** Expected logins per hour at each hour of the day: the prior where little is known yet. */
export function loginRates(habit: Habit | undefined, now: number): number[] {
  const days = habit === undefined ? 0 : Math.min(MEMORY_DAYS, Math.max(0, (now - habit.since) / DAY));
  const seen = (hour: number) => habit?.logins[(hour + 24) % 24] ?? 0;
  const prior = (PRIOR_LOGINS_PER_DAY / 24) * PRIOR_DAYS;
  return Array.from(
    { length: 24 },
    (_, hour) =>
      (NEIGHBOURS * (seen(hour - 1) + seen(hour + 1)) + (1 - 2 * NEIGHBOURS) * seen(hour) + prior) /
      (days + PRIOR_DAYS),
  );
}

/** The mean session length, in ms (the prior weighing PRIOR_SESSIONS sessions). */
export function sessionMs(habit: Habit | undefined): number {
  const sessions = habit?.sessions ?? 0;
  const minutes = habit?.minutes ?? PRIOR_SESSION_MINUTES;
  return (
    ((minutes * sessions + PRIOR_SESSION_MINUTES * PRIOR_SESSIONS) / (sessions + PRIOR_SESSIONS)) * 60_000
  );
}

import { z } from 'zod/mini';
import { TICK_MS } from '../api/vocabulary';
import { isNewer, overNewer, overNewerEntries } from '../storage/newer-value';
import { asObject } from '../storage/synced-entry';
import { metaKey } from '../storage-item';
import { EntryFailureSchema } from './entry-failures';

/**
 * When each watched player usually comes online, learned from what this browser's watchlist
 * checks saw, a session they missed told by the playtime (docs/architecture.md, "The request
 * budget"): per player, logins counted by hour of the day, the mean session length, and when
 * their current session began. Tiny arithmetic on a small record kept in storage.local; pure, so
 * the bench simulates it as the extension runs it.
 */

export const HABITS_KEY = 'watch:habits';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A new player: this many logins a day, at any hour… */
export const PRIOR_LOGINS_PER_DAY = 2;
/** …of this many minutes each. */
export const PRIOR_SESSION_MINUTES = 60;
/** How many days of observation the prior weighs (2 until issue 37: its even spread blurred the habits' hours). */
const PRIOR_DAYS = 1;
/** A session end seen after a longer gap says too little of its length to count. */
const SPREAD_LIMIT_MS = 6 * HOUR;
/** Each neighbouring hour's share in an hour's rate: a habit's hour shifts from day to day (0.15 until issue 37). */
const NEIGHBOURS = 0.25;
/** The prior's logins in an hour, over PRIOR_DAYS. */
const PRIOR = (PRIOR_LOGINS_PER_DAY / 24) * PRIOR_DAYS;
/** Each session measured moves the mean length this share of the way (the last few count most). */
const SESSION_WEIGHT = 0.25;

const HabitSchema = z.object({
  /** When this browser first observed the player (ms epoch): rates are per day since. */
  since: z.number(),
  /** Logins seen per hour of the day (UTC), fractional when the hour was uncertain. */
  logins: z.array(z.number()).check(z.minLength(24), z.maxLength(24)),
  /** The mean session length, in minutes (from the prior, moved by each session measured). */
  minutes: z.number().check(z.gte(1)),
  /** When the session under way began (estimated), while the player is online. */
  start: z.optional(z.number()),
});
export type Habit = z.infer<typeof HabitSchema>;

export const HabitsSchema = z.object({
  /** The watchlist's checks so far, modulo a small number: every FLOOR_EVERY-th is round-robin. */
  turn: z.int(),
  players: z.record(z.string(), HabitSchema),
  /**
   * The watched players whose last check failed (entry-failures.ts): kept with the model, so a
   * failing player rests across restarts. Absent before it was kept; unreadable reads as none.
   */
  failing: z.catch(z.optional(z.record(z.string(), EntryFailureSchema)), undefined),
});
export type Habits = z.infer<typeof HabitsSchema>;

export const freshHabits = (): Habits => ({ turn: 0, players: {} });

/**
 * Version history of `watch:habits` (storage.local; its mark `watch:habits$`, utils/storage-item.ts):
 * - v1 (unmarked: the releases before the mark): `{ v: 1, turn, players }`, its version inside.
 * - v2: the same value, with its mark. This release reads the mark, not the inner `v`; it still
 *   writes `v: 1` inside, which the releases before the mark require (gone back a release, a
 *   profile keeps what it learned).
 */
export const HABITS_VERSION = 2;

/** v1 → v2: the model kept as it is (weeks of observation), the mark added. */
export const migrateHabitsV1toV2 = (v1: unknown): unknown => v1;

export const HABITS_VERSIONING = { version: HABITS_VERSION, migrations: { 2: migrateHabitsV1toV2 } };

/**
 * The stored model; `null` when none is stored or it cannot be read: that check goes round-robin
 * and learning starts afresh (`learn`).
 */
export function readHabits(raw: unknown): Habits | null {
  const parsed = HabitsSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/**
 * The writes that keep `next` over `stored`, the model stored at `version` (migrateValue): the
 * model and its mark. Over a newer release's model (a profile gone back a release), only what this
 * release changed (utils/storage/newer-value.ts): the fields and player fields it does not know
 * stay, and the newer mark; a newer model it cannot read, in any part, is not written (null).
 */
export function habitsWrites(
  version: number | undefined,
  stored: unknown,
  next: Habits,
): Record<string, unknown> | null {
  if (!isNewer(version, HABITS_VERSION))
    return { [HABITS_KEY]: { v: 1, ...next }, [metaKey(HABITS_KEY)]: { v: HABITS_VERSION } };
  if (!readHabits(stored)) return null;
  const parse = (habit: unknown) => HabitSchema.safeParse(habit).data;
  const players = overNewerEntries(
    asObject(stored)?.players,
    next.players,
    parse,
    Object.keys(HabitSchema.shape),
  );
  return { [HABITS_KEY]: overNewer(stored, { ...next, players }, Object.keys(HabitsSchema.shape)) };
}

export const hourOf = (at: number) => Math.floor(at / HOUR) % 24;

/** One observation: online or not at `checkedAt` (a watched player's status has this shape). */
export interface Observed {
  online: boolean;
  checkedAt: number;
  /** The API's `stats.playtime_ticks` then (TICK_MS each); absent in statuses kept before it was. */
  playtime?: number | undefined;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Calls `add` for each hour of the day (from, to] touches, with how many ms of it fall there. */
export function eachHour(from: number, to: number, add: (hour: number, ms: number) => void): void {
  for (let at = from; at < to; ) {
    const end = Math.min(to, (Math.floor(at / HOUR) + 1) * HOUR);
    add(hourOf(at), end - at);
    at = end;
  }
}

/**
 * The model once `uuid` was seen `now` after `before` (nothing learned when `now` is undefined: the
 * check failed), keeping only the players in `keep` (default: all). A null model starts afresh.
 */
export function learn(
  model: Habits | null,
  uuid: string,
  before: Observed | undefined,
  now: Observed | undefined,
  keep?: readonly string[],
): Habits {
  const habits = model ?? freshHabits();
  const players: Record<string, Habit> = {};
  for (const id of keep ?? Object.keys(habits.players))
    if (habits.players[id]) players[id] = habits.players[id];
  if (now === undefined) return { ...habits, players };
  const at = now.checkedAt;
  let habit: Habit = habits.players[uuid] ?? {
    since: at,
    logins: Array(24).fill(0),
    minutes: PRIOR_SESSION_MINUTES,
  };
  const gap = before === undefined ? Infinity : at - before.checkedAt;
  const session = habit.minutes * 60_000;
  // One login, spread over the hours (from, to] it may have been in.
  const spread = (from: number, to: number) => {
    const logins = [...habit.logins];
    eachHour(from, to, (hour, ms) => {
      logins[hour] = round2((logins[hour] as number) + ms / (to - from));
    });
    habit = { ...habit, logins };
  };
  const measured = (minutes: number) => {
    habit.minutes = round2(habit.minutes + (minutes - habit.minutes) * SESSION_WEIGHT);
  };
  // A login: online after offline, at the first look, or after more than a mean session (another session, likely).
  if (now.online && (!before?.online || gap > session)) {
    // A session seldom began more than a mean session ago: a long gap narrows to that.
    const from = Math.max(before?.checkedAt ?? 0, at - session);
    spread(from, at);
    habit.start = (from + at) / 2;
  } else if (!now.online) {
    const { start, ...rest } = habit;
    habit = rest;
    if (before?.online && start !== undefined && gap <= SPREAD_LIMIT_MS)
      measured(Math.max(1, ((before.checkedAt + at) / 2 - start) / 60_000));
    // Offline at both looks and the playtime grew (an offline player's is saved, docs/api-spec.md
    // §3.1): a session missed, begun in (last look, now − played]. Growth past the gap is not one;
    // a start wider than a mean session is too blurred to date (at 200 watched it cost the median).
    const played =
      now.playtime === undefined || before?.playtime === undefined
        ? 0
        : (now.playtime - before.playtime) * TICK_MS;
    const from = before?.checkedAt ?? at;
    if (!before?.online && played > 0 && at - played > from && at - played - from <= session) {
      spread(from, at - played);
      if (gap <= SPREAD_LIMIT_MS) measured(played / 60_000);
    }
  }
  players[uuid] = habit;
  return { ...habits, players };
}

/** Expected logins per hour at each hour of the day: the prior where little is known yet. */
export function loginRates(habit: Habit | undefined, now: number): number[] {
  const days = habit === undefined ? 0 : Math.max(0, (now - habit.since) / DAY);
  const seen = (hour: number) => habit?.logins[(hour + 24) % 24] ?? 0;
  return Array.from(
    { length: 24 },
    (_, hour) =>
      (NEIGHBOURS * (seen(hour - 1) + seen(hour + 1)) + (1 - 2 * NEIGHBOURS) * seen(hour) + PRIOR) /
      (days + PRIOR_DAYS),
  );
}

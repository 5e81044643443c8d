/**
 * Synthetic watched players with habits, and the watchlist's checks replayed over them, for the
 * figures comparing round-robin with the learned scheduler (scheduler-habits.ts). The slots are
 * the real scheduler's (scheduler-sim.ts: the badge on, the default budget): which player a slot
 * checks does not change when the slots fall, so both policies get the very same slots.
 *
 * The players (drawn once from a seed, the same for both policies):
 * - habitual (60 %): 1 to 3 habitual sessions a day, each at its own hour and length
 *   (15 to 180 min); each day each is played with a chance of 85 %, starting around its hour
 *   (normal noise, σ = 30 min) and lasting its length × 0.6 to 1.4 (15 to 180 min);
 * - irregular (25 %): 1 to 3 sessions a day at any time, 15 to 180 min each;
 * - rarely online (15 %): one session on one day in 7, at any time, 15 to 180 min.
 * Overlapping sessions of a player merge into one.
 */

import type { Random } from '../../demo/random';
import {
  freshHabits,
  type Habit,
  type Habits,
  learn,
  loginRates,
  type Observed,
} from '../../utils/scheduler/habits';
import { nextToCheck } from '../../utils/scheduler/watch-priority';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface Session {
  start: number;
  end: number;
}

export type PlayerKind = 'habitual' | 'irregular' | 'rare';

const between = (random: Random, min: number, max: number) => min + random() * (max - min);
const wholeBetween = (random: Random, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1));
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** A standard normal draw (Box–Muller). */
function normal(random: Random): number {
  const u = Math.max(Number.MIN_VALUE, random());
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

function merged(sessions: Session[]): Session[] {
  const sorted = [...sessions].sort((a, b) => a.start - b.start);
  const out: Session[] = [];
  for (const session of sorted) {
    const last = out.at(-1);
    if (last !== undefined && session.start <= last.end) last.end = Math.max(last.end, session.end);
    else out.push({ ...session });
  }
  return out;
}

/** A habitual player's habit: when in the day (ms after midnight UTC) and how long (min). */
export interface TrueHabit {
  at: number;
  length: number;
}

/** Each day each habit is played with this chance… */
export const HABIT_PLAYED = 0.85;
/** …starting around its hour with this spread (normal, σ in min). */
export const HABIT_SIGMA_MIN = 30;
/** Irregular players log in 1 to 3 times a day: 2 on average. */
export const IRREGULAR_PER_DAY = 2;
/** Rarely online players: one session a day on this share of days. */
export const RARE_PER_DAY = 1 / 7;
/** Session lengths are clamped to these (min). */
export const SESSION_MIN = 15;
export const SESSION_MAX = 180;

/** One player's sessions from `from` for `days` days, and the habits they were drawn from (habitual players). */
export function drawPlayer(
  random: Random,
  kind: PlayerKind,
  from: number,
  days: number,
): { sessions: Session[]; habits: TrueHabit[] } {
  const sessions: Session[] = [];
  const anyLength = () => between(random, SESSION_MIN, SESSION_MAX) * MINUTE;
  let habits: TrueHabit[] = [];
  if (kind === 'habitual') {
    habits = Array.from({ length: wholeBetween(random, 1, 3) }, () => ({
      at: random() * DAY,
      length: between(random, SESSION_MIN, SESSION_MAX),
    }));
    for (let day = 0; day < days; day += 1) {
      for (const habit of habits) {
        if (random() >= HABIT_PLAYED) continue;
        const start = from + day * DAY + habit.at + normal(random) * HABIT_SIGMA_MIN * MINUTE;
        const length = clamp(habit.length * between(random, 0.6, 1.4), SESSION_MIN, SESSION_MAX) * MINUTE;
        sessions.push({ start, end: start + length });
      }
    }
  } else {
    for (let day = 0; day < days; day += 1) {
      const count = kind === 'irregular' ? wholeBetween(random, 1, 3) : random() < RARE_PER_DAY ? 1 : 0;
      for (let i = 0; i < count; i += 1) {
        const start = from + day * DAY + random() * DAY;
        sessions.push({ start, end: start + anyLength() });
      }
    }
  }
  return { sessions: merged(sessions), habits };
}

/** One player's sessions from `from` for `days` days. */
export const playerSessions = (random: Random, kind: PlayerKind, from: number, days: number): Session[] =>
  drawPlayer(random, kind, from, days).sessions;

export interface SimPlayer {
  uuid: string;
  kind: PlayerKind;
  sessions: Session[];
  /** The habits the sessions were drawn from (habitual players; none for the others): what the informed policy knows. */
  habits?: TrueHabit[];
}

export function syntheticPlayers(random: Random, count: number, from: number, days: number): SimPlayer[] {
  return Array.from({ length: count }, (_, i) => {
    const draw = random();
    const kind: PlayerKind = draw < 0.6 ? 'habitual' : draw < 0.85 ? 'irregular' : 'rare';
    return { uuid: `player${i + 1}`, kind, ...drawPlayer(random, kind, from, days) };
  });
}

/** Online at `at`: within one of `sessions` (sorted). */
export function onlineAt(sessions: readonly Session[], at: number): boolean {
  return sessions.some((session) => session.start <= at && at < session.end);
}

/** A game tick: the API's playtime counts 20 a second. */
const TICK_MS = 50;
/** While a player is online the saved playtime lags: saved at this period (docs/api-spec.md §3.1, "a few minutes"). */
const AUTOSAVE_MS = 5 * MINUTE;

/**
 * What a check at `at` sees of a player: online or not, and the API's playtime (ticks): the whole
 * of each session ended, saved when the player left; of one under way, up to its last autosave.
 */
export function observe(sessions: readonly Session[], at: number): Observed {
  let played = 0;
  let online = false;
  for (const session of sessions) {
    if (session.start > at) break;
    if (at < session.end) {
      online = true;
      played += Math.floor((at - session.start) / AUTOSAVE_MS) * AUTOSAVE_MS;
    } else played += session.end - session.start;
  }
  return { online, checkedAt: at, playtime: Math.floor(played / TICK_MS) };
}

export type Policy = 'round-robin' | 'habits';

/**
 * `loginRates`, each player's kept for an hour of simulated time (a model is replaced, never
 * changed, when it learns): the same choices, 200 players × three weeks of checks in seconds.
 */
const ratesCache = new WeakMap<Habit, { at: number; rates: number[] }>();
export function cachedRates(habit: Habit | undefined, now: number): number[] {
  if (habit === undefined) return loginRates(undefined, now);
  const cached = ratesCache.get(habit);
  if (cached !== undefined && Math.abs(now - cached.at) < 60 * MINUTE) return cached.rates;
  const rates = loginRates(habit, now);
  ratesCache.set(habit, { at: now, rates });
  return rates;
}

export interface Check {
  at: number;
  uuid: string;
}

/**
 * The watchlist's checks in `slots` (its slot times, oldest first) under `policy`: round-robin
 * (entrypoints/background/scheduler/rotation.ts, least recently checked first) or the learned
 * one (utils/scheduler/watch-priority.ts), learning from its own checks only, as the extension.
 */
export function replayChecks(
  players: readonly SimPlayer[],
  slots: readonly number[],
  policy: Policy,
  roundRobin: (uuids: readonly string[], checkedAt: Readonly<Record<string, number>>) => string | undefined,
): { checks: Check[]; habits: Habits } {
  const uuids = players.map((player) => player.uuid);
  const byUuid = new Map(players.map((player) => [player.uuid, player]));
  const checkedAt: Record<string, number> = {};
  const last: Record<string, Observed> = {};
  let habits = freshHabits();
  const checks: Check[] = [];
  for (const at of slots) {
    const choice =
      policy === 'round-robin'
        ? { uuid: roundRobin(uuids, checkedAt), turn: 0 }
        : nextToCheck({
            players: uuids,
            checkedAt,
            roundRobin,
            last,
            habits,
            now: at,
            rates: cachedRates,
          });
    const uuid = choice.uuid;
    if (uuid === undefined) continue;
    checkedAt[uuid] = at;
    const seen = observe(byUuid.get(uuid)?.sessions ?? [], at);
    if (policy === 'habits') habits = { ...learn(habits, uuid, last[uuid], seen), turn: choice.turn };
    last[uuid] = seen;
    checks.push({ at, uuid });
  }
  return { checks, habits };
}

export interface Detection {
  /** Minutes from coming online to the first check that saw it, for the sessions seen. */
  delays: number[];
  sessions: number;
  neverSeen: number;
}

/** For every session starting in [from, to): how long until a check saw the player online, or never. */
export function detections(
  players: readonly SimPlayer[],
  checks: readonly Check[],
  from: number,
  to: number,
): Detection {
  const byPlayer = new Map<string, number[]>();
  for (const check of checks) {
    const times = byPlayer.get(check.uuid) ?? [];
    times.push(check.at);
    byPlayer.set(check.uuid, times);
  }
  const delays: number[] = [];
  let sessions = 0;
  let neverSeen = 0;
  for (const player of players) {
    const times = byPlayer.get(player.uuid) ?? [];
    for (const session of player.sessions) {
      if (session.start < from || session.start >= to) continue;
      sessions += 1;
      const seen = times.find((at) => at >= session.start && at < session.end);
      if (seen === undefined) neverSeen += 1;
      else delays.push((seen - session.start) / MINUTE);
    }
  }
  return { delays, sessions, neverSeen };
}

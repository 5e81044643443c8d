import {
  eachHour,
  type Habit,
  type Habits,
  loginRates,
  type Observed,
  PRIOR_SESSION_MINUTES,
} from './habits';
import { FLOOR_EVERY, floorMs } from './watch-floor';

/**
 * Which watched player the watchlist's slot checks (docs/architecture.md, "The request budget"):
 * the likeliest, by their learned habits (habits.ts), to be in a session not seen yet, weighed by
 * the time since they were last looked at; every FLOOR_EVERY-th check (watch-floor.ts) the least
 * recently checked instead when it has gone floorMs unchecked, so no one is left behind.
 * The scheduler's slots are not touched: only whom a slot checks.
 */

/**
 * A player's news is weighed by (hours since last looked at)^this: the longer unlooked, the more
 * a session seen late or never (the 95th percentile, the sessions never seen).
 * 0.5 before issue 37's second round, 0.6 until the floor was stated in hours (watch-floor.ts);
 * the bench's table of what was tried is in bench/README.md.
 */
export const SINCE_WEIGHT_POWER = 0.75;
/**
 * Logins more than this many mean sessions ago are likely over: nothing left to see.
 * 1.5 until issue 37's fifth round: re-tuned on held-out lists after the floor in hours (bench/README.md).
 */
const WINDOW_SESSIONS = 1;

/**
 * The chance that a player last looked at `at`, then `online` or not, is by `now` in a session
 * not seen yet: the logins at each hour's learned rate (`rates`, per hour of the day) in the last
 * WINDOW_SESSIONS mean sessions (one begun earlier is likely over), counted from a mean session
 * after a look that found the player online (nothing new until that session ends). Any list size:
 * until issue 37's seventh round a list of over 50 counted every login since the look, which at
 * 200 now misses more sessions (bench/README.md).
 */
export function expectedNews(
  rates: readonly number[],
  sessionMinutes: number,
  online: boolean,
  at: number,
  now: number,
): number {
  const session = sessionMinutes * 60_000;
  let expected = 0;
  eachHour(Math.max(online ? at + session : at, now - WINDOW_SESSIONS * session), now, (hour, ms) => {
    expected += ((rates[hour] as number) * ms) / 3_600_000;
  });
  return expected;
}

export interface WatchChoice {
  players: readonly string[];
  /** When the watchlist last checked each (answered or not: a failing player does not hold the list up). */
  checkedAt: Readonly<Record<string, number>>;
  /** Today's choice, least recently checked first (entrypoints/background/scheduler/rotation.ts). */
  roundRobin: (players: readonly string[], checkedAt: Readonly<Record<string, number>>) => string | undefined;
  /** What was last seen of each (their statuses: any answer about them counts). */
  last: Readonly<Record<string, Observed>>;
  /** The learned model; null when it could not be read: round-robin. */
  habits: Habits | null;
  now: number;
  /** A player's rates (habits.ts `loginRates`; the bench passes it cached). */
  rates?: (habit: Habit | undefined, now: number) => number[];
}

/**
 * The player to check now (undefined when there is no one) and the turn to store with the
 * model. A player never looked at comes first.
 */
export function nextToCheck(choice: WatchChoice): { uuid: string | undefined; turn: number } {
  const { players, checkedAt, last, habits, now, rates = loginRates } = choice;
  const turn = ((habits?.turn ?? 0) + 1) % FLOOR_EVERY;
  if (habits === null || turn === 0) {
    const least = choice.roundRobin(players, checkedAt);
    // The floor's turn only for a player gone floorMs unchecked; otherwise it goes by news too.
    if (
      habits === null ||
      least === undefined ||
      !(now - (checkedAt[least] ?? -Infinity) < floorMs(players.length))
    )
      return { uuid: least, turn };
  }
  let uuid: string | undefined;
  let best = -Infinity;
  for (const player of players) {
    const habit = habits.players[player];
    const at = Math.max(last[player]?.checkedAt ?? -Infinity, checkedAt[player] ?? -Infinity);
    const news =
      at === -Infinity
        ? Infinity
        : expectedNews(
            rates(habit, now),
            habit?.minutes ?? PRIOR_SESSION_MINUTES,
            last[player]?.online === true,
            at,
            now,
          ) *
          (Math.max(0, now - at) / 3_600_000) ** SINCE_WEIGHT_POWER; // ≥ 0: a clock set back still picks someone
    if (news > best) [uuid, best] = [player, news];
  }
  return { uuid, turn };
}

import { type Habit, type Habits, hourOf, loginRates, type Observed, sessionMs } from './habits';

/**
 * Which watched player the watchlist's slot checks (docs/architecture.md, "The request budget"):
 * the one with the most news expected since last seen, by their learned habits (habits.ts);
 * every FLOOR_EVERY-th check the least recently checked instead, so no one is left behind.
 * The scheduler's slots are not touched: only whom a slot checks.
 */

/** One check in this many goes round-robin: each player is checked at least every FLOOR_EVERY × players checks. */
export const FLOOR_EVERY = 4;
/** News that someone went offline weighs this much against news that someone came online. */
export const OFFLINE_NEWS_WEIGHT = 0.2;
/** Expected news stops growing after this long unseen (the floor sees to those players). */
const HORIZON_MS = 48 * 3_600_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The state changes expected since `last` was seen, by `now`: for an offline player, logins at
 * each hour's learned rate (`rates`, per hour of the day); for an online one, logouts at one per
 * mean session, weighed less. Infinite for a player never seen.
 */
export function expectedNews(
  rates: readonly number[],
  sessionLength: number,
  last: Observed | undefined,
  now: number,
): number {
  if (last === undefined) return Number.POSITIVE_INFINITY;
  const since = Math.max(last.at, now - HORIZON_MS);
  if (last.online) return (OFFLINE_NEWS_WEIGHT * (now - since)) / sessionLength;
  // Whole days at the day's total, then hour by hour: at most 25 steps.
  const days = Math.floor((now - since) / DAY);
  let expected = days * rates.reduce((sum, rate) => sum + rate, 0);
  for (let at = since + days * DAY; at < now; ) {
    const end = Math.min(now, (Math.floor(at / HOUR) + 1) * HOUR);
    expected += ((rates[hourOf(at)] as number) * (end - at)) / HOUR;
    at = end;
  }
  return expected;
}

/** Rates per player's model, recomputed hourly (a model is replaced, never changed, when it learns). */
const ratesCache = new WeakMap<Habit, { at: number; rates: number[] }>();
function ratesOf(habit: Habit | undefined, now: number): number[] {
  if (habit === undefined) return loginRates(undefined, now);
  const cached = ratesCache.get(habit);
  if (cached !== undefined && Math.abs(now - cached.at) < HOUR) return cached.rates;
  const rates = loginRates(habit, now);
  ratesCache.set(habit, { at: now, rates });
  return rates;
}

export interface WatchChoice {
  players: readonly string[];
  /** Today's choice, least recently checked first (entrypoints/background/scheduler/rotation.ts). */
  roundRobin: (players: readonly string[]) => string | undefined;
  /** What was last seen of each (any answer about them counts). */
  last: Readonly<Record<string, Observed>>;
  /** The learned model; null when it could not be read: round-robin. */
  habits: Habits | null;
  now: number;
}

/** The player to check now (undefined when there is no one) and the turn to store with the model. */
export function nextToCheck(choice: WatchChoice): { uuid: string | undefined; turn: number } {
  const { players, last, habits, now } = choice;
  const turn = ((habits?.turn ?? 0) + 1) % FLOOR_EVERY;
  if (habits === null || turn === 0) return { uuid: choice.roundRobin(players), turn };
  let uuid: string | undefined;
  let best = Number.NEGATIVE_INFINITY;
  for (const player of players) {
    const habit = habits.players[player];
    const news = expectedNews(ratesOf(habit, now), sessionMs(habit), last[player], now);
    if (news > best) [uuid, best] = [player, news];
  }
  return { uuid, turn };
}

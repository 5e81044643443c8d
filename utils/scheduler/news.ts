import { HOUR_MS } from '../limits';
import { type CountReading, moveThreshold, nextCountReadAt, predictedMove, usableModel } from './count-pace';
import type { StreamDemand } from './demand';
import { isResting, standingFailures } from './entry-failures';
import { type Habit, type Habits, loginRates, type Observed, PRIOR_SESSION_MINUTES } from './habits';
import { type BadgeDemandSettings, badgeDemand } from './stream-ids';
import { floorMs } from './watch-floor';
import { expectedNews } from './watch-priority';

/**
 * What one request is expected to bring, on ONE scale for every stream (issue 37,
 * docs/architecture.md "News per request"): the expected number of things the user will see
 * change because of it (a player announced online, an alert's listing, the badge's number
 * moving by a threshold), so a probability for a single entry. plan.ts gives a slot to the
 * stream saying the most, after the floors. Pure: the streams and the bench call the same rules.
 */

/** A news value on the scale: finite, within [0, 1]. */
export const clampNews = (news: number): number =>
  Number.isFinite(news) ? Math.min(1, Math.max(0, news)) : 0;

/** erfc(x) for x ≥ 0 (Abramowitz–Stegun 7.1.26, error below 1.5e-7). */
function erfc(x: number): number {
  const t = 1 / (1 + 0.3275911 * x);
  const poly =
    t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return poly * Math.exp(-x * x);
}

/**
 * The badge: the chance its count moved by the threshold or more, the predicted move (count-pace.ts,
 * about one standard deviation of the change) read as a normal change: P(|change| ≥ threshold).
 * At the threshold 0.32, at twice it 0.62; a move of nothing, no news.
 */
export function countMoveNews(predictedMove: number, threshold: number): number {
  if (!(predictedMove > 0) || !(threshold > 0)) return predictedMove > 0 ? BADGE_NEWS_WEIGHT : 0;
  return clampNews(BADGE_NEWS_WEIGHT * erfc(threshold / (predictedMove * Math.SQRT2)));
}

/**
 * A count that moved by the threshold weighs this much against a friend's session or an alert's
 * listing: the badge is glanced at, the others are announced. At 1 (and at 0.3) the demo's
 * wiggling count took 41 (39) of the hour's 60 requests and friends were seen later than today;
 * 0.1 until issue 37's seventh round, where the friends' 95th percentile wanted the reads the
 * badge's error could spare within 1.2× of its bound (bench/README.md, count-pace).
 */
export const BADGE_NEWS_WEIGHT = 0.05;

/** Each alert at least this often, whatever another stream's news. */
export const ALERT_FLOOR_MS = HOUR_MS;

/** A search checked fewer times than this is not known yet: its news is this prior. */
export const ALERT_PRIOR_PER_HOUR = 1;
/** Each check moves a search's rate of new listings this share of the way (the last few count most). */
export const ALERT_RATE_WEIGHT = 0.2;

/**
 * A search's rate of new listings below its alert per hour, after a check that found `found` of
 * them `hours` after the one before (an exponential average; the first check sets none).
 */
export function nextNewPerHour(before: number | undefined, found: number, hours: number): number | undefined {
  if (!(hours > 0) || !Number.isFinite(hours) || !(found >= 0)) return before;
  const rate = found / hours;
  return before === undefined || !Number.isFinite(before)
    ? rate
    : before + ALERT_RATE_WEIGHT * (rate - before);
}

/** An alert: the chance a check finds a new listing, its rate since it was last looked at. */
export function alertNews(
  newPerHour: number | undefined,
  lastLookAt: number | undefined,
  now: number,
): number {
  if (lastLookAt === undefined || !Number.isFinite(lastLookAt)) return 1;
  const rate = newPerHour === undefined || !Number.isFinite(newPerHour) ? ALERT_PRIOR_PER_HOUR : newPerHour;
  return clampNews(1 - Math.exp((-Math.max(0, rate) * Math.max(0, now - lastLookAt)) / HOUR_MS));
}

/** What a stream with entries says: its news, its floor, or when its next entry stops resting. */
export interface EntriesWorth {
  news?: number;
  floorAt?: number;
  /** Every entry rests: nothing is due before this (the stream takes no slot until then). */
  restingUntil?: number;
}

/**
 * A stream of entries looked at one per request: the entries not resting (entry-failures.ts), the
 * news of the best of them, and the floor of the one looked at longest ago.
 */
export function entriesWorth<E>(
  entries: readonly E[],
  input: {
    now: number;
    failure: (entry: E) => Parameters<typeof isResting>[0];
    lastLookAt: (entry: E) => number | undefined;
    /** undefined: the stream cannot say (a model that cannot be read): round-robin for it. */
    news: ((entry: E) => number) | undefined;
    floorMs: number;
  },
): EntriesWorth {
  const { now } = input;
  const awake = entries.filter((entry) => !isResting(input.failure(entry), now));
  if (awake.length === 0) {
    const until = Math.min(...entries.map((entry) => input.failure(entry)?.retryAt ?? now));
    return entries.length === 0 ? {} : { restingUntil: Number.isFinite(until) ? until : now };
  }
  let floorAt = Number.POSITIVE_INFINITY;
  let news = 0;
  for (const entry of awake) {
    const at = input.lastLookAt(entry);
    // An entry never looked at has its news (1), not a floor: it would hold every other stream back.
    if (at !== undefined && Number.isFinite(at)) floorAt = Math.min(floorAt, at + input.floorMs);
    if (input.news) news = Math.max(news, clampNews(input.news(entry)));
  }
  const floor = Number.isFinite(floorAt) ? { floorAt } : {};
  return input.news ? { news, ...floor } : floor;
}

/**
 * A watched player's news: the chance of a session under way not seen yet (watch-priority.ts's
 * logins in the last sessions, counted from a look), 1 for a player never looked at.
 */
export function playerNews(
  rates: readonly number[],
  sessionMinutes: number,
  online: boolean,
  lastLookAt: number | undefined,
  now: number,
): number {
  if (lastLookAt === undefined || !Number.isFinite(lastLookAt)) return 1;
  return clampNews(expectedNews(rates, sessionMinutes, online, lastLookAt, now));
}

/**
 * The watchlist's worth: its best player's news (their learned habits; a model that cannot be
 * read says none, and the slot goes round-robin), the floor of its least recently checked player.
 */
export function watchlistWorth(input: {
  players: readonly string[];
  checkedAt: Readonly<Record<string, number>>;
  last: Readonly<Record<string, Observed>>;
  habits: Habits | null;
  now: number;
  rates?: (habit: Habit | undefined, now: number) => number[];
}): EntriesWorth {
  const { checkedAt, last, habits, now, rates = loginRates } = input;
  const lookAt = (uuid: string): number | undefined => {
    const at = Math.max(last[uuid]?.checkedAt ?? -Infinity, checkedAt[uuid] ?? -Infinity);
    return at === -Infinity ? undefined : at;
  };
  const failing = standingFailures(habits?.failing ?? {}, (uuid) => last[uuid]?.checkedAt);
  return entriesWorth(input.players, {
    now,
    failure: (uuid) => failing[uuid],
    lastLookAt: lookAt,
    news:
      habits === null
        ? undefined
        : (uuid) => {
            const habit = habits.players[uuid];
            return playerNews(
              rates(habit, now),
              habit?.minutes ?? PRIOR_SESSION_MINUTES,
              last[uuid]?.online === true,
              lookAt(uuid),
              now,
            );
          },
    // Each watched player at least this often, whatever another stream's news: the floor's turn's own wait.
    floorMs: floorMs(input.players.length),
  });
}

/**
 * A stream's demand with what it is worth: its news and floor, or, while every entry rests, due
 * only when the first stops resting (no slot, no request meanwhile).
 */
export function withWorth(demand: NonNullable<StreamDemand>, worth: EntriesWorth): StreamDemand {
  if (worth.restingUntil !== undefined) return { ...demand, dueAt: worth.restingUntil };
  return {
    ...demand,
    ...(worth.news === undefined ? {} : { news: worth.news }),
    ...(worth.floorAt === undefined ? {} : { floorAt: worth.floorAt }),
  };
}

/** The badge's news now: the chance its count moved by the threshold since `last` was read. */
export function countNews(model: unknown, last: CountReading, now: number): number | undefined {
  const usable = usableModel(model);
  if (usable === undefined) return undefined;
  return countMoveNews(predictedMove(usable, last, now - last.at), moveThreshold(last.count));
}

/**
 * The badge's demand (poller.ts): in Automatic with a reading and a usable model, read when the
 * count has likely moved enough (count-pace.ts), saying its news and its floor; otherwise (fixed,
 * no reading yet, no model or a corrupted one) the fixed pace, saying no news: round-robin.
 */
export function badgePaceDemand(
  settings: BadgeDemandSettings,
  configured: boolean,
  model: unknown,
  last: CountReading | undefined,
  now: number,
): StreamDemand {
  if (settings.badgePace !== 'automatic' || !configured || last === undefined)
    return badgeDemand(settings, configured);
  const news = countNews(model, last, now);
  if (news === undefined) return badgeDemand(settings);
  const dueAt = nextCountReadAt(model, last, settings.badgeIntervalSeconds * 1000);
  return badgeDemand(settings, true, { lastReadAt: last.at, dueAt, news });
}

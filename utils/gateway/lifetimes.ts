import type { LeaderboardType } from '../api/schemas';

/**
 * How long the gateway serves an answer from its cache instead of asking the API again.
 *
 * - Leaderboards follow the spec (4.4, 8): balance and shards refresh about every 45 s on
 *   the server, kills about every 5 min, so asking more often only returns the same list.
 * - Players: about 30 s. Stats are refreshed in the background anyway (3.1) and may lag by
 *   minutes; 30 s keeps the online dot current while absorbing hover-card storms (a forum
 *   thread shows the same name many times). A 404 is cached as long: a name that does not
 *   exist does not start existing within seconds.
 * - Auction search: 10 s. The spec gives no refresh interval and listings come and go
 *   (expiry, premium window), so the answer must stay current; 10 s still turns repeated
 *   identical searches (re-opening the popup, switching tabs, a double submit) into one request.
 * - The online count is computed live by the server (4.5): never cached, only deduplicated
 *   while a request is in flight.
 */
export const PLAYER_LIFETIME_MS = 30_000;
export const AUCTION_LIFETIME_MS = 10_000;
export const LEADERBOARD_LIFETIME_MS: Readonly<Record<LeaderboardType, number>> = Object.freeze({
  balance: 45_000,
  shards: 45_000,
  kills: 5 * 60_000,
});
/** The online count is live. */
export const COUNT_LIFETIME_MS = 0;

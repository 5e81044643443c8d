import { HOUR_MS } from '../limits';

/**
 * One watchlist check in this many is the floor's turn (watch-priority.ts): it goes to the least
 * recently checked player when that player has not been checked for FLOOR_MS, otherwise by news,
 * as the others do. So each player is checked at least every FLOOR_MS + FLOOR_EVERY × players of
 * the watchlist's checks: once the least recently checked has waited FLOOR_MS, every floor turn
 * checks a player checked no later than it, and there are at most `players` of those. Its own
 * file so that the Options page's sentence can say so without loading the model.
 */
export const FLOOR_EVERY = 4;
/**
 * The floor's turn waits until its player has gone this long unchecked: before, it mostly went
 * to players looked at recently anyway (bench/README.md, "Whom the watchlist checks": 1, 1.5, 2,
 * 3 and 4 h measured). The watchlist stream's own floor among the streams too (news.ts).
 */
export const FLOOR_MS = 3 * HOUR_MS;

import { HOUR_MS, MINUTE_MS } from '../limits';

/**
 * One watchlist check in this many is the floor's turn (watch-priority.ts): it goes to the least
 * recently checked player when that player has not been checked for `floorMs(players)`,
 * otherwise by news, as the others do. So each player is checked at least every
 * floorMs(players) + FLOOR_EVERY × players of the watchlist's checks: once the least recently
 * checked has waited floorMs, every floor turn checks a player checked no later than it, and
 * there are at most `players` of those. Its own file so that the Options page's sentence can say
 * so without loading the model.
 */
export const FLOOR_EVERY = 4;
/**
 * The floor's turn waits until its player has gone this long unchecked: before, it mostly went
 * to players looked at recently anyway (bench/README.md, "Whom the watchlist checks": 1, 1.5, 2,
 * 3 and 4 h measured). A longer list waits FLOOR_PER_PLAYER_MS per player: the budget cannot
 * check 200 players every 3 hours, and at 200 a turn spent on the least recently checked is one
 * news does better with. The watchlist stream's own floor among the streams too (news.ts).
 */
export const FLOOR_MS = 3 * HOUR_MS;
export const FLOOR_PER_PLAYER_MS = 10 * MINUTE_MS;
export const floorMs = (players: number): number => Math.max(FLOOR_MS, players * FLOOR_PER_PLAYER_MS);

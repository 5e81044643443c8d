/**
 * The API's fixed words (docs/api-spec.md §4), without zod: views import them at no cost, and
 * utils/api/schemas.ts builds its enums from them.
 */
/** A game tick (`stats.playtime_ticks`, §2.1: 20 a second), in ms, and the ticks in an hour. */
export const TICK_MS = 50;
export const TICKS_PER_HOUR = 3_600_000 / TICK_MS;

export const LEADERBOARD_TYPES = ['balance', 'shards', 'kills'] as const;
export type LeaderboardType = (typeof LEADERBOARD_TYPES)[number];

export const AUCTION_SORTS = ['recent', 'oldest', 'cheap', 'expensive'] as const;
export type AuctionSort = (typeof AUCTION_SORTS)[number];

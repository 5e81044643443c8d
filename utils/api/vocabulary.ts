/**
 * The API's fixed words (docs/api-spec.md §4), without zod: views import them at no cost, and
 * utils/api/schemas.ts builds its enums from them.
 */
export const LEADERBOARD_TYPES = ['balance', 'shards', 'kills'] as const;
export type LeaderboardType = (typeof LEADERBOARD_TYPES)[number];

export const AUCTION_SORTS = ['recent', 'oldest', 'cheap', 'expensive'] as const;
export type AuctionSort = (typeof AUCTION_SORTS)[number];

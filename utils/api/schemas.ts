import { z } from 'zod/mini';
import { DASHED_UUID_PATTERN } from '../patterns';
import { AUCTION_SORTS, LEADERBOARD_TYPES } from './vocabulary';

export { AUCTION_SORTS, type AuctionSort, LEADERBOARD_TYPES, type LeaderboardType } from './vocabulary';

/**
 * zod schemas for every response of the API (docs/api-spec.md §2 and §4). Objects are loose:
 * unknown extra fields are tolerated (the server may add some), wrong types are not.
 */

const int = z.int();
const uuid = z.string().check(z.regex(DASHED_UUID_PATTERN));

export const HealthSchema = z.looseObject({ status: z.string() });
export type Health = z.infer<typeof HealthSchema>;

export const RankSchema = z.looseObject({
  id: z.string(),
  display: z.string(),
  weight: z.number(),
});

export const PlayerStatsSchema = z.looseObject({
  kills: int,
  deaths: int,
  playtime_ticks: int,
  playtime_hours: z.number(),
});

export const PlayerSchema = z.looseObject({
  uuid,
  name: z.string(),
  online: z.boolean(),
  rank: RankSchema,
  balance: z.number(),
  shards: z.number(),
  stats: PlayerStatsSchema,
  stats_may_lag: z.boolean(),
});
export type Player = z.infer<typeof PlayerSchema>;

export const AuctionListingSchema = z.looseObject({
  id: int,
  seller: z.string(),
  material: z.string(),
  display_name: z.string(),
  amount: int,
  price: z.number(),
  formatted_price: z.string(),
  created_at_epoch: int,
  expires_at_epoch: int,
  time_left_seconds: int,
});
export type AuctionListing = z.infer<typeof AuctionListingSchema>;

export const AuctionSearchSchema = z.looseObject({
  count: int,
  total_matching: int,
  results: z.array(AuctionListingSchema),
});
export type AuctionSearch = z.infer<typeof AuctionSearchSchema>;

export const LeaderboardTypeSchema = z.enum(LEADERBOARD_TYPES);
export const AuctionSortSchema = z.enum(AUCTION_SORTS);

export const LeaderboardEntrySchema = z.looseObject({
  rank: int,
  uuid,
  name: z.string(),
  value: z.number(),
});

export const LeaderboardSchema = z.looseObject({
  type: z.string(),
  count: int,
  entries: z.array(LeaderboardEntrySchema),
});
export type Leaderboard = z.infer<typeof LeaderboardSchema>;

export const PlayersCountSchema = z.looseObject({ online: z.int().check(z.nonnegative()) });
export type PlayersCount = z.infer<typeof PlayersCountSchema>;

/** Error bodies (section 7) are `{ error: string }` on some endpoints and anything at all on others. */
export const ErrorBodySchema = z.looseObject({ error: z.string() });

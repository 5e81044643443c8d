/**
 * The changes tests make to the demo world, shared by the HTTP control routes (control-routes.ts)
 * and the in-process DemoServer methods (server.ts), so both validate with the same schemas and
 * fail alike. Results are copies: a caller cannot change the world by editing them.
 */
import { z } from 'zod';
import { type AuctionListingJson, listingJson } from './auctions';
import { NewListingSchema } from './new-listing';
import type { DemoPlayer } from './player-model';
import { PlayerPatchSchema } from './player-patch';
import type { DemoWorld } from './world';

export type CommandResult<T> = { ok: true; value: T } | { ok: false; status: 400 | 404; error: string };

const invalid = (error: z.ZodError) => ({ ok: false, status: 400, error: z.prettifyError(error) }) as const;

export function setPlayer(world: DemoWorld, identifier: string, patch: unknown): CommandResult<DemoPlayer> {
  const parsed = PlayerPatchSchema.safeParse(patch);
  if (!parsed.success) return invalid(parsed.error);
  const updated = world.updatePlayer(identifier, parsed.data);
  if (updated === undefined)
    return { ok: false, status: 404, error: `No player found matching '${identifier}'` };
  return { ok: true, value: structuredClone(updated) };
}

export function addListing(
  world: DemoWorld,
  request: unknown,
  nowMs: number,
): CommandResult<AuctionListingJson> {
  const parsed = NewListingSchema.safeParse(request);
  if (!parsed.success) return invalid(parsed.error);
  const seller = world.findPlayer(parsed.data.seller);
  if (seller === undefined) {
    return {
      ok: false,
      status: 400,
      error: `seller must be a demo player; no player matches '${parsed.data.seller}'`,
    };
  }
  return { ok: true, value: listingJson(world.addListing(parsed.data, seller.name, nowMs), nowMs) };
}

/** At most this many listings per seeded market: the API answers at most 200 at once. */
export const MARKET_MAX_LISTINGS = 200;

export const MarketSeedSchema = z.strictObject({
  seller: z.string().trim().min(1),
  material: NewListingSchema.shape.material,
  display_name: z.string(),
  /** One listing of one item per price, in this order (ids ascending). */
  prices: z.array(z.number().positive()).min(1).max(MARKET_MAX_LISTINGS),
});
export type MarketSeed = z.input<typeof MarketSeedSchema>;

/**
 * Seeds a market for one item (POST /__demo/market): one visible listing of one item per price,
 * so a test can give the extension enough listings to judge a deal by.
 */
export function seedMarket(
  world: DemoWorld,
  request: unknown,
  nowMs: number,
): CommandResult<AuctionListingJson[]> {
  const parsed = MarketSeedSchema.safeParse(request);
  if (!parsed.success) return invalid(parsed.error);
  const { prices, ...item } = parsed.data;
  const seller = world.findPlayer(item.seller);
  if (seller === undefined) {
    return {
      ok: false,
      status: 400,
      error: `seller must be a demo player; no player matches '${item.seller}'`,
    };
  }
  const placed = prices.map((price) =>
    listingJson(
      world.addListing(NewListingSchema.parse({ ...item, amount: 1, price }), seller.name, nowMs),
      nowMs,
    ),
  );
  return { ok: true, value: placed };
}

export function expireListing(
  world: DemoWorld,
  id: number,
  nowMs: number,
): CommandResult<AuctionListingJson> {
  const expired = world.expireListing(id, nowMs);
  if (expired === undefined) return { ok: false, status: 404, error: `No listing with id ${id}` };
  return { ok: true, value: listingJson(expired, nowMs) };
}

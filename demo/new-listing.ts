/**
 * A listing added by a test (POST /__demo/auctions, DemoServer.addListing), placed on the demo's
 * clock like the seeded ones (auctions.ts): its created_at_epoch is set back so that it leaves the
 * premium window after `premium_seconds` (0 = visible at once), and it expires
 * `expires_in_seconds` from now.
 */
import { z } from 'zod';
import { DAY, type DemoAuction, PREMIUM_WINDOW_SECONDS } from './auctions';
import { formatPrice } from './format';
import { MATERIAL_ID, MAX_STACK_SIZE } from './items';

export const NEW_LISTING_DEFAULT_EXPIRY_SECONDS = DAY;
export const NEW_LISTING_MAX_EXPIRY_SECONDS = 30 * DAY;

export const NewListingSchema = z.strictObject({
  /** A demo player's name or UUID; the listing shows the player's name. */
  seller: z.string().trim().min(1),
  material: z.string().regex(MATERIAL_ID, 'material must be a vanilla item ID like DIAMOND_SWORD'),
  display_name: z.string(),
  amount: z.number().int().min(1).max(MAX_STACK_SIZE),
  price: z.number().positive(),
  expires_in_seconds: z.number().int().min(1).max(NEW_LISTING_MAX_EXPIRY_SECONDS).optional(),
  /** Seconds the listing stays hidden (docs/api-spec.md §3.2); at most the whole window. */
  premium_seconds: z.number().int().min(0).max(PREMIUM_WINDOW_SECONDS).optional(),
});
/** What callers pass (optional fields may be left out). */
export type NewListing = z.input<typeof NewListingSchema>;
/** A request that passed NewListingSchema. */
export type ValidNewListing = z.infer<typeof NewListingSchema>;

/** The stored listing for a validated request; `sellerName` is the seller as the demo spells it. */
export function placeListing(
  id: number,
  request: ValidNewListing,
  sellerName: string,
  nowMs: number,
): DemoAuction {
  const nowEpoch = Math.floor(nowMs / 1000);
  const premium = request.premium_seconds ?? 0;
  // Hidden for at least `premium` seconds, so a test never catches it visible a moment early.
  const visibleFrom = premium === 0 ? nowEpoch : Math.ceil(nowMs / 1000) + premium;
  const createdAt = visibleFrom - PREMIUM_WINDOW_SECONDS;
  const expiresIn = request.expires_in_seconds ?? NEW_LISTING_DEFAULT_EXPIRY_SECONDS;
  return {
    id,
    seller: sellerName,
    material: request.material,
    display_name: request.display_name,
    amount: request.amount,
    price: request.price,
    formatted_price: formatPrice(request.price),
    created_at_epoch: createdAt,
    // A listing always expires after it was created, even a one-second one in a full window.
    expires_at_epoch: Math.max(nowEpoch + expiresIn, createdAt + 1),
  };
}

/** The listing expired from the current second on (never visible again); an earlier expiry is kept. */
export function expiredListing(listing: DemoAuction, nowMs: number): DemoAuction {
  const nowEpoch = Math.floor(nowMs / 1000);
  const expiry = Math.max(nowEpoch, listing.created_at_epoch + 1);
  return { ...listing, expires_at_epoch: Math.min(listing.expires_at_epoch, expiry) };
}

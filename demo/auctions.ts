/**
 * Seeded generation of the demo auction house (docs/api-spec.md §2.2, §3.2), relative to the server's start
 * time. Epochs are in seconds. Besides the bulk of listings (hours to days left), it holds:
 * - listings created a few seconds before start: in the premium priority window at start,
 *   visible once it ends (60 s after creation);
 * - listings created in the future (minutes to hours after start): they surface one by one
 *   while a demo keeps running, after their own priority window;
 * - listings expiring 1-3 minutes after start, so a countdown can be watched ending;
 * - already expired listings, which must never be returned.
 */
import { DEMO_FIXTURES, HOSTILE_LISTING_DISPLAY_NAME } from './fixtures';
import { formatPrice, readableItemName } from './format';
import { DEMO_ITEMS, RENAMED_ITEM_NAMES } from './items';
import type { DemoPlayer } from './player-model';
import { chance, pick, type Random, randomInt } from './random';

/** A listing as stored; the API adds `time_left_seconds` at request time. */
export interface DemoAuction {
  id: number;
  seller: string;
  material: string;
  display_name: string;
  amount: number;
  price: number;
  formatted_price: string;
  created_at_epoch: number;
  expires_at_epoch: number;
}

/** A listing as the API returns it (docs/api-spec.md §2.2). */
export type AuctionListingJson = DemoAuction & { time_left_seconds: number };

/** How long a new listing stays out of search results (docs/api-spec.md §3.2 leaves the duration open). */
export const PREMIUM_WINDOW_SECONDS = 60;

const MINUTE = 60;
const HOUR = 3600;
/** Seconds in a day. */
export const DAY = 86400;

type Timing = { created: number; expires: number };

function listing(random: Random, sellers: readonly DemoPlayer[], timing: Timing): Omit<DemoAuction, 'id'> {
  const item = pick(random, DEMO_ITEMS);
  const amount = item.maxStack === 1 ? 1 : randomInt(random, 1, item.maxStack);
  const renamed = item.maxStack === 1 && chance(random, 0.3);
  const raw = item.basePrice * amount * (0.6 + random());
  const price = Math.max(1, chance(random, 0.3) ? Math.round(raw * 100) / 100 : Math.round(raw));
  return {
    seller: pick(random, sellers).name,
    material: item.material,
    display_name: renamed ? pick(random, RENAMED_ITEM_NAMES) : readableItemName(item.material),
    amount,
    price,
    formatted_price: formatPrice(price),
    created_at_epoch: timing.created,
    expires_at_epoch: timing.expires,
  };
}

function timings(random: Random, start: number): Timing[] {
  const result: Timing[] = [];
  for (let i = 0; i < 500; i++) {
    const created = start - randomInt(random, 2 * MINUTE, 2 * DAY);
    let expires = created + randomInt(random, 6 * HOUR, 7 * DAY);
    if (expires < start + HOUR) expires = start + randomInt(random, HOUR, 3 * DAY);
    result.push({ created, expires });
  }
  for (let i = 0; i < 12; i++) {
    result.push({
      created: start - randomInt(random, HOUR, 47 * HOUR),
      expires: start + randomInt(random, 60, 180),
    });
  }
  for (let i = 0; i < 8; i++) {
    const created = start - randomInt(random, 5, 50);
    result.push({ created, expires: created + randomInt(random, DAY, 3 * DAY) });
  }
  for (let i = 0; i < 30; i++) {
    result.push({
      created: start - randomInt(random, 2 * DAY, 5 * DAY),
      expires: start - randomInt(random, MINUTE, DAY),
    });
  }
  for (let i = 0; i < 50; i++) {
    const created = start + randomInt(random, 2 * MINUTE, 8 * HOUR);
    result.push({ created, expires: created + randomInt(random, DAY, 7 * DAY) });
  }
  return result;
}

/** About 600 listings, ids ascending with creation time (ties in generation order). */
export function generateAuctions(
  random: Random,
  players: readonly DemoPlayer[],
  startEpoch: number,
): DemoAuction[] {
  const drafts = timings(random, startEpoch).map((timing) => listing(random, players, timing));
  drafts.push({
    seller: DEMO_FIXTURES.hostileRank,
    material: 'NETHERITE_SWORD',
    display_name: HOSTILE_LISTING_DISPLAY_NAME,
    amount: 1,
    price: 66_666,
    formatted_price: formatPrice(66_666),
    created_at_epoch: startEpoch - HOUR,
    expires_at_epoch: startEpoch + 30 * DAY,
  });
  const ordered = drafts
    .map((draft, index) => ({ draft, index }))
    .sort((a, b) => a.draft.created_at_epoch - b.draft.created_at_epoch || a.index - b.index);
  return ordered.map(({ draft }, index) => ({ id: 1001 + index, ...draft }));
}

/** docs/api-spec.md §3.2: out of the premium window and not expired, at `nowMs`. */
export function isListingVisible(listing: DemoAuction, nowMs: number): boolean {
  return (
    nowMs >= (listing.created_at_epoch + PREMIUM_WINDOW_SECONDS) * 1000 &&
    nowMs < listing.expires_at_epoch * 1000
  );
}

/** Whole seconds left, rounded up, so a visible listing never shows 0. */
export function timeLeftSeconds(listing: DemoAuction, nowMs: number): number {
  return Math.ceil((listing.expires_at_epoch * 1000 - nowMs) / 1000);
}

/** The listing as search (and the control API) shows it at `nowMs`. */
export function listingJson(listing: DemoAuction, nowMs: number): AuctionListingJson {
  return { ...listing, time_left_seconds: timeLeftSeconds(listing, nowMs) };
}

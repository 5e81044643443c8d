import { DASHED_UUID_PATTERN } from '../utils/patterns';
/**
 * The demo's live world: the seeded data set (data.ts) plus what tests changed through the control
 * API or the DemoServer methods. Changes replace records instead of editing them, and reset()
 * brings back copies of the seeded players and listings, so tests sharing one server never see
 * each other's changes. Listing ids keep increasing across resets: a client that remembers ids
 * (price alerts) must never meet a different listing under an id it has already seen.
 */
import type { DemoAuction } from './auctions';
import { type SeededDemoData, seedDemoData } from './data';
import { expiredListing, placeListing, type ValidNewListing } from './new-listing';
import type { DemoPlayer } from './player-model';
import { type PlayerPatch, patchedPlayer } from './player-patch';

/** What the API routes and tests read. */
export interface DemoData {
  /** The fixtures (DEMO_FIXTURES) first, then the generated players. */
  readonly players: readonly DemoPlayer[];
  /** Every listing, including those in the premium window, future and expired ones; ids ascending. */
  readonly auctions: readonly DemoAuction[];
  /** Server start time (the `now()` of startDemoServer) in epoch seconds; listing epochs are relative to it. */
  readonly startEpochSeconds: number;
  /** Name (case-insensitive) or dashed UUID (any case); undefined when no player matches. */
  findPlayer(identifier: string): DemoPlayer | undefined;
}

export class DemoWorld implements DemoData {
  readonly #seeded: SeededDemoData;
  #players: DemoPlayer[] = [];
  #auctions: DemoAuction[] = [];
  /** Player index by lower-case name and by lower-case UUID (both never change). */
  readonly #byName = new Map<string, number>();
  readonly #byUuid = new Map<string, number>();
  #nextListingId: number;

  constructor(seeded: SeededDemoData) {
    this.#seeded = structuredClone(seeded);
    this.#nextListingId = Math.max(0, ...seeded.auctions.map((listing) => listing.id)) + 1;
    this.#seeded.players.forEach((player, index) => {
      this.#byName.set(player.name.toLowerCase(), index);
      this.#byUuid.set(player.uuid.toLowerCase(), index);
    });
    this.reset();
  }

  get players(): readonly DemoPlayer[] {
    return this.#players;
  }

  get auctions(): readonly DemoAuction[] {
    return this.#auctions;
  }

  get startEpochSeconds(): number {
    return this.#seeded.startEpochSeconds;
  }

  findPlayer(identifier: string): DemoPlayer | undefined {
    const index = this.#playerIndex(identifier);
    return index === undefined ? undefined : this.#players[index];
  }

  findListing(id: number): DemoAuction | undefined {
    return this.#auctions.find((listing) => listing.id === id);
  }

  /** The updated player, or undefined when no player matches `identifier`. */
  updatePlayer(identifier: string, patch: PlayerPatch): DemoPlayer | undefined {
    const index = this.#playerIndex(identifier);
    const player = index === undefined ? undefined : this.#players[index];
    if (index === undefined || player === undefined) return undefined;
    const updated = patchedPlayer(player, patch);
    this.#players[index] = updated;
    return updated;
  }

  /** Adds a listing under the next id; `sellerName` must be a player's name as the demo spells it. */
  addListing(request: ValidNewListing, sellerName: string, nowMs: number): DemoAuction {
    const listing = placeListing(this.#nextListingId, request, sellerName, nowMs);
    this.#nextListingId += 1;
    this.#auctions.push(listing);
    return listing;
  }

  /** The listing expired now, or undefined when no listing has that id. */
  expireListing(id: number, nowMs: number): DemoAuction | undefined {
    const index = this.#auctions.findIndex((listing) => listing.id === id);
    const listing = this.#auctions[index];
    if (listing === undefined) return undefined;
    const expired = expiredListing(listing, nowMs);
    this.#auctions[index] = expired;
    return expired;
  }

  /** Back to the seeded players and listings (ids of added listings are not handed out again). */
  reset(): void {
    this.#players = structuredClone([...this.#seeded.players]);
    this.#auctions = structuredClone([...this.#seeded.auctions]);
  }

  #playerIndex(identifier: string): number | undefined {
    const key = identifier.toLowerCase();
    return DASHED_UUID_PATTERN.test(identifier) ? this.#byUuid.get(key) : this.#byName.get(key);
  }
}

export function createDemoData(options: { seed: number; startMs: number }): DemoWorld {
  return new DemoWorld(seedDemoData(options));
}

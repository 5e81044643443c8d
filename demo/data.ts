/** The seeded, deterministic demo data set: players and auction listings. */
import { type DemoAuction, generateAuctions } from './auctions';
import { DEMO_FIXTURES } from './fixtures';
import { type DemoPlayer, generatePlayers } from './players';
import { mulberry32 } from './random';

export type { DemoAuction } from './auctions';
export {
  DEMO_FIXTURE_UUIDS,
  DEMO_FIXTURES,
  HOSTILE_LISTING_DISPLAY_NAME,
  HOSTILE_RANK_DISPLAY,
} from './fixtures';
export type { DemoPlayer, DemoRank } from './players';

export const DEMO_PLAYER_COUNT = 400;

const DASHED_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface DemoData {
  /** The fixtures (DEMO_FIXTURES) first, then the generated players. */
  readonly players: readonly DemoPlayer[];
  /** Every listing, including those in the premium window, future and expired ones. */
  readonly auctions: readonly DemoAuction[];
  /** Server start time (the `now()` of startDemoServer) in epoch seconds; listing epochs are relative to it. */
  readonly startEpochSeconds: number;
  /** Name (case-insensitive) or dashed UUID (any case); undefined when no player matches. */
  findPlayer(identifier: string): DemoPlayer | undefined;
}

export function createDemoData(options: { seed: number; startMs: number }): DemoData {
  const random = mulberry32(options.seed);
  const players = generatePlayers(random, DEMO_PLAYER_COUNT);
  const startEpochSeconds = Math.floor(options.startMs / 1000);
  const auctions = generateAuctions(random, players, startEpochSeconds);
  const byName = new Map(players.map((p) => [p.name.toLowerCase(), p]));
  const byUuid = new Map(players.map((p) => [p.uuid.toLowerCase(), p]));
  return {
    players,
    auctions,
    startEpochSeconds,
    findPlayer(identifier) {
      const key = identifier.toLowerCase();
      return DASHED_UUID.test(identifier) ? byUuid.get(key) : byName.get(key);
    },
  };
}

/** The player names the demo forum pages mention: the fixtures first. */
export function forumNames(data: DemoData): string[] {
  const fixtures: string[] = Object.values(DEMO_FIXTURES);
  return [...fixtures, ...data.players.map((p) => p.name).filter((name) => !fixtures.includes(name))];
}

/** The seeded, deterministic demo data set: players and auction listings, as generated at start. */
import { type DemoAuction, generateAuctions } from './auctions';
import { DEMO_FIXTURES } from './fixtures';
import type { DemoPlayer } from './player-model';
import { generatePlayers } from './players';
import { mulberry32 } from './random';

export type { DemoAuction } from './auctions';
export {
  DEMO_FIXTURE_UUIDS,
  DEMO_FIXTURES,
  HOSTILE_LISTING_DISPLAY_NAME,
  HOSTILE_RANK_DISPLAY,
} from './fixtures';
export type { DemoPlayer, DemoRank } from './player-model';

export const DEMO_PLAYER_COUNT = 400;

export interface SeededDemoData {
  /** The fixtures (DEMO_FIXTURES) first, then the generated players. */
  readonly players: readonly DemoPlayer[];
  /** Every listing, including those in the premium window, future and expired ones; ids ascending. */
  readonly auctions: readonly DemoAuction[];
  /** Server start time (the `now()` of startDemoServer) in epoch seconds; listing epochs are relative to it. */
  readonly startEpochSeconds: number;
}

export function seedDemoData(options: { seed: number; startMs: number }): SeededDemoData {
  const random = mulberry32(options.seed);
  const players = generatePlayers(random, DEMO_PLAYER_COUNT);
  const startEpochSeconds = Math.floor(options.startMs / 1000);
  const auctions = generateAuctions(random, players, startEpochSeconds);
  return { players, auctions, startEpochSeconds };
}

/** The player names the demo forum pages mention: the fixtures first. */
export function forumNames(data: Pick<SeededDemoData, 'players'>): string[] {
  const fixtures: string[] = Object.values(DEMO_FIXTURES);
  return [...fixtures, ...data.players.map((p) => p.name).filter((name) => !fixtures.includes(name))];
}

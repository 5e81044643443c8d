/**
 * Fixed demo players that tests (unit, e2e, manual) can rely on whatever the seed. Every other
 * player is generated (see players.ts). Their values here are constants, not seeded.
 */
import { type DemoPlayer, type DemoRank, playerRecord } from './player-model';

/** Names of the fixed players (lookup is case-insensitive). */
export const DEMO_FIXTURES = {
  /** Online, rank `&c&lADMIN`. */
  steve: 'Steve',
  /** Offline, 0 deaths, rank `&7Member`. */
  alex: 'Alex',
  /** Online, balance above 1,000,000. */
  notch: 'Notch',
  /** Offline, huge playtime (50,000+ hours). */
  jeb: 'jeb_',
  /** Offline; rank.display is hostile markup (HOSTILE_RANK_DISPLAY) to check text is rendered as text. */
  hostileRank: 'Hostile_Rank',
} as const;

export const HOSTILE_RANK_DISPLAY = '<img src=x onerror=alert(1)>&c<script>alert(1)</script>&';

/** The fixed listing sold by Hostile_Rank: a renamed item whose display name is hostile markup. */
export const HOSTILE_LISTING_DISPLAY_NAME = '<img src=x onerror=alert(2)>&6Cursed <b>Blade</b>';

export const DEMO_FIXTURE_UUIDS = {
  steve: '5a1f3c2e-9b7d-4e01-8c3a-0d2f6b9e1a47',
  alex: 'c0ffee11-2a3b-4c5d-9e6f-7a8b9c0d1e2f',
  notch: '069a79f4-44e9-4726-a5be-fca90e38aaf5',
  jeb: '853c80ef-3c37-49fd-aa49-938b674adae6',
  hostileRank: 'baadf00d-dead-4bee-8f00-0123456789ab',
} as const;

const ADMIN: DemoRank = { id: 'admin', display: '&c&lADMIN', weight: 90 };
const MEMBER: DemoRank = { id: 'member', display: '&7Member', weight: 0 };
const OWNER: DemoRank = { id: 'owner', display: '&4&lOWNER&r', weight: 100 };
const MVP_PLUS: DemoRank = { id: 'mvp_plus', display: '&b[MVP&c+&b]', weight: 30 };
const HOSTILE: DemoRank = { id: 'hostile', display: HOSTILE_RANK_DISPLAY, weight: 1 };

type FixtureKey = keyof typeof DEMO_FIXTURES;

/** One row per fixed player: online, rank, balance, shards, kills, deaths, playtime ticks. */
type FixtureRow = readonly [FixtureKey, boolean, DemoRank, number, number, number, number, number];

// biome-ignore format: a table reads best one player to a line.
const FIXTURE_ROWS: readonly FixtureRow[] = [
  ['steve',       true,  ADMIN,    48_213.57,    1_520,  3_120, 1_877,    88_884_000],
  ['alex',        false, MEMBER,   250.5,        0,      42,    0,        1_296_000],
  ['notch',       true,  OWNER,    1_234_567.89, 99_999, 1,     7,        7_236_000],
  ['jeb',         false, MVP_PLUS, 777_777,      4_200,  9_001, 4_321,    3_600_123_456],
  ['hostileRank', false, HOSTILE,  13.37,        13,     13,    13,       936_000],
];

export function fixturePlayers(): DemoPlayer[] {
  return FIXTURE_ROWS.map(([key, online, rank, balance, shards, kills, deaths, playtime_ticks]) => {
    const uuid = DEMO_FIXTURE_UUIDS[key];
    const name = DEMO_FIXTURES[key];
    return playerRecord({ uuid, name, online, rank, balance, shards, kills, deaths, playtime_ticks });
  });
}

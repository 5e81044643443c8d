/** Seeded generation of the demo players (docs/api-spec.md §2.1): about 400, the fixed ones (fixtures.ts) first. */
import { GAME_NAME_PATTERN } from '../utils/patterns';
import { fixturePlayers } from './fixtures';
import { type DemoPlayer, type DemoRank, playerRecord, TICKS_PER_HOUR } from './player-model';
import { chance, logUniform, pick, type Random, randomInt, randomUuid, weightedPick } from './random';

const RANKS: readonly { value: DemoRank; weight: number }[] = [
  { value: { id: 'owner', display: '&4&lOWNER&r', weight: 100 }, weight: 1 },
  { value: { id: 'admin', display: '&c&lADMIN', weight: 90 }, weight: 2 },
  { value: { id: 'helper', display: '&e&nHelper', weight: 60 }, weight: 6 },
  { value: { id: 'builder', display: '&a[Builder]', weight: 50 }, weight: 6 },
  { value: { id: 'mythic', display: '&d&oMythic', weight: 40 }, weight: 10 },
  { value: { id: 'mvp_plus', display: '&b[MVP&c+&b]', weight: 30 }, weight: 20 },
  { value: { id: 'vip', display: '&6[VIP]', weight: 20 }, weight: 35 },
  { value: { id: 'member', display: '&7Member', weight: 0 }, weight: 120 },
];

const FIRST = [
  'Shadow',
  'Crafty',
  'Dragon',
  'Pixel',
  'Ender',
  'Blaze',
  'Frost',
  'Nether',
  'Creeper',
  'Redstone',
  'Diamond',
  'Iron',
  'Golden',
  'Storm',
  'Night',
  'Lucky',
  'Sky',
  'Block',
  'Mine',
  'Ghost',
  'Turbo',
  'Epic',
  'Silent',
  'Wild',
  'Cobble',
  'Lava',
  'Obsidian',
  'Sneaky',
  'Void',
  'Emerald',
];
const SECOND = [
  'Slayer',
  'Miner',
  'Builder',
  'Knight',
  'Wolf',
  'Fox',
  'Hunter',
  'Walker',
  'Master',
  'King',
  'Queen',
  'Ninja',
  'Wizard',
  'Rider',
  'Smith',
  'Crafter',
  'Archer',
  'Bandit',
  'Pilot',
  'Panda',
  'Bee',
  'Golem',
];

function generateName(random: Random): string {
  const first = pick(random, FIRST);
  const second = pick(random, SECOND);
  switch (randomInt(random, 0, 6)) {
    case 0:
      return `${first}${second}${randomInt(random, 1, 999)}`;
    case 1:
      return `${first.toLowerCase()}_${second.toLowerCase()}`;
    case 2:
      return `xX${first}Xx`;
    case 3:
      return `${first}_${randomInt(random, 10, 99)}`;
    case 4:
      return `The${second}${randomInt(random, 1, 9)}`;
    default:
      return `${first}${second}`;
  }
}

function generateBalance(random: Random): number {
  const roll = random();
  if (roll < 0.08) return 0;
  if (roll < 0.12) return Math.round(logUniform(random, 1e8, 5e9) / 1e6) * 1e6; // 1.2e9-like fortunes
  const value = logUniform(random, 5, 2_000_000);
  return chance(random, 0.4) ? Math.round(value * 100) / 100 : Math.round(value);
}

function generatePlayer(random: Random, name: string): DemoPlayer {
  const online = chance(random, 1 / 3);
  const kills = chance(random, 0.1) ? 0 : Math.round(logUniform(random, 1, 20_000));
  const deaths = chance(random, 0.1) ? 0 : Math.round(logUniform(random, 1, 15_000));
  const playtime_ticks = Math.round(logUniform(random, TICKS_PER_HOUR / 4, TICKS_PER_HOUR * 5_000));
  // Drawn in this order (uuid, rank, balance, shards) so a seed keeps giving the same players.
  const uuid = randomUuid(random);
  const rank = weightedPick(random, RANKS);
  const balance = generateBalance(random);
  const shards = chance(random, 0.15) ? 0 : Math.round(logUniform(random, 1, 50_000));
  return playerRecord({ uuid, name, online, rank, balance, shards, kills, deaths, playtime_ticks });
}

export function generatePlayers(random: Random, count: number): DemoPlayer[] {
  const players = fixturePlayers();
  const taken = new Set(players.map((p) => p.name.toLowerCase()));
  const uuids = new Set(players.map((p) => p.uuid));
  while (players.length < count) {
    const name = generateName(random);
    if (!GAME_NAME_PATTERN.test(name) || taken.has(name.toLowerCase())) continue;
    const player = generatePlayer(random, name);
    if (uuids.has(player.uuid)) continue;
    taken.add(name.toLowerCase());
    uuids.add(player.uuid);
    players.push(player);
  }
  return players;
}

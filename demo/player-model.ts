/**
 * The Player resource (docs/api-spec.md §2.1) as the demo stores and serves it, and the one builder of it,
 * so the derived fields (playtime_hours, stats_may_lag) can never disagree with their sources.
 */

export interface DemoRank {
  id: string;
  display: string;
  weight: number;
}

/** Exactly the Player resource (docs/api-spec.md §2.1), as the API returns it. */
export interface DemoPlayer {
  uuid: string;
  name: string;
  online: boolean;
  rank: DemoRank;
  balance: number;
  shards: number;
  stats: { kills: number; deaths: number; playtime_ticks: number; playtime_hours: number };
  stats_may_lag: boolean;
}

/** docs/api-spec.md §2.1: playtime_hours = playtime_ticks / 72000 (20 ticks per second). */
export const TICKS_PER_HOUR = 72_000;

/** A player's own values; everything else in DemoPlayer is derived from them. */
export type PlayerValues = Omit<DemoPlayer, 'stats' | 'stats_may_lag'> &
  Omit<DemoPlayer['stats'], 'playtime_hours'>;

export function playerRecord({ kills, deaths, playtime_ticks, rank, ...identity }: PlayerValues): DemoPlayer {
  return {
    ...identity,
    rank: { ...rank },
    stats: { kills, deaths, playtime_ticks, playtime_hours: playtime_ticks / TICKS_PER_HOUR },
    // docs/api-spec.md §3.1: the lag flag follows the online status.
    stats_may_lag: identity.online,
  };
}

/** The inverse of playerRecord: the values a player is built from. */
export function playerValues({ stats, rank, uuid, name, online, balance, shards }: DemoPlayer): PlayerValues {
  const { kills, deaths, playtime_ticks } = stats;
  return { uuid, name, online, rank: { ...rank }, balance, shards, kills, deaths, playtime_ticks };
}

/**
 * The Player resource of spec 2.1 as the demo stores and serves it, and the one builder of it,
 * so the derived fields (playtime_hours, stats_may_lag) can never disagree with their sources.
 */

export interface DemoRank {
  id: string;
  display: string;
  weight: number;
}

/** Exactly the Player resource of spec 2.1, as the API returns it. */
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

/** Spec 2.1: playtime_hours = playtime_ticks / 72000 (20 ticks per second). */
export const TICKS_PER_HOUR = 72_000;

/** A player's own values; everything else in DemoPlayer is derived from them. */
export interface PlayerValues {
  uuid: string;
  name: string;
  online: boolean;
  rank: DemoRank;
  balance: number;
  shards: number;
  kills: number;
  deaths: number;
  playtime_ticks: number;
}

export function playerRecord(values: PlayerValues): DemoPlayer {
  return {
    uuid: values.uuid,
    name: values.name,
    online: values.online,
    rank: { ...values.rank },
    balance: values.balance,
    shards: values.shards,
    stats: {
      kills: values.kills,
      deaths: values.deaths,
      playtime_ticks: values.playtime_ticks,
      playtime_hours: values.playtime_ticks / TICKS_PER_HOUR,
    },
    // Spec 3.1: the lag flag follows the online status.
    stats_may_lag: values.online,
  };
}

/** The inverse of playerRecord: the values a player is built from. */
export function playerValues(player: DemoPlayer): PlayerValues {
  return {
    uuid: player.uuid,
    name: player.name,
    online: player.online,
    rank: { ...player.rank },
    balance: player.balance,
    shards: player.shards,
    kills: player.stats.kills,
    deaths: player.stats.deaths,
    playtime_ticks: player.stats.playtime_ticks,
  };
}

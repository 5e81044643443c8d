/**
 * A change to one demo player (PUT /__demo/players/:nameOrUuid, DemoServer.setPlayer): the values
 * a test moves between two checks. Name and UUID are the player's identity and never change.
 */
import { z } from 'zod';
import { type DemoPlayer, playerRecord, playerValues } from './player-model';

const count = z.number().int().nonnegative();
const amount = z.number().nonnegative();

/** Every field optional; unknown fields are refused. */
export const PlayerPatchSchema = z.strictObject({
  online: z.boolean().optional(),
  kills: count.optional(),
  deaths: count.optional(),
  playtime_ticks: count.optional(),
  balance: amount.optional(),
  shards: amount.optional(),
  rank: z.strictObject({ id: z.string().min(1), display: z.string(), weight: z.number() }).optional(),
});
export type PlayerPatch = z.infer<typeof PlayerPatchSchema>;

/** The player with the patch applied; derived fields (playtime_hours, stats_may_lag) follow. */
export function patchedPlayer(player: DemoPlayer, patch: PlayerPatch): DemoPlayer {
  const values = playerValues(player);
  return playerRecord({
    ...values,
    online: patch.online ?? values.online,
    kills: patch.kills ?? values.kills,
    deaths: patch.deaths ?? values.deaths,
    playtime_ticks: patch.playtime_ticks ?? values.playtime_ticks,
    balance: patch.balance ?? values.balance,
    shards: patch.shards ?? values.shards,
    rank: patch.rank ?? values.rank,
  });
}

import { z } from 'zod/mini';
import { nextSessionMarks } from '../progress/session';
import { writeEntries } from '../storage/newer-value';
import { defineItem } from '../storage-item';
import { WATCH_STATUS_KEY } from '../storage-keys';

/**
 * What this browser has seen of each watched player: online or not at the last check, the
 * rank shown with the name, and when they were last seen online. The API gives no such time,
 * so it is this browser's own observation, kept in `storage.local` (not synced: another browser
 * saw other things). It outlives restarts and updates, so it is also the baseline that tells
 * that a player came online (entrypoints/background/watchlist/observer.ts); `watchedSince`
 * ties it to one watching of the player, so a player removed and watched again starts afresh.
 */

export { WATCH_STATUS_KEY };

const PlayerStatusSchema = z.object({
  name: z.string(),
  online: z.boolean(),
  /** `rank.display`, with colour codes. */
  rankDisplay: z.string(),
  /** When this was observed (ms epoch). */
  checkedAt: z.number(),
  /** The last time the player was seen online (ms epoch); absent when never. */
  seenOnlineAt: z.optional(z.number()),
  /** The watched item's `addedAt` when this was observed; absent in statuses written before it existed. */
  watchedSince: z.optional(z.number()),
  /** When a check saw the player come online, while online (utils/progress/session.ts). */
  onlineSince: z.optional(z.number()),
  /** The session before, once a check saw the player offline again. */
  lastSession: z.optional(z.object({ start: z.number(), seenUntil: z.number(), offlineAt: z.number() })),
  /** The API's `stats.playtime_ticks` at this observation (utils/scheduler/habits.ts learns from it); unreadable reads as absent. */
  playtime: z.catch(z.optional(z.number()), undefined),
});
export type PlayerStatus = z.infer<typeof PlayerStatusSchema>;
export type StatusMap = Readonly<Record<string, PlayerStatus>>;

/**
 * Version history of `local:watchlistStatus`:
 * - v1 (unmarked: release 0.1.0 and those until the mark): the map by UUID; a status without
 *   `watchedSince` is from before it was kept, and is taken as it is (currentStatus).
 * - v2: the same map, with its version mark. `playtime` was added later, optional: a status
 *   without it is valid as before, so no new version (a release before it drops it on a write).
 */
export const WATCH_STATUS_VERSION = 2;

/** v1 → v2: every status kept as it is, the mark added (the read keeps v1's meaning). */
export const migrateStatusesV1toV2 = (v1: unknown): unknown => v1;

export const statusesItem = defineItem<unknown>(`local:${WATCH_STATUS_KEY}`, {
  fallback: {},
  version: WATCH_STATUS_VERSION,
  migrations: { 2: migrateStatusesV1toV2 },
});

export function parseStatuses(raw: unknown): Record<string, PlayerStatus> {
  if (typeof raw !== 'object' || raw === null) return {};
  const out: Record<string, PlayerStatus> = {};
  for (const [uuid, value] of Object.entries(raw)) {
    const parsed = PlayerStatusSchema.safeParse(value);
    if (parsed.success) out[uuid] = parsed.data;
  }
  return out;
}

export async function getStatuses(): Promise<Record<string, PlayerStatus>> {
  return parseStatuses(await statusesItem.getValue());
}

/**
 * The status that belongs to the player as watched now (`addedAt` of their watched item), or
 * undefined when there is none or it is from an earlier watching (removed and watched again,
 * maybe in another browser). A status without `watchedSince` (written by an older release) is
 * taken as it is: keeping the baseline across that update is the point of keeping it.
 */
export function currentStatus(
  statuses: StatusMap,
  player: { uuid: string; addedAt: number },
): PlayerStatus | undefined {
  const status = statuses[player.uuid];
  if (!status) return undefined;
  return status.watchedSince === undefined || status.watchedSince === player.addedAt ? status : undefined;
}

/** The statuses with one player observed at `at`, keeping only the players in `keep`. */
export function withObservation(
  statuses: StatusMap,
  player: {
    uuid: string;
    name: string;
    online: boolean;
    rankDisplay: string;
    watchedSince: number;
    playtime?: number;
  },
  at: number,
  keep: ReadonlySet<string>,
): Record<string, PlayerStatus> {
  const previous = currentStatus(statuses, { uuid: player.uuid, addedAt: player.watchedSince });
  const seenOnlineAt = player.online ? at : previous?.seenOnlineAt;
  const next: Record<string, PlayerStatus> = {};
  for (const [uuid, status] of Object.entries(statuses)) if (keep.has(uuid)) next[uuid] = status;
  next[player.uuid] = {
    name: player.name,
    online: player.online,
    rankDisplay: player.rankDisplay,
    checkedAt: at,
    ...(seenOnlineAt === undefined ? {} : { seenOnlineAt }),
    watchedSince: player.watchedSince,
    ...nextSessionMarks(previous, player.online, at),
    playtime: player.playtime,
  };
  return next;
}

/** Writes the statuses; over a newer release's, what this one cannot read stays (newer-value.ts). */
export async function saveStatuses(statuses: Record<string, PlayerStatus>): Promise<void> {
  await writeEntries(statusesItem, WATCH_STATUS_VERSION, PlayerStatusSchema, statuses);
}

import type { browser } from 'wxt/browser';
import { z } from 'zod/mini';
import { createExclusive } from '../exclusive';
import { LEADERBOARD_LIMIT_MAX, MAX_GOALS } from '../limits';
import { DASHED_UUID_PATTERN, GAME_NAME_PATTERN } from '../patterns';
import { mergeEntry, quotaOf, syncArea } from '../storage/synced-entry';
import { GOAL_KINDS, GOAL_STATS, type Goal, type GoalStat } from './goal';

/**
 * Goals, one synced item per player and stat: `goal:<uuid>:<stat>` → `{ v, name, stat, kind,
 * target, start, setAt, reachedAt?, updatedAt }`, merged key by key like every synced entry
 * (docs/architecture.md, "Synced data"). The key is the player and the stat, not a random id, so
 * the same goal set in two browsers before sync met is one item (the later wins), never two.
 * The pages write it themselves (a user action), which keeps the background free of it.
 */

export const GOAL_KEY_PREFIX = 'goal:';
/** The item format's version. */
export const GOAL_ITEM_VERSION = 1;

const finite = z.number().check(z.refine(Number.isFinite));

/** The fields this release reads; others are kept (a loose parse). */
export const GoalItemSchema = z
  .looseObject({
    name: z.string().check(z.regex(GAME_NAME_PATTERN)),
    stat: z.enum(GOAL_STATS),
    kind: z.enum(GOAL_KINDS),
    target: finite,
    start: finite,
    setAt: z.number(),
    reachedAt: z.optional(z.number()),
    updatedAt: z.number(),
  })
  .check(
    z.refine((item) =>
      item.kind === 'value'
        ? item.target > 0
        : Number.isInteger(item.target) && item.target >= 1 && item.target <= LEADERBOARD_LIMIT_MAX,
    ),
    // Playtime has no leaderboard (docs/api-spec.md §4.4).
    z.refine((item) => item.kind === 'value' || item.stat !== 'playtime'),
  );

type Area = Pick<typeof browser.storage.sync, 'get' | 'set' | 'remove'>;

export const goalKey = (uuid: string, stat: GoalStat) => `${GOAL_KEY_PREFIX}${uuid.toLowerCase()}:${stat}`;

/** The player and stat a key names, or undefined when it is not a goal's key. */
export function parseGoalKey(key: string): { uuid: string; stat: GoalStat } | undefined {
  if (!key.startsWith(GOAL_KEY_PREFIX)) return undefined;
  const [uuid = '', stat = '', ...rest] = key.slice(GOAL_KEY_PREFIX.length).split(':');
  if (rest.length > 0 || !DASHED_UUID_PATTERN.test(uuid)) return undefined;
  const known = GOAL_STATS.find((name) => name === stat);
  return known ? { uuid: uuid.toLowerCase(), stat: known } : undefined;
}

export const isGoalKey = (key: string) => parseGoalKey(key) !== undefined;

export interface StoredGoals {
  /** The goals this release reads, the earliest set first. */
  goals: Goal[];
  /** Every goal item, those it cannot read included: they count towards MAX_GOALS. */
  count: number;
}

/** The goals among sync's items. */
export function parseGoals(items: Record<string, unknown>): StoredGoals {
  const goals: Goal[] = [];
  let count = 0;
  for (const [key, value] of Object.entries(items)) {
    const at = parseGoalKey(key);
    if (!at) continue;
    count += 1;
    const parsed = GoalItemSchema.safeParse(value);
    if (!parsed.success || parsed.data.stat !== at.stat) continue;
    const { name, stat, kind, target, start, setAt, reachedAt, updatedAt } = parsed.data;
    goals.push({
      uuid: at.uuid,
      name,
      stat,
      kind,
      target,
      start,
      setAt,
      updatedAt,
      ...(reachedAt === undefined ? {} : { reachedAt }),
    });
  }
  goals.sort((a, b) => a.setAt - b.setAt || a.stat.localeCompare(b.stat));
  return { goals, count };
}

export async function getGoals(from: Area = syncArea()): Promise<StoredGoals> {
  return parseGoals(await from.get(null));
}

export type GoalSaved = 'saved' | 'full' | 'rate' | 'room' | 'failed';

/** What a new goal needs; `start` is the stat's value as it is set. */
export type NewGoal = Pick<Goal, 'uuid' | 'name' | 'stat' | 'kind' | 'target' | 'start'>;

const oneAtATime = createExclusive();

/**
 * Set a goal on a player's stat (replacing that stat's goal, if any: its start and reached date
 * go with it). A new one past MAX_GOALS is refused as `full`; a write sync refuses is said as
 * which limit refused it.
 */
export function setGoal(goal: NewGoal, now: number, to: Area = syncArea()): Promise<GoalSaved> {
  return oneAtATime(async () => {
    const key = goalKey(goal.uuid, goal.stat);
    const items = await to.get(null);
    const { count } = parseGoals(items);
    if (items[key] === undefined && count >= MAX_GOALS) return 'full';
    const item = mergeEntry(
      items[key],
      {
        name: goal.name,
        stat: goal.stat,
        kind: goal.kind,
        target: goal.target,
        start: goal.start,
        setAt: now,
        reachedAt: undefined,
        updatedAt: now,
      },
      GOAL_ITEM_VERSION,
    );
    if (!GoalItemSchema.safeParse(item).success) return 'failed';
    try {
      await to.set({ [key]: item });
      return 'saved';
    } catch (error) {
      return quotaOf(error) ?? 'failed';
    }
  });
}

/** Remove a player's goal on a stat. */
export function removeGoal(uuid: string, stat: GoalStat, from: Area = syncArea()): Promise<void> {
  return oneAtATime(() => from.remove(goalKey(uuid, stat)));
}

/**
 * Keep when a goal was first seen reached, once: the card saw it, so the date holds when the
 * value falls back or the snapshots that showed it are gone. A goal already marked is left alone.
 */
export function markGoalReached(
  uuid: string,
  stat: GoalStat,
  at: number,
  to: Area = syncArea(),
): Promise<boolean> {
  return oneAtATime(async () => {
    const key = goalKey(uuid, stat);
    const stored = (await to.get(key))[key];
    const parsed = GoalItemSchema.safeParse(stored);
    if (!parsed.success || parsed.data.reachedAt !== undefined) return false;
    await to.set({ [key]: mergeEntry(stored, { reachedAt: at, updatedAt: at }, GOAL_ITEM_VERSION) });
    return true;
  });
}

import { z } from 'zod/mini';

/**
 * Fairness within a stream: which of its items (a watchlist's players, saved searches) to check
 * in the slot it was given. The least recently checked goes next, so with N items each is checked
 * once every N of the stream's slots, whatever was added or removed in between. The stream keeps
 * the check times (parsed with CheckTimesSchema when read back).
 */

export const CheckTimesSchema = z.record(z.string(), z.number());
export type CheckTimes = Readonly<Record<string, number>>;

function checkedAtOf(checkedAt: CheckTimes, item: string): number {
  return Object.hasOwn(checkedAt, item) ? (checkedAt[item] as number) : Number.NEGATIVE_INFINITY;
}

/**
 * The item to check next: one never checked (a new one) first, otherwise the one checked longest
 * ago; ties go to the earlier in `items`. Undefined when there are none.
 */
export function leastRecentlyChecked(items: readonly string[], checkedAt: CheckTimes): string | undefined {
  let next: string | undefined;
  let nextAt = Number.POSITIVE_INFINITY;
  for (const item of items) {
    const at = checkedAtOf(checkedAt, item);
    if (at < nextAt) {
      next = item;
      nextAt = at;
    }
  }
  return next;
}

/** The check times with `item` checked at `at`, keeping only the items still in `items`. */
export function withCheck(
  checkedAt: CheckTimes,
  items: readonly string[],
  item: string,
  at: number,
): CheckTimes {
  return Object.fromEntries(
    items
      .filter((listed) => listed === item || Object.hasOwn(checkedAt, listed))
      .map((listed) => [listed, listed === item ? at : checkedAtOf(checkedAt, listed)]),
  );
}

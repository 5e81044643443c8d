/**
 * The watchlist's floor as utils/scheduler/watch-floor.ts states it: each player is checked within
 * FLOOR_EVERY × players of the watchlist's checks once it has gone FLOOR_MS unchecked. This is the
 * most checks any of `healthy` waited, from the first check at or after which it had gone
 * `floorMs` unchecked (since its last check, or since `start`) to its own check, both counted; one
 * still waiting at the end counts the checks so far. The floor holds when it is at most
 * FLOOR_EVERY × players.
 */
export function longestOverdueInChecks(
  checks: readonly { at: number; entry?: string }[],
  healthy: readonly string[],
  floorMs: number,
  start = Number.NEGATIVE_INFINITY,
): number {
  const lastAt = new Map(healthy.map((entry) => [entry, start]));
  const overdueFrom = new Map<string, number>();
  let longest = 0;
  checks.forEach((check, index) => {
    for (const [entry, at] of lastAt)
      if (!overdueFrom.has(entry) && check.at - at >= floorMs) overdueFrom.set(entry, index);
    if (check.entry === undefined || !lastAt.has(check.entry)) return;
    const from = overdueFrom.get(check.entry);
    if (from !== undefined) longest = Math.max(longest, index - from + 1);
    overdueFrom.delete(check.entry);
    lastAt.set(check.entry, check.at);
  });
  for (const from of overdueFrom.values()) longest = Math.max(longest, checks.length - from);
  return longest;
}

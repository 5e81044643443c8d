import { MAX_SEEN_LISTINGS_PER_SEARCH } from '../limits';

/**
 * The listing ids a saved search has seen (there when its alert was set, announced, or below the
 * alert in a check's answer), least recently seen first, bounded: past the bound the ids seen
 * longest ago go. An id seen again moves to the end, so a listing still listed below the alert is
 * never pushed out by newer ones (and announced again); one that has not been in an answer for
 * MAX_SEEN_LISTINGS_PER_SEARCH ids has long left the window the check looks at.
 */
export function withSeen(
  seen: readonly number[],
  ids: readonly number[],
  max: number = MAX_SEEN_LISTINGS_PER_SEARCH,
): number[] {
  if (ids.length === 0) return seen.length > max ? seen.slice(seen.length - max) : [...seen];
  const again = new Set(ids);
  const kept = seen.filter((id) => !again.has(id));
  const all = [...kept, ...again];
  return all.length > max ? all.slice(all.length - max) : all;
}

import { MAX_SEEN_LISTINGS_PER_SEARCH } from '../limits';

/**
 * The listing ids a saved search has seen (there when its alert was set) or announced, oldest
 * first, bounded: past the bound the oldest ids go. Listing ids only grow and a listing lasts
 * days at most, so an id that old has long expired and cannot come back to be announced again.
 */
export function withSeen(
  seen: readonly number[],
  ids: readonly number[],
  max: number = MAX_SEEN_LISTINGS_PER_SEARCH,
): number[] {
  const present = new Set(seen);
  const added = ids.filter((id) => {
    if (present.has(id)) return false;
    present.add(id);
    return true;
  });
  const all = added.length === 0 ? [...seen] : [...seen, ...added];
  return all.length > max ? all.slice(all.length - max) : all;
}

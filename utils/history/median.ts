/** The median of `values` (the mean of the middle two for an even count); null when empty. */
export function median(values: ArrayLike<number>): number | null {
  if (values.length === 0) return null;
  // A typed array sorts numerically and leaves the caller's array alone.
  const sorted = Float64Array.from(values).sort();
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

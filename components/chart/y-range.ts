/**
 * The y axis of a linear or count chart, chosen here rather than by uPlot: uPlot pads a range
 * and rounds it out to its tick step, and spreads a flat series from 0 to twice its value, so a
 * player's kills climbing from 3,012 to 3,120 drew in half the plot's height. Pure, so the
 * choice is unit-tested (tests/unit/components/chart/y-range.test.ts).
 */

/** Room above the highest and below the lowest shown point, as a share of their spread. */
export const Y_HEADROOM = 0.08;
/** A flat series sits in the middle of a range this share of its value above and below it. */
export const FLAT_SPREAD = 0.1;
/** Used when nothing is shown (no finite point), and around a flat series at 0. */
const EMPTY_RANGE: [number, number] = [0, 1];

/** The shown points' lowest and highest values; a flat series has `min === max`. */
export function isFlat(min: number, max: number): boolean {
  return Number.isFinite(min) && min === max;
}

/**
 * The span of the y axis for points from `min` to `max`: their own min..max with a little
 * headroom (never from 0 when that flattens the line), not below 0 for points that are not,
 * and a flat series in the middle.
 */
export function yRange(min: number, max: number): [number, number] {
  if (!Number.isFinite(min) || !Number.isFinite(max) || min > max) return [...EMPTY_RANGE];
  if (min === max) {
    const pad = min === 0 ? EMPTY_RANGE[1] : Math.abs(min) * FLAT_SPREAD;
    return [min - pad, min + pad];
  }
  const pad = (max - min) * Y_HEADROOM;
  const low = min - pad;
  return [min >= 0 ? Math.max(0, low) : low, max + pad];
}

/** Decimals that write every multiple of `step` exactly (no 0.30000000000000004). */
function decimalsOf(step: number): number {
  return step >= 1 ? 0 : Math.min(20, Math.ceil(-Math.log10(step)) + 1);
}

/**
 * The y axis's ticks: every multiple of `step` inside the range (as uPlot's own), or for a
 * flat series (`flat`, its value) that value alone, so the line in the middle is labelled.
 */
export function yTicks(min: number, max: number, step: number, flat: number | null): number[] {
  if (flat !== null) return [flat];
  if (!(step > 0) || !Number.isFinite(min) || !Number.isFinite(max)) return [];
  const decimals = decimalsOf(step);
  const ticks: number[] = [];
  // A hair of tolerance: 3 × 0.1 is 0.30000000000000004, and 0.3 is still a tick.
  const last = max + step * 1e-9;
  for (let index = Math.ceil(min / step - 1e-9); index * step <= last; index += 1) {
    const value = Number((index * step).toFixed(decimals));
    ticks.push(Object.is(value, -0) ? 0 : value);
  }
  return ticks;
}

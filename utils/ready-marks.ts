/**
 * User Timing marks the popup sets once, when a part becomes usable, so the bench can time
 * "popup ready" from the page's own clock (bench/figures/popup-ready.ts). A mark costs
 * nothing a user would notice and is standard Performance API.
 */
export const READY_MARKS = {
  /** The look-up field is on screen and accepts input. */
  lookup: 'network-companion:lookup-ready',
  /** The header shows the online count (or says why it cannot). */
  count: 'network-companion:count-shown',
} as const;

export function markReady(part: keyof typeof READY_MARKS): void {
  const name = READY_MARKS[part];
  if (performance.getEntriesByName(name, 'mark').length === 0) performance.mark(name);
}

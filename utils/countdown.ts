/**
 * Whole seconds from `now` until `endsAt` (both ms epoch), rounded up, 0 once it has passed:
 * the arithmetic of every countdown (rate-limit waits in views, the hover card, the gateway's
 * pause), so they all show the same second at the same moment.
 */
export function secondsUntil(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

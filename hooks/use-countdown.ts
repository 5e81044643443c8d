import { secondsUntil } from '../utils/countdown';
import { useNow } from './use-now';

/** Four ticks a second, so the shown second changes within a quarter second of the real one. */
const COUNTDOWN_TICK_MS = 250;

/**
 * Whole seconds left of a wait of `seconds` that started at `startedAt` (ms epoch), counting
 * down until it reaches 0; then the timer stops. A new `startedAt` restarts the count.
 */
export function useCountdown(seconds: number, startedAt: number): number {
  const endsAt = startedAt + Math.max(0, seconds) * 1000;
  const now = useNow(COUNTDOWN_TICK_MS, Date.now() < endsAt);
  return secondsUntil(endsAt, now);
}

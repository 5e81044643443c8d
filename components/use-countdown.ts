import { useEffect, useState } from 'preact/hooks';

/**
 * Whole seconds left of a wait of `seconds` that started when `startedAt` (ms epoch) was
 * set, re-computed every second until it reaches 0. A new `startedAt` restarts the count.
 */
export function useCountdown(seconds: number, startedAt: number): number {
  const endsAt = startedAt + Math.max(0, seconds) * 1000;
  const remaining = () => Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
  const [left, setLeft] = useState(remaining);
  // Dependencies: `remaining` only reads `endsAt`.
  useEffect(() => {
    setLeft(remaining());
    if (remaining() === 0) return;
    const timer = setInterval(() => {
      const next = remaining();
      setLeft(next);
      if (next === 0) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);
  return left;
}

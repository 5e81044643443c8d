import { useEffect, useState } from 'preact/hooks';

/**
 * The current time (ms epoch), read at each render, with a render every `intervalMs` while
 * `active`: one timer for a whole view, however many clocks it shows. Reading the clock at
 * render, not at the last tick, means a view that renders for another reason is never behind.
 */
export function useNow(intervalMs: number, active = true): number {
  const [, setTicks] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setTicks((ticks) => ticks + 1), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, active]);
  return Date.now();
}

import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { Status } from '../../components/StatusMessage';

/** How long a success message such as "Saved" stays before the status region empties again. */
export const FLASH_MS = 2500;

/**
 * A section's status: `show` sets it; success messages clear themselves after FLASH_MS,
 * errors stay until replaced.
 */
export function useFlashStatus(): [Status | null, (status: Status | null) => void] {
  const [status, setStatus] = useState<Status | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback((next: Status | null) => {
    clearTimeout(timer.current);
    setStatus(next);
    if (next?.tone === 'success') timer.current = setTimeout(() => setStatus(null), FLASH_MS);
  }, []);
  return [status, show];
}

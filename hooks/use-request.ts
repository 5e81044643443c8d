import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { Reply } from '../utils/messages';

/**
 * Requests where only the latest answer counts. The background cannot abort a request, so
 * each one gets a sequence number and an answer that is not for the latest request is
 * dropped: a slow answer to an old query never replaces the newer one.
 */
export function createLatestGate() {
  let latest = 0;
  return {
    /** Starts a request: its ticket. */
    next(): number {
      latest += 1;
      return latest;
    },
    /** Whether the request with this ticket is still the latest one. */
    isLatest(ticket: number): boolean {
      return ticket === latest;
    },
    /** Makes every request started so far stale. */
    invalidate(): void {
      latest += 1;
    },
  };
}

/** An answer, when it arrived (ms epoch) and the key of the request it answers. */
export type Settled<T> = { reply: Reply<T>; receivedAt: number; key: string };

export type RequestState<T> =
  | { status: 'idle' }
  /** `previous`: the last answer, still shown (dimmed) while the new one loads. */
  | { status: 'loading'; previous: Settled<T> | null }
  | ({ status: 'done' } & Settled<T>);

function lastSettled<T>(state: RequestState<T>): Settled<T> | null {
  if (state.status === 'done') return { reply: state.reply, receivedAt: state.receivedAt, key: state.key };
  if (state.status === 'loading') return state.previous;
  return null;
}

function unexpected<T>(error: unknown): Reply<T> {
  return { ok: false, error: { kind: 'bad-response', detail: String(error) } };
}

/**
 * `run(ask, key)` starts a request and makes every earlier one stale (`key` names what was
 * asked, so a view can tell whether the answer it still shows is for its current query); `reset()` drops them all and
 * goes back to idle. Answers that arrive after unmount are ignored.
 */
export function useLatestRequest<T>(onSettled?: (reply: Reply<T>) => void) {
  const gate = useRef(createLatestGate());
  const settledCallback = useRef(onSettled);
  settledCallback.current = onSettled;
  const [state, setState] = useState<RequestState<T>>({ status: 'idle' });

  useEffect(() => () => gate.current.invalidate(), []);

  const run = useCallback(async (ask: () => Promise<Reply<T>>, key = '') => {
    const ticket = gate.current.next();
    setState((prev) => ({ status: 'loading', previous: lastSettled(prev) }));
    let reply: Reply<T>;
    try {
      reply = await ask();
    } catch (error) {
      reply = unexpected<T>(error);
    }
    if (!gate.current.isLatest(ticket)) return;
    setState({ status: 'done', reply, receivedAt: Date.now(), key });
    settledCallback.current?.(reply);
  }, []);

  const reset = useCallback(() => {
    gate.current.invalidate();
    setState({ status: 'idle' });
  }, []);

  return { state, run, reset };
}

/** `value`, once it has stopped changing for `delayMs`. */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

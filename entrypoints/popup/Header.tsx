import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { ApiError } from '../../utils/api/errors';
import { askBackground } from '../../utils/ask-background';
import { describeError } from '../../utils/error-text';
import { formatNumber } from '../../utils/format';
import { readLastCount } from '../../utils/last-count';
import { markReady } from '../../utils/ready-marks';
import { openOptions } from './open-options';

type Count =
  | { status: 'loading' }
  | { status: 'done'; online: number }
  | { status: 'failed'; error: ApiError };

export interface HeaderProps {
  /** Skip asking for the count (no key set: the answer could only be an error). */
  configured: boolean;
}

/** The popup's title bar: the network's online count, fetched when the popup opens, and the options link. */
export function Header({ configured }: HeaderProps) {
  const [count, setCount] = useState<Count>({ status: 'loading' });

  useEffect(() => {
    if (!configured) return;
    let live = true;
    setCount({ status: 'loading' });
    // The badge's number at once, while a fresh one is fetched.
    void readLastCount().then((last) => {
      if (live && last)
        setCount((current) =>
          current.status === 'loading' ? { status: 'done', online: last.online } : current,
        );
    });
    // Also makes the background refresh the badge with the same number.
    void askBackground({ type: 'players-count' }).then((reply) => {
      if (!live) return;
      setCount(
        reply.ok ? { status: 'done', online: reply.data.online } : { status: 'failed', error: reply.error },
      );
    });
    return () => {
      live = false;
    };
  }, [configured]);

  useEffect(() => {
    if (count.status !== 'loading') markReady('count');
  }, [count]);

  return (
    <header class="popup-header">
      <h1 class="popup-header__title">Network Companion</h1>
      {configured && <OnlineCount count={count} />}
      <a
        class="popup-header__options"
        href={browser.runtime.getURL('/options.html')}
        onClick={(event) => {
          event.preventDefault();
          openOptions();
        }}
      >
        Options
      </a>
    </header>
  );
}

function OnlineCount({ count }: { count: Count }) {
  if (count.status === 'loading') {
    return (
      <p class="popup-header__online" aria-busy="true">
        <span class="popup-header__dot popup-header__dot--pending" aria-hidden="true" />
        Counting players…
      </p>
    );
  }
  if (count.status === 'failed') {
    // Short on screen so the header stays on one line; the reason is in the tooltip.
    return (
      <p class="popup-header__online popup-header__online--failed" title={describeError(count.error).message}>
        <span class="popup-header__dot popup-header__dot--failed" aria-hidden="true" />
        <span aria-hidden="true">– online</span>
        <span class="visually-hidden">Online count unavailable: {describeError(count.error).message}</span>
      </p>
    );
  }
  return (
    <p class="popup-header__online">
      <span class="popup-header__dot" aria-hidden="true" />
      {formatNumber(count.online)} online
    </p>
  );
}

import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { lazyView } from '../../components/lazy-view';
import type { ApiError } from '../../utils/api/errors';
import { askBackground } from '../../utils/ask-background';
import { describeError } from '../../utils/error-text';
import { plural, t } from '../../utils/i18n/translate';
import type { LastCount } from '../../utils/last-count';
import { markReady } from '../../utils/ready-marks';
import { openOptions } from './open-options';

// Online history (and uPlot after it) loads when the count is first pressed, not with the header.
const OnlineHistory = lazyView(() =>
  import('./history/OnlineHistory').then((module) => module.OnlineHistory),
);
const HISTORY_ID = 'online-history';

type Count =
  | { status: 'loading' }
  | { status: 'done'; online: number }
  | { status: 'failed'; error: ApiError };

export interface HeaderProps {
  /** Skip asking for the count (no key set: the answer could only be an error). */
  configured: boolean;
  /** The badge's last count (utils/last-count.ts): shown at once, while a fresh one is fetched. */
  lastCount?: LastCount | undefined;
}

/**
 * The popup's title bar: the network's online count, fetched when the popup opens, and the
 * options link. The count is a button that opens "Online history" under the bar.
 */
export function Header({ configured, lastCount }: HeaderProps) {
  const [count, setCount] = useState<Count>(
    lastCount ? { status: 'done', online: lastCount.online } : { status: 'loading' },
  );
  const [historyOpen, setHistoryOpen] = useState(false);

  useEffect(() => {
    if (!configured) return;
    let live = true;
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
    <>
      <header class="popup-header">
        <h1 class="popup-header__title">{t('extension.name')}</h1>
        {/* The count and the options link as one group: where the line is too short for the name
            and both, the group moves under the name, whole, rather than the name being cut. */}
        <div class="popup-header__end">
          {configured && (
            <OnlineCount
              count={count}
              historyOpen={historyOpen}
              onToggle={() => setHistoryOpen((open) => !open)}
            />
          )}
          <a
            class="popup-header__options"
            href={browser.runtime.getURL('/options.html')}
            aria-label={t('popup.header.options')}
            title={t('popup.header.options')}
            onClick={(event) => {
              event.preventDefault();
              openOptions();
            }}
          >
            <SettingsIcon />
          </a>
        </div>
      </header>
      {configured && historyOpen && <OnlineHistory id={HISTORY_ID} onClose={() => setHistoryOpen(false)} />}
    </>
  );
}

/** Three sliders: the options page, named by its label (the icon says nothing to a screen reader). */
function SettingsIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <g stroke="currentColor" stroke-width="1.6" stroke-linecap="round" fill="none">
        <path d="M3 5h14M3 10h14M3 15h14" />
        <circle cx="7" cy="5" r="2" fill="var(--bg)" />
        <circle cx="13" cy="10" r="2" fill="var(--bg)" />
        <circle cx="8" cy="15" r="2" fill="var(--bg)" />
      </g>
    </svg>
  );
}

interface OnlineCountProps {
  count: Count;
  historyOpen: boolean;
  onToggle: () => void;
}

function OnlineCount({ count, historyOpen, onToggle }: OnlineCountProps) {
  if (count.status === 'loading') {
    return (
      <p class="popup-header__online" aria-busy="true">
        <span class="popup-header__dot popup-header__dot--pending" aria-hidden="true" />
        {t('popup.header.counting')}
      </p>
    );
  }
  if (count.status === 'failed') {
    // Short on screen, in plain words (not a dash where the number would be); the reason is in the tooltip.
    const unreachable = ['offline', 'timeout', 'unavailable'].includes(count.error.kind);
    return (
      <p class="popup-header__online popup-header__online--failed" title={describeError(count.error).message}>
        <span class="popup-header__dot popup-header__dot--failed" aria-hidden="true" />
        <span aria-hidden="true">
          {unreachable ? t('popup.header.serverDown') : t('popup.header.countFailedShort')}
        </span>
        <span class="visually-hidden">
          {t('popup.header.countFailed', { reason: describeError(count.error).message })}
        </span>
      </p>
    );
  }
  // Named by its text ("1,234 online"); the title says what pressing it does.
  return (
    <button
      type="button"
      class="popup-header__online popup-header__online--button"
      aria-expanded={historyOpen}
      aria-controls={historyOpen ? HISTORY_ID : undefined}
      title={historyOpen ? t('popup.header.hideHistory') : t('popup.header.showHistory')}
      onClick={onToggle}
    >
      <span class="popup-header__dot" aria-hidden="true" />
      {plural('popup.header.online', count.online)}
    </button>
  );
}

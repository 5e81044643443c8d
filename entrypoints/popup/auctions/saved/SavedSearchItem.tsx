import { useState } from 'preact/hooks';
import { ErrorNotice } from '@/components/ErrorNotice';
import { lazyView } from '@/components/lazy-view';
import type { ApiError } from '@/utils/api/errors';
import type { AuctionSort } from '@/utils/api/schemas';
import { askBackground } from '@/utils/ask-background';
import { failingCheckText } from '@/utils/failing-check-text';
import { t } from '@/utils/i18n/translate';
import type { SavedSearchView } from '@/utils/saved-searches/saved-search';
import type { EntryFailure } from '@/utils/scheduler/entry-failures';
import { openOptions } from '../../open-options';
import { SellerListings } from '../seller/SellerListings';
import { AlertForm } from './AlertForm';
import { lastCheckText, searchTitle } from './saved-search-text';

// The chart (and uPlot after it) only loads when a search's price history is opened.
const PriceHistory = lazyView(() => import('./PriceHistory').then((module) => module.PriceHistory));

export interface SavedSearchItemProps {
  search: SavedSearchView;
  now: number;
  /** Run the search in the Auctions tab. */
  onRun: (text: string, sort: AuctionSort) => void;
}

type Check = { state: 'idle' } | { state: 'checking' } | { state: 'failed'; error: ApiError; at: number };

/** Why the background's checks of this search keep failing, and what to do (utils/failing-check-text.ts). */
function FailingNote(props: { text: string; failing: EntryFailure; now: number }) {
  const { message, action } = failingCheckText(
    { kind: 'search', text: props.text },
    props.failing,
    props.now,
  );
  return (
    <p class="saved-search__failing" role="note">
      {message} {action}
    </p>
  );
}

/** One saved search: run it, its last check, Check now, Remove, its alert and its price history. */
export function SavedSearchItem({ search, now, onRun }: SavedSearchItemProps) {
  const [check, setCheck] = useState<Check>({ state: 'idle' });
  const [removing, setRemoving] = useState(false);
  /** Why the last Remove did not remove it, in words (sync refused it, no background). */
  const [removeRefused, setRemoveRefused] = useState<string | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const title = searchTitle(search);

  async function checkNow() {
    setCheck({ state: 'checking' });
    const reply = await askBackground({ type: 'check-saved-search', id: search.id });
    setCheck(reply.ok ? { state: 'idle' } : { state: 'failed', error: reply.error, at: Date.now() });
  }

  async function remove() {
    setRemoving(true);
    setRemoveRefused(null);
    try {
      const reply = await askBackground({ type: 'remove-saved-search', id: search.id });
      if (!reply.ok) setRemoveRefused(reply.message);
    } catch {
      setRemoveRefused(t('popup.saved.noBackground'));
    } finally {
      setRemoving(false);
    }
  }

  return (
    <li class="saved-search" aria-label={title}>
      {/* One row: the search (run it), then its two actions; its last check under it. */}
      <div class="saved-search__head">
        <button
          type="button"
          class="link-button saved-search__run"
          onClick={() => {
            onRun(search.text, search.sort);
            // Checked as it runs: its count and the list's come from the same moment and agree.
            void checkNow();
          }}
        >
          {title}
        </button>
        <div class="saved-search__actions">
          <button
            type="button"
            class="button button--small"
            disabled={check.state === 'checking'}
            onClick={() => void checkNow()}
          >
            {t('popup.saved.checkNow')}
          </button>
          <button
            type="button"
            class="button button--small"
            disabled={removing}
            onClick={() => void remove()}
          >
            {t('popup.saved.remove')}
          </button>
        </div>
      </div>
      {removeRefused !== null && (
        <p class="field-error" role="alert">
          {removeRefused}
        </p>
      )}
      <p class="saved-search__last" aria-live="polite">
        {check.state === 'checking' ? t('popup.saved.checking') : lastCheckText(search.last, now)}
      </p>
      {search.failing !== undefined && check.state !== 'checking' && (
        <FailingNote text={search.text} failing={search.failing} now={now} />
      )}
      {check.state === 'failed' && (
        <ErrorNotice
          error={check.error}
          subject="the auction house"
          receivedAt={check.at}
          onRetry={() => void checkNow()}
          onOpenOptions={openOptions}
        />
      )}
      {/* A watched seller's listings now and gone; each new one of theirs is announced, no alert price. */}
      {search.seller !== undefined ? (
        <SellerListings search={search} now={now} />
      ) : (
        /* Folded until wanted (open while an alert is set): a list of searches stays a list. */
        <details class="saved-search__alert" open={search.alertBelow !== undefined}>
          <summary>{t('popup.saved.alertSummary')}</summary>
          <AlertForm search={search} />
        </details>
      )}
      <details
        class="saved-search__history"
        onToggle={(event) => setHistoryOpen((event.currentTarget as HTMLDetailsElement).open)}
      >
        <summary>{t('popup.saved.priceHistory')}</summary>
        {historyOpen && (
          <PriceHistory searchId={search.id} text={search.text} version={search.last?.at ?? null} />
        )}
      </details>
    </li>
  );
}

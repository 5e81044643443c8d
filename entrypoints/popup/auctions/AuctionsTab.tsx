import type { RefObject } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { ErrorNotice } from '@/components/ErrorNotice';
import { lazyView } from '@/components/lazy-view';
import { Spinner } from '@/components/Spinner';
import { useNow } from '@/hooks/use-now';
import { noteByName, usePlayerNotes } from '@/hooks/use-player-notes';
import { useDebounced, useLatestRequest } from '@/hooks/use-request';
import type { AuctionSearch } from '@/utils/api/schemas';
import { AUCTION_SORTS, type AuctionSort } from '@/utils/api/vocabulary';
import { askBackground } from '@/utils/ask-background';
import { formatNumber } from '@/utils/format';
import { dealPercent } from '@/utils/history/deal';
import {
  DAY_MS,
  DEAL_BELOW_FRACTION,
  DEAL_MIN_LISTINGS,
  DEAL_WINDOW_MS,
} from '@/utils/history/history-limits';
import { plural, t } from '@/utils/i18n/translate';
import { AUCTION_LIMIT_MAX, AUCTION_QUERY_MAX_LENGTH } from '@/utils/limits';
import { NUMERIC_QUERY_PATTERN } from '@/utils/patterns';
import { rememberPlayers } from '@/utils/recent-players';
import { openOptions } from '../open-options';
import { type Deal, MemoAuctionListingItem, placeListings } from './AuctionListingItem';
import { useItemHistory } from './item-history/use-item-history';
import { Reminders } from './reminders/Reminders';
import { remindFrom, useReminders } from './reminders/use-reminders';
import { SORT_NAMES } from './sort-names';
import { itemKey, type MarketFigures, useMarketFigures } from './use-market-figures';

// Loaded when the Saved searches section is first opened.
const SavedSearches = lazyView(() => import('./saved/SavedSearches').then((module) => module.SavedSearches));

export interface AuctionsTabProps {
  initialQuery: string;
  initialSort: AuctionSort;
  /** The search changed: remember it for next time. */
  onChange: (query: string, sort: AuctionSort) => void;
  /** A seller was activated. */
  onOpenPlayer: (name: string) => void;
  fieldRef: RefObject<HTMLInputElement | null>;
}

/** Listings per page; Load more adds this many, up to the API's cap. */
const PAGE_SIZE = 50;
export const SEARCH_DEBOUNCE_MS = 300;
/** How long "Saved: …" stays: long enough to read, then the list it points to says the rest. */
export const SAVE_NOTE_MS = 5000;

interface Search {
  item: string;
  sort: AuctionSort;
  limit: number;
  /** Bumped by Retry so the same search runs again. */
  attempt: number;
  /** Asked past the cache: a saved search run from its list, checked at the same moment. */
  fresh?: boolean;
}

const searchKey = (item: string, sort: AuctionSort) => JSON.stringify([item, sort]);

/** The number the API will match prices against (docs/api-spec.md §4.3), or null for text. */
export function numericQuery(query: string): number | null {
  const text = query.trim();
  if (!NUMERIC_QUERY_PATTERN.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

export function AuctionsTab({
  initialQuery,
  initialSort,
  onChange,
  onOpenPlayer,
  fieldRef,
}: AuctionsTabProps) {
  const [query, setQuery] = useState(initialQuery);
  const notes = usePlayerNotes();
  const debouncedQuery = useDebounced(query, SEARCH_DEBOUNCE_MS);
  const [search, setSearch] = useState<Search>({
    item: initialQuery.trim(),
    sort: initialSort,
    limit: PAGE_SIZE,
    attempt: 0,
  });
  const { state, run } = useLatestRequest<AuctionSearch>((reply) => {
    if (!reply.ok) return;
    const sellers = [...new Set(reply.data.results.map((listing) => listing.seller))];
    void rememberPlayers(sellers);
  });

  useEffect(() => {
    const item = debouncedQuery.trim();
    setSearch((current) =>
      current.item === item ? current : { ...current, item, limit: PAGE_SIZE, fresh: false },
    );
  }, [debouncedQuery]);

  // Dependencies: `search` is the whole request.
  useEffect(() => {
    const { item, sort, limit, fresh } = search;
    onChange(item, sort);
    void run(
      () => askBackground({ type: 'auction-search', item, sort, limit, ...(fresh ? { fresh } : {}) }),
      searchKey(item, sort),
    );
  }, [search]);

  const shown = state.status === 'done' ? state : state.status === 'loading' ? state.previous : null;
  const typing = query.trim() !== search.item;
  const currentKey = searchKey(search.item, search.sort);
  const loading = state.status === 'loading';
  const busy = loading || typing;
  /** The list on screen answers an older query: dimmed until the new answer replaces it. */
  const stale = shown !== null && (typing || shown.key !== currentKey);
  const data = shown?.reply.ok ? shown.reply.data : null;
  const fetchedAt = shown?.reply.ok ? shown.reply.fetchedAt : 0;
  const now = useNow(1000, data !== null && data.results.length > 0);
  const placed = data ? placeListings(data.results, fetchedAt, now) : [];
  const dropped = data ? data.results.length - placed.length : 0;
  const market = useMarketFigures(data);
  const [dealsOnly, setDealsOnly] = useState(false);
  const reminders = useReminders();
  const onRemind = useCallback(remindFrom(reminders.toggle), [reminders.toggle]);
  const judged = placed.map((entry) => ({ entry, deal: dealOf(entry.listing, market) }));
  const listed = dealsOnly ? judged.filter((row) => row.deal !== undefined) : judged;
  const numeric = numericQuery(query);
  const [savedOpen, setSavedOpen] = useState(false);
  const [saveNote, setSaveNote] = useState<{ text: string; error: boolean } | null>(null);
  const canSave = data !== null && !stale && search.item !== '';
  const itemHistory = useItemHistory();

  useEffect(() => setSaveNote(null), [currentKey]);
  // A confirmation goes away by itself; a refusal stays until the search changes.
  useEffect(() => {
    if (saveNote === null || saveNote.error) return;
    const timer = setTimeout(() => setSaveNote(null), SAVE_NOTE_MS);
    return () => clearTimeout(timer);
  }, [saveNote]);

  // Running a saved search folds the list away: its listings get the room, not the saved searches.
  const runSaved = useCallback((text: string, sort: AuctionSort) => {
    setQuery(text);
    // Fresh, as its check is: a 10-second-old answer from the cache counted fewer listings than
    // the check made at the same click ("50 of 71" beside "74 listings").
    setSearch((current) => ({
      item: text,
      sort,
      limit: PAGE_SIZE,
      attempt: current.attempt + 1,
      fresh: true,
    }));
    setSavedOpen(false);
  }, []);

  async function saveCurrent() {
    const reply = await askBackground({ type: 'save-search', text: search.item, sort: search.sort }).catch(
      () => ({
        ok: false as const,
        message: t('popup.auctions.noBackground'),
      }),
    );
    setSaveNote(
      reply.ok
        ? {
            text: reply.added === false ? t('popup.auctions.alreadySaved') : t('popup.auctions.saved'),
            error: false,
          }
        : { text: reply.message, error: true },
    );
    if (reply.ok) setSavedOpen(true);
  }

  if (itemHistory.view) return itemHistory.view;
  return (
    <div class="auctions-tab">
      <div class="search-bar">
        <div class="search-bar__query">
          <label for="auction-query" class="field-label">
            {t('popup.auctions.searchLabel')}
          </label>
          <input
            ref={fieldRef}
            id="auction-query"
            class="text-field"
            type="search"
            autoComplete="off"
            spellcheck={false}
            maxLength={AUCTION_QUERY_MAX_LENGTH}
            placeholder={t('popup.auctions.placeholder')}
            aria-describedby="auction-hint"
            value={query}
            onInput={(event) => setQuery(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && event.currentTarget.value !== '') {
                event.preventDefault();
                event.stopPropagation();
                setQuery('');
              }
            }}
          />
        </div>
        <div class="search-bar__sort">
          <label for="auction-sort" class="field-label">
            {t('popup.auctions.sortLabel')}
          </label>
          <select
            id="auction-sort"
            class="select"
            value={search.sort}
            onChange={(event) => {
              const sort = event.currentTarget.value as AuctionSort;
              setSearch((current) => ({ ...current, sort, limit: PAGE_SIZE, fresh: false }));
            }}
          >
            {AUCTION_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(SORT_NAMES[sort])}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p id="auction-hint" class="field-hint">
        {numeric !== null
          ? t('popup.auctions.numericHint', {
              price: formatNumber(numeric),
              low: formatNumber(Math.min(numeric * 0.9, numeric * 1.1)),
              high: formatNumber(Math.max(numeric * 0.9, numeric * 1.1)),
            })
          : t('popup.auctions.hint')}
      </p>

      {/* Why a listing just posted is not here yet: wanted now and then, so folded. */}
      <details class="auction-help">
        <summary>{t('popup.auctions.missingListing')}</summary>
        <p class="note">{t('popup.auctions.delayNote')}</p>
      </details>
      <section class="saved-searches" aria-labelledby="saved-searches-heading">
        <div class="saved-searches__head">
          <h2 id="saved-searches-heading" class="saved-searches__title">
            {t('popup.auctions.savedTitle')}
          </h2>
          {canSave && (
            <button type="button" class="button" onClick={() => void saveCurrent()}>
              {t('popup.auctions.saveSearch')}
            </button>
          )}
          <button
            type="button"
            class="link-button"
            aria-expanded={savedOpen}
            aria-controls="saved-search-list"
            onClick={() => setSavedOpen((open) => !open)}
          >
            {savedOpen ? t('popup.auctions.hide') : t('popup.auctions.show')}
          </button>
        </div>
        <p role="status" class={saveNote?.error ? 'field-error' : 'field-hint'}>
          {saveNote?.text ?? ''}
        </p>
        {savedOpen && <SavedSearches id="saved-search-list" onRun={runSaved} />}
      </section>
      <Reminders state={reminders} />
      <section class="auction-results" aria-label={t('popup.auctions.listLabel')} aria-busy={busy}>
        {busy && (data === null || stale) ? (
          <Spinner label={t('popup.auctions.searching')} />
        ) : (
          data !== null &&
          placed.length > 0 && (
            <p class="result-count">
              {plural('popup.auctions.count', Math.max(placed.length, data.total_matching - dropped), {
                shown: formatNumber(placed.length),
              })}
            </p>
          )
        )}
        {shown !== null && !shown.reply.ok && !busy && (
          <ErrorNotice
            error={shown.reply.error}
            subject="the auction house"
            receivedAt={shown.receivedAt}
            onRetry={() => setSearch((current) => ({ ...current, attempt: current.attempt + 1 }))}
            onOpenOptions={openOptions}
          />
        )}
        {data !== null && placed.length === 0 && !stale && (
          <div class="empty">
            <p>
              {search.item === ''
                ? t('popup.auctions.noListings')
                : t('popup.auctions.noMatch', { query: search.item })}
            </p>
            {search.item !== '' && <p class="muted">{t('popup.auctions.tryAnother')}</p>}
          </div>
        )}
        {placed.length > 0 && (
          <label class="deals-only">
            <input
              type="checkbox"
              checked={dealsOnly}
              onChange={(event) => setDealsOnly(event.currentTarget.checked)}
            />{' '}
            {t('popup.auctions.dealsOnly')}
          </label>
        )}
        {placed.length > 0 && dealsOnly && listed.length === 0 && <DealsEmpty market={market.status} />}
        {listed.length > 0 && (
          <ul class={stale ? 'listings listings--stale' : 'listings'}>
            {listed.map(({ entry, deal }) => (
              <MemoAuctionListingItem
                key={entry.listing.id}
                entry={entry}
                onOpenPlayer={onOpenPlayer}
                now={now}
                sellerTag={noteByName(notes, entry.listing.seller)?.tag}
                deal={deal}
                reminded={reminders.list.some((reminder) => reminder.id === entry.listing.id)}
                onRemind={onRemind}
                onOpenHistory={itemHistory.open}
              />
            ))}
          </ul>
        )}
        {data !== null && !stale && data.count < data.total_matching && search.limit < AUCTION_LIMIT_MAX && (
          <div class="load-more">
            {loading ? (
              <Spinner label={t('popup.auctions.loadingMore')} />
            ) : (
              <button
                type="button"
                class="button"
                onClick={() =>
                  setSearch((current) => ({
                    ...current,
                    limit: Math.min(AUCTION_LIMIT_MAX, current.limit + PAGE_SIZE),
                    fresh: false,
                  }))
                }
              >
                {t('popup.auctions.loadMore')}
              </button>
            )}
          </div>
        )}
      </section>
    </div>
  );
}

/** A listing's deal, when its item's figure says it is one (deal.ts); none while figures load. */
function dealOf(listing: AuctionSearch['results'][number], market: MarketFigures): Deal | undefined {
  if (market.status !== 'done' || !(listing.amount > 0)) return undefined;
  const figure = market.figures.get(itemKey(listing)) ?? null;
  const percent = dealPercent(listing.price / listing.amount, figure);
  return percent === null || figure === null ? undefined : { percent, figure };
}

/** Deals only, and none shown: still judging, could not judge, or none is a deal. */
function DealsEmpty({ market }: { market: MarketFigures['status'] }) {
  if (market === 'loading') return <Spinner label={t('popup.auctions.dealsLoading')} />;
  return (
    <p class="empty" role="status">
      {market === 'failed'
        ? t('popup.auctions.dealsFailed')
        : t('popup.auctions.noDeals', {
            percent: formatNumber(DEAL_BELOW_FRACTION * 100),
            window: formatNumber(DEAL_WINDOW_MS / DAY_MS),
            listings: formatNumber(DEAL_MIN_LISTINGS),
          })}
    </p>
  );
}

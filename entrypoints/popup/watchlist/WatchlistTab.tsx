import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { ErrorNotice } from '@/components/ErrorNotice';
import { RankText } from '@/components/RankText';
import { Spinner } from '@/components/Spinner';
import { NoteSummary } from '@/components/TagChip';
import { useNow } from '@/hooks/use-now';
import { usePlayerNotes } from '@/hooks/use-player-notes';
import type { ApiError } from '@/utils/api/errors';
import { askBackground } from '@/utils/ask-background';
import { stripColourCodes } from '@/utils/colour-codes';
import { failingCheckText } from '@/utils/failing-check-text';
import type { Watchlist, WatchlistEntry } from '@/utils/messages';
import type { EntryFailure } from '@/utils/scheduler/entry-failures';
import { seenOnlineText, watchFailedMessage } from '@/utils/watchlist/watch-text';
import { openOptions } from '../open-options';
import { openDeltaHistory, readDeltaLines } from './watch-deltas';
import { sortWatchlist } from './watchlist-order';
import { tagLabels, withTag } from './watchlist-tags';
import './watchlist.css';
import { lazyView } from '@/components/lazy-view';
import { plural, t } from '@/utils/i18n/translate';

// Compare two… loads when the list has two players (player/compare/WatchlistCompare.tsx).
const WatchlistCompare = lazyView(() =>
  import('../player/compare/WatchlistCompare').then((module) => module.WatchlistCompare),
);

export interface WatchlistTabProps {
  onOpenPlayer: (name: string) => void;
}

function statusText(entry: WatchlistEntry): string {
  if (entry.status === undefined) return t('popup.watchlist.notChecked');
  return entry.status.online ? t('popup.watchlist.online') : t('popup.watchlist.offline');
}

/** The rank as the game shows it, when the player has one. */
function rankOf(entry: WatchlistEntry): string | null {
  const display = entry.status?.rankDisplay;
  return display !== undefined && stripColourCodes(display).trim() !== '' ? display : null;
}

/** Why the background's checks of this player keep failing, and what to do (utils/failing-check-text.ts). */
function FailingNote(props: { entry: WatchlistEntry; failing: EntryFailure; now: number }) {
  const { message, action } = failingCheckText(
    { kind: 'player', name: props.entry.name },
    props.failing,
    props.now,
  );
  return (
    <p class="watchlist__failing" role="note">
      {message} {action}
    </p>
  );
}

/** A quiet cross: "stop watching" in the row's own words is its accessible name. */
function CrossIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" />
    </svg>
  );
}

/** True when the change is the watched list (sync) or this browser's statuses of it (local). */
function watchlistChanged(changes: Record<string, unknown>, area: string): boolean {
  if (area === 'sync') return Object.keys(changes).some((key) => key.startsWith('watch:'));
  return area === 'local' && 'watchlistStatus' in changes;
}

/**
 * The Watchlist tab: every watched player with what this browser last saw (online first),
 * "Check now" for all of them at once, and how to start watching when the list is empty.
 */
export function WatchlistTab({ onOpenPlayer }: WatchlistTabProps) {
  const [list, setList] = useState<Watchlist | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [checking, setChecking] = useState(false);
  const [checkError, setCheckError] = useState<{ error: ApiError; receivedAt: number } | null>(null);
  const [checked, setChecked] = useState<string | null>(null);
  /** What changed per player (watch-deltas.ts), read anew with every list. */
  const [deltas, setDeltas] = useState<Record<string, string[]>>({});
  const now = useNow(30_000);
  const notes = usePlayerNotes();
  /** The tag label the list is filtered by; '' shows everyone. */
  const [tagFilter, setTagFilter] = useState('');
  /**
   * The deltas' read for the list last loaded, started as the list arrives rather than once
   * its rows are laid out (some 50–100 ms for 200 players): the effect below takes it up.
   */
  const deltasRead = useRef<{ list: Watchlist; lines: Promise<Record<string, string[]>> } | null>(null);

  const load = useCallback(() => {
    askBackground({ type: 'watchlist' }).then(
      (next) => {
        if (next.players.length > 0) {
          const lines = readDeltaLines(
            next.players.map((entry) => entry.uuid),
            Date.now(),
          );
          // Failing is reported by the effect that takes it up.
          lines.catch(() => undefined);
          deltasRead.current = { list: next, lines };
        }
        setList(next);
        setLoadFailed(false);
      },
      () => setLoadFailed(true),
    );
  }, []);

  useEffect(() => {
    openDeltaHistory();
    load();
    const listener = (changes: Record<string, unknown>, area: string) => {
      if (watchlistChanged(changes, area)) load();
    };
    browser.storage.onChanged.addListener(listener);
    return () => browser.storage.onChanged.removeListener(listener);
  }, [load]);

  useEffect(() => {
    if (list === null || list.players.length === 0) return;
    let live = true;
    const started = deltasRead.current?.list === list ? deltasRead.current.lines : null;
    (
      started ??
      readDeltaLines(
        list.players.map((entry) => entry.uuid),
        Date.now(),
      )
    ).then(
      (next) => live && setDeltas(next),
      // No history to read (IndexedDB unavailable): the list stands without deltas.
      (error: unknown) =>
        console.warn('Network Companion: could not read the watched players’ history', error),
    );
    return () => {
      live = false;
    };
  }, [list]);

  const checkNow = () => {
    if (checking) return;
    setChecking(true);
    setCheckError(null);
    setChecked(null);
    askBackground({ type: 'check-watchlist-now' })
      .then((reply) => {
        if (reply.ok) {
          setChecked(plural('popup.watchlist.checked', reply.data.checked));
        } else setCheckError({ error: reply.error, receivedAt: Date.now() });
      })
      .finally(() => {
        setChecking(false);
        load();
      });
  };

  const unwatch = (uuid: string) => {
    setChecked(null);
    askBackground({ type: 'unwatch', uuid })
      .then(
        (state) => state.message !== undefined && setChecked(state.message),
        () => setChecked(watchFailedMessage()),
      )
      .finally(load);
  };

  if (list === null) {
    return (
      <div class="watchlist-tab">
        {loadFailed ? (
          <ErrorNotice error={{ kind: 'no-background' }} receivedAt={Date.now()} onRetry={load} />
        ) : (
          <Spinner label={t('popup.watchlist.loading')} />
        )}
      </div>
    );
  }

  const players = sortWatchlist(list.players);
  const online = players.filter((entry) => entry.status?.online === true).length;
  const labels = tagLabels(players, notes);
  // A filter whose tag no watched player carries any more shows everyone.
  const filter = labels.includes(tagFilter) ? tagFilter : '';
  const shown = withTag(players, notes, filter);
  return (
    <div class="watchlist-tab">
      {players.length === 0 ? (
        <p class="empty">{t('popup.watchlist.empty')}</p>
      ) : (
        <>
          <div class="watchlist-controls">
            <p class="watchlist-summary">
              {players.length >= list.max
                ? t('popup.watchlist.summaryFull', { online, total: players.length, max: list.max })
                : t('popup.watchlist.summary', { online, total: players.length })}
            </p>
            <button
              type="button"
              class="button"
              onClick={checkNow}
              aria-disabled={checking ? 'true' : undefined}
            >
              {checking ? t('popup.watchlist.checking') : t('popup.watchlist.checkNow')}
            </button>
          </div>
          {players.length >= 2 && <WatchlistCompare players={players} />}
          {labels.length > 0 && (
            <label class="watchlist-filter">
              <span class="field-label">{t('popup.watchlist.filterLabel')}</span>
              <select
                class="select"
                value={filter}
                onChange={(event) => setTagFilter(event.currentTarget.value)}
              >
                <option value="">{t('popup.watchlist.filterAll')}</option>
                {labels.map((label) => (
                  <option key={label} value={label}>
                    {t('popup.watchlist.filterTag', { label })}
                  </option>
                ))}
              </select>
            </label>
          )}
          <p class="watchlist-checked" role="status">
            {checked ?? ''}
          </p>
          {checkError && (
            <ErrorNotice
              error={checkError.error}
              subject="the player service"
              receivedAt={checkError.receivedAt}
              onRetry={checkNow}
              onOpenOptions={openOptions}
            />
          )}
          <ul class="watchlist" aria-label={t('popup.watchlist.listLabel')}>
            {shown.map((entry) => {
              const online = entry.status?.online === true;
              const rank = rankOf(entry);
              return (
                // Like a friends list: the name first and plain, the rank in its colours beside it,
                // the status and when last seen under it; removing is a quiet cross, not a word.
                <li
                  key={entry.uuid}
                  class={online ? 'watchlist__entry watchlist__entry--online' : 'watchlist__entry'}
                >
                  <span class="watchlist__dot" aria-hidden="true" />
                  <div class="watchlist__who">
                    <div class="watchlist__line">
                      <button type="button" class="watchlist__name" onClick={() => onOpenPlayer(entry.name)}>
                        {entry.name}
                      </button>
                      {rank !== null && <RankText text={rank} class="watchlist__rank" />}
                    </div>
                    <NoteSummary note={notes[entry.uuid]} />
                    <p class="watchlist__status">
                      <span class="watchlist__state">{statusText(entry)}</span>
                      {entry.status !== undefined && !online && (
                        <span class="watchlist__seen">{seenOnlineText(entry.status.seenOnlineAt, now)}</span>
                      )}
                    </p>
                    {entry.failing !== undefined && (
                      <FailingNote entry={entry} failing={entry.failing} now={now} />
                    )}
                    {(deltas[entry.uuid]?.length ?? 0) > 0 && (
                      <p class="watchlist__deltas">
                        {deltas[entry.uuid]?.map((line) => (
                          <span key={line} class="watchlist__delta">
                            {line}
                          </span>
                        ))}
                      </p>
                    )}
                  </div>
                  <button
                    type="button"
                    class="watchlist__unwatch"
                    aria-label={t('popup.watchlist.stopWatching', { name: entry.name })}
                    title={t('popup.watchlist.stopWatching', { name: entry.name })}
                    onClick={() => unwatch(entry.uuid)}
                  >
                    <CrossIcon />
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}

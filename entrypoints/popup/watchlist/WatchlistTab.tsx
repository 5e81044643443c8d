import type { CSSProperties } from 'preact';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { Spinner } from '../../../components/Spinner';
import { useNow } from '../../../hooks/use-now';
import type { ApiError } from '../../../utils/api/errors';
import { askBackground } from '../../../utils/ask-background';
import { firstColour, readableOn } from '../../../utils/colour-codes';
import type { Watchlist, WatchlistEntry } from '../../../utils/messages';
import { seenOnlineText, watchFailedMessage } from '../../../utils/watchlist/watch-text';
import { openOptions } from '../open-options';
import { readDeltaLines } from './watch-deltas';
import { sortWatchlist } from './watchlist-order';
import './watchlist.css';
import { plural, t } from '../../../utils/i18n/translate';

export interface WatchlistTabProps {
  onOpenPlayer: (name: string) => void;
}

/** The name in its rank's first colour, readable on either theme (components/rank-text.css picks one). */
function nameStyle(rankDisplay: string | undefined): CSSProperties {
  const colour = rankDisplay === undefined ? null : firstColour(rankDisplay);
  if (colour === null) return {};
  return {
    '--rank-c-light': readableOn(colour.hex, 'light'),
    '--rank-c-dark': readableOn(colour.hex, 'dark'),
    color: 'var(--rank-c, var(--rank-c-light))',
  };
}

function statusText(entry: WatchlistEntry): string {
  if (entry.status === undefined) return t('popup.watchlist.notChecked');
  return entry.status.online ? t('popup.watchlist.online') : t('popup.watchlist.offline');
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

  const load = useCallback(() => {
    askBackground({ type: 'watchlist' }).then(
      (next) => {
        setList(next);
        setLoadFailed(false);
      },
      () => setLoadFailed(true),
    );
  }, []);

  useEffect(() => {
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
    readDeltaLines(
      list.players.map((entry) => entry.uuid),
      Date.now(),
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
            {players.map((entry) => (
              <li key={entry.uuid} class="watchlist__entry">
                <button
                  type="button"
                  class="link-button watchlist__name rank-text__c"
                  style={nameStyle(entry.status?.rankDisplay)}
                  onClick={() => onOpenPlayer(entry.name)}
                >
                  {entry.name}
                </button>
                <span
                  class={
                    entry.status?.online ? 'watchlist__status watchlist__status--online' : 'watchlist__status'
                  }
                >
                  <span class="watchlist__dot" aria-hidden="true" />
                  {statusText(entry)}
                </span>
                <span class="watchlist__seen">
                  {entry.status?.online ? '' : seenOnlineText(entry.status?.seenOnlineAt, now)}
                </span>
                {(deltas[entry.uuid]?.length ?? 0) > 0 && (
                  <p class="watchlist__deltas">
                    {deltas[entry.uuid]?.map((line) => (
                      <span key={line} class="watchlist__delta">
                        {line}
                      </span>
                    ))}
                  </p>
                )}
                <button
                  type="button"
                  class="link-button watchlist__unwatch"
                  aria-label={t('popup.watchlist.stopWatching', { name: entry.name })}
                  onClick={() => unwatch(entry.uuid)}
                >
                  {t('popup.watchlist.unwatch')}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

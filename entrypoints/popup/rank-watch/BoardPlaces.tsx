import { useEffect, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { LEADERBOARD_TYPES } from '@/utils/api/vocabulary';
import { formatRelativeTime } from '@/utils/format';
import { t } from '@/utils/i18n/translate';
import { type BoardPlace, boardPlace } from '@/utils/rank-watch/rank-changes';
import {
  boardOf,
  nameKey,
  RANK_WATCH_KEY,
  type RankWatchState,
  readRankState,
} from '@/utils/rank-watch/rank-state';
import { boardPlaceText } from '@/utils/rank-watch/rank-text';
import { getSettings, type Settings } from '@/utils/settings';
import { SETTINGS_STORAGE_KEY } from '@/utils/storage-keys';
import type { CardData } from '../player/card-data';
import './board-places.css';

/**
 * The card's board places (rank watch, issue 35): "#37 in kills, up 3 since yesterday", one line
 * per board, from what the background's stream recorded (storage.local `rank:watch`); nothing
 * while rank watch is off or the player is neither the own name nor watched. Kept current as the
 * stream writes. Loads with the card (PlayerTab.tsx), never in the hover card.
 */

type View =
  | { kind: 'none' }
  | { kind: 'not-read' }
  | { kind: 'places'; places: BoardPlace[]; readAt: number };

async function viewFor(name: string, watched: boolean): Promise<View> {
  const [settings, stored] = await Promise.all([getSettings(), browser.storage.local.get(RANK_WATCH_KEY)]);
  return viewOf(settings, readRankState(stored[RANK_WATCH_KEY]), name, watched);
}

function viewOf(settings: Settings, state: RankWatchState, name: string, watched: boolean): View {
  if (!settings.rankWatch) return { kind: 'none' };
  const places = LEADERBOARD_TYPES.flatMap((board) => boardPlace(board, boardOf(state, board), name) ?? []);
  if (places.length > 0)
    return { kind: 'places', places, readAt: Math.max(...places.map((place) => place.readAt)) };
  const tracked = watched || (settings.ownName !== '' && nameKey(settings.ownName) === nameKey(name));
  return tracked ? { kind: 'not-read' } : { kind: 'none' };
}

export function BoardPlaces({
  name,
  watched,
  data,
}: {
  name: string;
  watched: boolean;
  /** Read with the card's data (card-data.ts): shown at once, not read again as it mounts. */
  data?: CardData | undefined;
}) {
  const [view, setView] = useState<View>(() =>
    data === undefined ? { kind: 'none' } : viewOf(data.settings, data.rank, name, watched),
  );
  const given = useRef(data !== undefined);

  useEffect(() => {
    let live = true;
    const load = () => {
      viewFor(name, watched).then(
        (next) => live && setView(next),
        () => live && setView({ kind: 'none' }),
      );
    };
    if (given.current) given.current = false;
    else load();
    const listener = (changes: Record<string, unknown>, area: string) => {
      if (area === 'local' && (RANK_WATCH_KEY in changes || SETTINGS_STORAGE_KEY in changes)) load();
    };
    browser.storage.onChanged.addListener(listener);
    return () => {
      live = false;
      browser.storage.onChanged.removeListener(listener);
    };
  }, [name, watched]);

  if (view.kind === 'none') return null;
  return (
    <section class="board-places" aria-label={t('rankWatch.card.label')}>
      <h3 class="board-places__heading">{t('rankWatch.card.label')}</h3>
      {view.kind === 'not-read' ? (
        <p class="board-places__note">{t('rankWatch.card.notRead')}</p>
      ) : (
        <>
          <ul class="board-places__list">
            {view.places.map((place) => (
              <li key={place.board}>{boardPlaceText(place)}</li>
            ))}
          </ul>
          <p class="board-places__note">
            {t('rankWatch.card.readAt', { time: formatRelativeTime(view.readAt, Date.now()) })}
          </p>
        </>
      )}
    </section>
  );
}

import { useEffect, useState } from 'preact/hooks';
import { ErrorNotice } from '@/components/ErrorNotice';
import { Spinner } from '@/components/Spinner';
import { TagChip } from '@/components/TagChip';
import { usePlayerNotes } from '@/hooks/use-player-notes';
import { useLatestRequest } from '@/hooks/use-request';
import type { Leaderboard } from '@/utils/api/schemas';
import { LEADERBOARD_TYPES, type LeaderboardType } from '@/utils/api/vocabulary';
import { askBackground } from '@/utils/ask-background';
import { formatNumber } from '@/utils/format';
import { type MessageKey, t } from '@/utils/i18n/translate';
import { LEADERBOARD_LIFETIME_MS } from '@/utils/limits';
import { rememberPlayers } from '@/utils/recent-players';
import { getSettings } from '@/utils/settings';
import { openOptions } from '../open-options';
import { LEADERBOARD_LIMITS, type LeaderboardLimit } from '../popup-state';

export interface LeaderboardTabProps {
  initialBoard: LeaderboardType;
  initialLimit: LeaderboardLimit;
  onChange: (board: LeaderboardType, limit: LeaderboardLimit) => void;
  /** A name was activated. */
  onOpenPlayer: (name: string) => void;
}

/** Each board's name, the list's name and its loading line, written out per board (case and gender differ by language). */
const BOARD_TEXT = {
  balance: {
    name: 'popup.leaderboard.balance',
    list: 'popup.leaderboard.boardBalance',
    loading: 'popup.leaderboard.loadingBalance',
  },
  shards: {
    name: 'popup.leaderboard.shards',
    list: 'popup.leaderboard.boardShards',
    loading: 'popup.leaderboard.loadingShards',
  },
  kills: {
    name: 'popup.leaderboard.kills',
    list: 'popup.leaderboard.boardKills',
    loading: 'popup.leaderboard.loadingKills',
  },
} as const satisfies Record<LeaderboardType, Record<'name' | 'list' | 'loading', MessageKey>>;

/** How often the server refreshes a board, which is how long the gateway caches it: `about every 45 s.` */
function boardRefreshText(board: LeaderboardType): string {
  const seconds = Math.round(LEADERBOARD_LIFETIME_MS[board] / 1000);
  return seconds < 60 || seconds % 60 !== 0
    ? t('popup.leaderboard.refreshSeconds', { count: seconds })
    : t('popup.leaderboard.refreshMinutes', { count: seconds / 60 });
}

const boardKey = (board: LeaderboardType, limit: number) => `${board}:${limit}`;

export function LeaderboardTab({ initialBoard, initialLimit, onChange, onOpenPlayer }: LeaderboardTabProps) {
  const [board, setBoard] = useState(initialBoard);
  const [limit, setLimit] = useState<LeaderboardLimit>(initialLimit);
  const [attempt, setAttempt] = useState(0);
  const [ownName, setOwnName] = useState('');
  const notes = usePlayerNotes();
  const { state, run } = useLatestRequest<Leaderboard>((reply) => {
    if (reply.ok) void rememberPlayers(reply.data.entries.map((entry) => entry.name));
  });

  useEffect(() => {
    void getSettings().then((settings) => setOwnName(settings.ownName));
  }, []);

  // Dependencies: `attempt` re-runs the same request.
  useEffect(() => {
    onChange(board, limit);
    // The gateway answers from its cache until the board's refresh interval has passed.
    void run(() => askBackground({ type: 'leaderboard', board, limit }), boardKey(board, limit));
  }, [board, limit, attempt]);

  const shown = state.status === 'done' ? state : state.status === 'loading' ? state.previous : null;
  const loading = state.status === 'loading';
  const stale = shown !== null && shown.key !== boardKey(board, limit);
  const data = shown?.reply.ok && !stale ? shown.reply.data : null;
  const own = ownName.toLowerCase();

  return (
    <div class="leaderboard-tab">
      <div class="board-controls">
        <fieldset class="segmented">
          <legend class="visually-hidden">{t('popup.leaderboard.legend')}</legend>
          {LEADERBOARD_TYPES.map((type) => (
            <label key={type} class={type === board ? 'segmented__option is-selected' : 'segmented__option'}>
              <input
                type="radio"
                name="board"
                value={type}
                checked={type === board}
                onChange={() => setBoard(type)}
              />
              {t(BOARD_TEXT[type].name)}
            </label>
          ))}
        </fieldset>
        <label class="board-controls__limit">
          <span class="field-label">{t('popup.leaderboard.show')}</span>
          <select
            class="select"
            value={String(limit)}
            onChange={(event) => setLimit(Number(event.currentTarget.value) as LeaderboardLimit)}
          >
            {LEADERBOARD_LIMITS.map((n) => (
              <option key={n} value={String(n)}>
                {t('popup.leaderboard.top', { count: n })}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p class="field-hint">{boardRefreshText(board)}</p>

      <section class="board" aria-label={t(BOARD_TEXT[board].list)} aria-busy={loading}>
        {loading && (data === null || stale) && <Spinner label={t(BOARD_TEXT[board].loading)} />}
        {!loading && shown !== null && !shown.reply.ok && (
          <ErrorNotice
            error={shown.reply.error}
            subject="the leaderboard"
            receivedAt={shown.receivedAt}
            onRetry={() => setAttempt((n) => n + 1)}
            onOpenOptions={openOptions}
          />
        )}
        {data !== null && data.entries.length === 0 && <p class="empty">{t('popup.leaderboard.empty')}</p>}
        {data !== null && data.entries.length > 0 && (
          <ol class="board-list">
            {data.entries.map((entry) => {
              const isOwn = own !== '' && entry.name.toLowerCase() === own;
              const tag = notes[entry.uuid]?.tag;
              return (
                <li
                  key={entry.uuid}
                  class={isOwn ? 'board-list__entry is-own' : 'board-list__entry'}
                  aria-current={isOwn ? 'true' : undefined}
                >
                  <span class="board-list__rank">{entry.rank}</span>
                  <button
                    type="button"
                    class="link-button board-list__name"
                    onClick={() => onOpenPlayer(entry.name)}
                  >
                    {entry.name}
                  </button>
                  {tag && <TagChip tag={tag} />}
                  {isOwn && <span class="board-list__you">{t('popup.leaderboard.you')}</span>}
                  <span class="board-list__value">{formatNumber(entry.value)}</span>
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </div>
  );
}

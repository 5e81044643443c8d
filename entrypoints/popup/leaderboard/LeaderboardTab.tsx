import { useEffect, useState } from 'preact/hooks';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { Spinner } from '../../../components/Spinner';
import { useLatestRequest } from '../../../hooks/use-request';
import type { Leaderboard } from '../../../utils/api/schemas';
import { LEADERBOARD_TYPES, type LeaderboardType } from '../../../utils/api/vocabulary';
import { askBackground } from '../../../utils/ask-background';
import { formatNumber } from '../../../utils/format';
import { LEADERBOARD_LIFETIME_MS } from '../../../utils/limits';
import { rememberPlayers } from '../../../utils/recent-players';
import { getSettings } from '../../../utils/settings';
import { openOptions } from '../open-options';
import { LEADERBOARD_LIMITS, type LeaderboardLimit } from '../popup-state';

export interface LeaderboardTabProps {
  initialBoard: LeaderboardType;
  initialLimit: LeaderboardLimit;
  onChange: (board: LeaderboardType, limit: LeaderboardLimit) => void;
  /** A name was activated. */
  onOpenPlayer: (name: string) => void;
}

const BOARD_LABELS: Readonly<Record<LeaderboardType, string>> = {
  balance: 'Balance',
  shards: 'Shards',
  kills: 'Kills',
};

/** How often the server refreshes a board, which is how long the gateway caches it: `about every 45 s`. */
function boardRefreshText(board: LeaderboardType): string {
  const seconds = Math.round(LEADERBOARD_LIFETIME_MS[board] / 1000);
  const every = seconds < 60 || seconds % 60 !== 0 ? `${seconds} s` : `${seconds / 60} min`;
  return `Updated about every ${every}`;
}

const boardKey = (board: LeaderboardType, limit: number) => `${board}:${limit}`;

export function LeaderboardTab({ initialBoard, initialLimit, onChange, onOpenPlayer }: LeaderboardTabProps) {
  const [board, setBoard] = useState(initialBoard);
  const [limit, setLimit] = useState<LeaderboardLimit>(initialLimit);
  const [attempt, setAttempt] = useState(0);
  const [ownName, setOwnName] = useState('');
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
          <legend class="visually-hidden">Leaderboard</legend>
          {LEADERBOARD_TYPES.map((type) => (
            <label key={type} class={type === board ? 'segmented__option is-selected' : 'segmented__option'}>
              <input
                type="radio"
                name="board"
                value={type}
                checked={type === board}
                onChange={() => setBoard(type)}
              />
              {BOARD_LABELS[type]}
            </label>
          ))}
        </fieldset>
        <label class="board-controls__limit">
          <span class="field-label">Show</span>
          <select
            class="select"
            value={String(limit)}
            onChange={(event) => setLimit(Number(event.currentTarget.value) as LeaderboardLimit)}
          >
            {LEADERBOARD_LIMITS.map((n) => (
              <option key={n} value={String(n)}>
                Top {n}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p class="field-hint">{boardRefreshText(board)}.</p>

      <section class="board" aria-label={`${BOARD_LABELS[board]} leaderboard`} aria-busy={loading}>
        {loading && (data === null || stale) && (
          <Spinner label={`Loading the ${BOARD_LABELS[board].toLowerCase()} leaderboard…`} />
        )}
        {!loading && shown !== null && !shown.reply.ok && (
          <ErrorNotice
            error={shown.reply.error}
            subject="the leaderboard"
            receivedAt={shown.receivedAt}
            onRetry={() => setAttempt((n) => n + 1)}
            onOpenOptions={openOptions}
          />
        )}
        {data !== null && data.entries.length === 0 && (
          <p class="empty">Nobody is on this leaderboard yet.</p>
        )}
        {data !== null && data.entries.length > 0 && (
          <ol class="board-list">
            {data.entries.map((entry) => {
              const isOwn = own !== '' && entry.name.toLowerCase() === own;
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
                  {isOwn && <span class="board-list__you">(you)</span>}
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

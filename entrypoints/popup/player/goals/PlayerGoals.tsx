import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { isBoardStat, statValue } from '@/utils/api/player-stats';
import type { Leaderboard, Player } from '@/utils/api/schemas';
import { askBackground } from '@/utils/ask-background';
import { formatNumber } from '@/utils/format';
import type { Goal } from '@/utils/goals/goal';
import { GOAL_FIT_WINDOW_MS, type GoalStatus, goalStatus, positionTarget } from '@/utils/goals/goal-status';
import {
  GOAL_KEY_PREFIX,
  getGoals,
  markGoalReached,
  removeGoal,
  type StoredGoals,
} from '@/utils/goals/goal-store';
import type { Projection } from '@/utils/goals/projection';
import { DAY_MS } from '@/utils/history/history-limits';
import type { PlayerSnapshotRow } from '@/utils/history/history-rows';
import { pageHistoryStore } from '@/utils/history/page-history';
import { plural, t } from '@/utils/i18n/translate';
import { uiLanguage } from '@/utils/i18n/ui-language';
import { MAX_GOALS } from '@/utils/limits';
import { getSettings } from '@/utils/settings';
import { type CardData, snapshotsBetween } from '../card-data';
import { GoalForm } from './GoalForm';
import './goals.css';

/**
 * The card's goals (popup and side panel Player tab, loaded with the first card): each goal of
 * this player with its progress bar and its projected date from the recorded snapshots, the
 * form to set one, and Remove. A position goal reads its board once as it is shown (the
 * gateway's cache answers when it is fresh): never on a timer. docs/architecture.md, "Goals".
 */

type BoardRead =
  | { status: 'loading' }
  | { status: 'done'; entries: Leaderboard['entries'] }
  | { status: 'failed' };
const boardKey = (goal: Goal) => `${goal.stat}:${goal.target}`;

let dates: Intl.DateTimeFormat | undefined;
const formatDate = (time: number) => {
  dates ??= new Intl.DateTimeFormat(uiLanguage(), { dateStyle: 'medium' });
  return dates.format(time);
};
let percents: Intl.NumberFormat | undefined;
const formatPercent = (share: number) => {
  percents ??= new Intl.NumberFormat(uiLanguage(), { style: 'percent', maximumFractionDigits: 0 });
  return percents.format(share);
};
/** Makes both formatters ahead of the card (warm-formats.ts). */
export function warmGoalFormats(): void {
  formatDate(0);
  formatPercent(0);
}

/** "1,000,000 balance", "Top 10 in kills". */
export function goalTitle(goal: Pick<Goal, 'kind' | 'stat' | 'target'>): string {
  const stat = t(`goals.stat.${goal.stat}`);
  return goal.kind === 'value'
    ? t('goals.valueGoal', { value: formatNumber(goal.target), stat })
    : t('goals.positionGoal', { position: goal.target, stat });
}

function projectionText(projection: Projection): string {
  switch (projection.kind) {
    case 'reached':
      return t('goals.reachedNow');
    case 'not-moving':
      return t('goals.notMoving');
    case 'not-enough': {
      const days = Math.ceil(projection.moreTimeMs / DAY_MS);
      const points = plural('goals.missingPoints', projection.morePoints);
      const time = plural('goals.missingDays', days);
      const missing =
        projection.morePoints > 0 && days > 0
          ? t('goals.missingBoth', { points, days: time })
          : projection.morePoints > 0
            ? points
            : time;
      return `${t('goals.notEnough', { missing })} ${t('goals.watchHint')}`;
    }
    case 'projected': {
      const pace = formatNumber(projection.perDay);
      return t('goals.projected', {
        pace,
        date: formatDate(projection.at),
        earliest: formatDate(projection.earliest),
        latest: formatDate(projection.latest),
      });
    }
  }
}

function GoalItem({
  goal,
  status,
  board,
  current,
  onRetry,
  onRemove,
}: {
  goal: Goal;
  status: GoalStatus | undefined;
  board: BoardRead | undefined;
  current: number;
  onRetry: () => void;
  onRemove: () => void;
}) {
  const title = goalTitle(goal);
  const reached = goal.reachedAt !== undefined || status?.projection.kind === 'reached';
  const progress = reached ? 1 : (status?.progress ?? 0);
  return (
    <li class="player-goals__item">
      <div class="player-goals__head">
        <span class="player-goals__title">{title}</span>
        <button
          type="button"
          class="button button--small"
          aria-label={t('goals.removeLabel', { goal: title })}
          onClick={onRemove}
        >
          {t('goals.remove')}
        </button>
      </div>
      {goal.kind === 'position' && board?.status === 'loading' && (
        <p class="player-goals__text" role="status">
          {t('goals.board.loading')}
        </p>
      )}
      {goal.kind === 'position' && board?.status === 'failed' && (
        <p class="player-goals__text">
          {t('goals.board.failed')}{' '}
          <button type="button" class="button button--small" onClick={onRetry}>
            {t('goals.board.retry')}
          </button>
        </p>
      )}
      {status && (
        <>
          {goal.kind === 'position' && (
            <p class="player-goals__text">
              {status.projection.kind === 'reached'
                ? t('goals.board.inPlace', { position: goal.target })
                : t('goals.board.needs', { position: goal.target, value: formatNumber(status.target) })}
            </p>
          )}
          <div
            class="player-goals__bar"
            role="progressbar"
            aria-label={title}
            aria-valuemin={goal.start}
            aria-valuemax={status.target}
            aria-valuenow={Math.min(Math.max(current, goal.start), status.target)}
            aria-valuetext={t('goals.progress', {
              current: formatNumber(current),
              target: formatNumber(status.target),
              percent: formatPercent(progress),
              start: formatNumber(goal.start),
            })}
          >
            <span class="player-goals__fill" style={{ width: `${progress * 100}%` }} />
          </div>
          <p class="player-goals__text">
            {t('goals.progress', {
              current: formatNumber(current),
              target: formatNumber(status.target),
              percent: formatPercent(progress),
              start: formatNumber(goal.start),
            })}
          </p>
          <p class="player-goals__text player-goals__projection">
            {goal.reachedAt !== undefined
              ? t('goals.reached', { date: formatDate(goal.reachedAt) })
              : projectionText(status.projection)}
          </p>
        </>
      )}
    </li>
  );
}

export function PlayerGoals({ player, data }: { player: Player; data?: CardData | undefined }) {
  // Read with the card's data (card-data.ts): shown at once, the first reads not made again.
  const [stored, setStored] = useState<StoredGoals | null>(data?.goals ?? null);
  const [snapshots, setSnapshots] = useState<PlayerSnapshotRow[] | null>(() =>
    data?.snapshots === undefined
      ? null
      : snapshotsBetween(data.snapshots, data.now - GOAL_FIT_WINDOW_MS, data.now),
  );
  const [boards, setBoards] = useState<Record<string, BoardRead>>({});
  const [attempt, setAttempt] = useState(0);
  const [ownName, setOwnName] = useState(data?.settings.ownName ?? '');
  const [now, setNow] = useState(() => data?.now ?? Date.now());
  const givenGoals = useRef(data !== undefined);
  const givenSnapshots = useRef(data?.snapshots !== undefined);
  const [status, setStatus] = useState('');
  const uuid = player.uuid.toLowerCase();

  useEffect(() => {
    let live = true;
    const load = () =>
      getGoals().then(
        (goals) => live && setStored(goals),
        () => live && setStored({ goals: [], count: 0 }),
      );
    if (givenGoals.current) givenGoals.current = false;
    else {
      void load();
      void getSettings().then((settings) => live && setOwnName(settings.ownName));
    }
    const onChanged = (changes: Record<string, unknown>, area: string) => {
      if (area === 'sync' && Object.keys(changes).some((key) => key.startsWith(GOAL_KEY_PREFIX))) void load();
    };
    browser.storage.onChanged.addListener(onChanged);
    return () => {
      live = false;
      browser.storage.onChanged.removeListener(onChanged);
    };
  }, []);

  // A new answer for the player (a look-up again) reads their snapshots again.
  useEffect(() => {
    if (givenSnapshots.current) {
      givenSnapshots.current = false;
      return;
    }
    let live = true;
    const at = Date.now();
    setNow(at);
    pageHistoryStore()
      .playerSnapshots(uuid, at - GOAL_FIT_WINDOW_MS, at)
      .then(
        (rows) => live && setSnapshots(rows),
        () => live && setSnapshots([]),
      );
    return () => {
      live = false;
    };
  }, [player]);

  const goals = useMemo(() => stored?.goals.filter((goal) => goal.uuid === uuid) ?? [], [stored, uuid]);
  const wanted = [...new Set(goals.filter((goal) => goal.kind === 'position').map(boardKey))].join(',');

  // One leaderboard request per board a shown position goal needs, as it is shown.
  useEffect(() => {
    if (wanted === '') return;
    let live = true;
    for (const key of wanted.split(',')) {
      const [board = '', limit = ''] = key.split(':');
      if (!isBoardStat(board)) continue;
      setBoards((known) => ({ ...known, [key]: { status: 'loading' } }));
      void askBackground({ type: 'leaderboard', board, limit: Number(limit) }).then(
        (reply) =>
          live &&
          setBoards((known) => ({
            ...known,
            [key]: reply.ok ? { status: 'done', entries: reply.data.entries } : { status: 'failed' },
          })),
      );
    }
    return () => {
      live = false;
    };
  }, [wanted, attempt]);

  const statuses = new Map<string, GoalStatus>();
  if (snapshots) {
    for (const goal of goals) {
      const current = statValue(player, goal.stat);
      let target = goal.target;
      if (goal.kind === 'position') {
        const board = boards[boardKey(goal)];
        if (board?.status !== 'done') continue;
        const place = positionTarget(board.entries, goal.target, uuid);
        if (!place) continue;
        target = place.inPlace ? Math.min(place.target, current) : place.target;
      }
      statuses.set(boardKey(goal), goalStatus(goal, target, current, snapshots, now));
    }
  }

  // A goal seen reached keeps the date it was first seen so (one write, goal-store.ts).
  const newlyReached = goals
    .filter(
      (goal) => goal.reachedAt === undefined && statuses.get(boardKey(goal))?.projection.kind === 'reached',
    )
    .map((goal) => goal.stat)
    .join(',');
  useEffect(() => {
    if (newlyReached === '') return;
    for (const stat of newlyReached.split(',')) void markGoalReached(uuid, stat as Goal['stat'], Date.now());
  }, [newlyReached]);

  const remove = async (goal: Goal) => {
    try {
      await removeGoal(goal.uuid, goal.stat);
      setStatus('');
    } catch {
      setStatus(t('goals.notSaved.failed'));
    }
  };

  const headingId = `player-goals-${uuid}`;
  return (
    <section
      class="player-goals"
      aria-labelledby={headingId}
      aria-busy={stored === null || snapshots === null}
    >
      <h3 id={headingId} class="player-goals__heading">
        {t('goals.title')}
      </h3>
      {stored !== null &&
        (goals.length === 0 ? (
          <p class="player-goals__text">{t('goals.empty', { name: player.name })}</p>
        ) : (
          <ul class="player-goals__list">
            {goals.map((goal) => (
              <GoalItem
                key={boardKey(goal)}
                goal={goal}
                status={statuses.get(boardKey(goal))}
                board={boards[boardKey(goal)]}
                current={statValue(player, goal.stat)}
                onRetry={() => setAttempt((n) => n + 1)}
                onRemove={() => void remove(goal)}
              />
            ))}
          </ul>
        ))}
      {stored !== null &&
        (stored.count >= MAX_GOALS ? (
          <p class="player-goals__text">{t('goals.full', { max: MAX_GOALS })}</p>
        ) : (
          <GoalForm player={player} ownName={ownName} />
        ))}
      <p class="player-goals__status" role="status">
        {status}
      </p>
    </section>
  );
}

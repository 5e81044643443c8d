import { PlayerCard } from '../../components/PlayerCard';
import { NoteSummary } from '../../components/TagChip';
import { WatchButton } from '../../components/WatchButton';
import type { ApiError } from '../../utils/api/errors';
import type { Player } from '../../utils/api/schemas';
import { secondsUntil } from '../../utils/countdown';
import { describeError } from '../../utils/error-text';
import type { HoverCardProps } from '../../utils/forum/card-ui-handshake';
import { t } from '../../utils/i18n/translate';
import { HoverProgressLine } from './HoverProgressLine';
import { useHoverNote } from './use-hover-note';
import { useHoverProgress } from './use-hover-progress';
import { useHoverWatch } from './use-hover-watch';

/** The one line an error card shows (the shared wording; a rate limit counts down to `until`). */
export function errorLine(error: ApiError, until: number, now: number): string {
  if (error.kind === 'rate-limited') {
    return describeError({ kind: 'rate-limited', retryAfterSeconds: secondsUntil(until, now) }).message;
  }
  return describeError(error).message;
}

/**
 * The forum hover card: a non-modal dialog named by the player's name holding the shared
 * `PlayerCard` (compact), or a small card with the name and one line (loading, not joined,
 * an error). Never a stack trace: errors go through `describeError`.
 */
/** The name the forum shows for the player, when it is not the account name: text, never markup. */
function ForumName({ displayName }: { displayName: string | undefined }) {
  if (displayName === undefined || displayName === '') return null;
  return <p class="hover-card__forum-name">{t('card.hover.forumName', { name: displayName })}</p>;
}

/** The player's card, with its Watch toggle (a component of its own: the toggle has state). */
function PlayerHoverCard({
  player,
  displayName,
  onOpenFull,
}: {
  player: Player;
  displayName: string | undefined;
  onOpenFull: (name: string) => void;
}) {
  const watch = useHoverWatch({ uuid: player.uuid, name: player.name });
  const note = useHoverNote(player.uuid);
  const progress = useHoverProgress(player.uuid);
  return (
    <div class="hover-card" role="dialog" aria-label={player.name}>
      <PlayerCard
        player={player}
        variant="compact"
        headingLevel={2}
        onOpenFull={() => onOpenFull(player.name)}
        actions={
          <>
            <ForumName displayName={displayName} />
            <WatchButton {...watch} />
          </>
        }
        footer={
          <>
            <HoverProgressLine progress={progress} name={player.name} statsMayLag={player.stats_may_lag} />
            <NoteSummary note={note} />
          </>
        }
      />
    </div>
  );
}

export function HoverCard({ name, displayName, state, now, onOpenFull }: HoverCardProps) {
  if (state.kind === 'player') {
    // Keyed: another player's card starts with its own Watch state, not the last one's.
    return (
      <PlayerHoverCard
        key={state.player.uuid}
        player={state.player}
        displayName={displayName}
        onOpenFull={onOpenFull}
      />
    );
  }
  const loading = state.kind === 'loading';
  const line = loading ? t('card.hover.loading') : errorLine(state.error, state.until, now);
  const tone = loading ? 'loading' : state.error.kind === 'not-found' ? 'not-found' : 'error';
  return (
    <div class="hover-card" role="dialog" aria-label={name} aria-busy={loading ? 'true' : undefined}>
      <div class={`player-card player-card--compact hover-card__small hover-card__small--${tone}`}>
        <h2 class="player-card__name">{name}</h2>
        <ForumName displayName={displayName} />
        <p class="hover-card__line" aria-live="polite">
          {loading && <span class="spinner__wheel" aria-hidden="true" />}
          {line}
        </p>
      </div>
    </div>
  );
}

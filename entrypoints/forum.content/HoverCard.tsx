import { PlayerCard } from '../../components/PlayerCard';
import type { ApiError } from '../../utils/api/errors';
import type { Player } from '../../utils/api/schemas';
import { describeError } from '../../utils/error-text';

/** What the card shows: waiting for the background, the player, or one line about an error. */
export type HoverCardState =
  | { kind: 'loading' }
  | { kind: 'player'; player: Player }
  /** `until`: when the memorised error expires (a rate limit counts down to it). */
  | { kind: 'error'; error: ApiError; until: number };

export interface HoverCardProps {
  /** The name as it appears on the page (the player's own spelling replaces it once known). */
  name: string;
  state: HoverCardState;
  /** ms epoch, for the rate-limit countdown. */
  now: number;
  onOpenFull: (name: string) => void;
}

export const LOADING_TEXT = 'Loading player…';

/** The one line an error card shows (the shared wording; a rate limit counts down to `until`). */
export function errorLine(error: ApiError, until: number, now: number): string {
  if (error.kind === 'rate-limited') {
    const left = Math.max(1, Math.ceil((until - now) / 1000));
    return describeError({ kind: 'rate-limited', retryAfterSeconds: left }).message;
  }
  return describeError(error).message;
}

/**
 * The forum hover card: a non-modal dialog named by the player's name holding the shared
 * `PlayerCard` (compact), or a small card with the name and one line (loading, not joined,
 * an error). Never a stack trace: errors go through `describeError`.
 */
export function HoverCard({ name, state, now, onOpenFull }: HoverCardProps) {
  if (state.kind === 'player') {
    const { player } = state;
    return (
      <div class="hover-card" role="dialog" aria-label={player.name}>
        <PlayerCard
          player={player}
          variant="compact"
          headingLevel={2}
          onOpenFull={() => onOpenFull(player.name)}
        />
      </div>
    );
  }
  const loading = state.kind === 'loading';
  const line = loading ? LOADING_TEXT : errorLine(state.error, state.until, now);
  const tone = loading ? 'loading' : state.error.kind === 'not-found' ? 'not-found' : 'error';
  return (
    <div class="hover-card" role="dialog" aria-label={name} aria-busy={loading ? 'true' : undefined}>
      <div class={`player-card player-card--compact hover-card__small hover-card__small--${tone}`}>
        <h2 class="player-card__name">{name}</h2>
        <p class="hover-card__line" aria-live="polite">
          {loading && <span class="hover-card__spinner" aria-hidden="true" />}
          {line}
        </p>
      </div>
    </div>
  );
}

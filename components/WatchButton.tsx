import { t } from '../utils/i18n/translate';

/**
 * The card's Watch toggle (popup Player tab and forum hover cards), beside the player's name:
 * it says its state in words ("Watch", "Watching") and is pressed while the player is watched.
 * Zod-free and browser-free: each view asks the background itself and passes the state in.
 */

export interface WatchControl {
  /** null while the state is being read. */
  watched: boolean | null;
  /** A request is on its way. */
  busy?: boolean;
  /** One line about a refusal (the list is full, the background did not answer). */
  message?: string;
  onToggle: () => void;
}

export function WatchButton({ watched, busy = false, message, onToggle }: WatchControl) {
  return (
    <div class="player-card__watch">
      <button
        type="button"
        class="player-card__watch-button"
        aria-pressed={watched === true ? 'true' : 'false'}
        aria-disabled={watched === null || busy ? 'true' : undefined}
        onClick={() => {
          if (watched !== null && !busy) onToggle();
        }}
      >
        {watched === true ? t('card.player.watching') : t('card.watch')}
      </button>
      {message && (
        <p class="player-card__watch-message" role="status">
          {message}
        </p>
      )}
    </div>
  );
}

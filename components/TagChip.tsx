import { t } from '../utils/i18n/translate';
import type { PlayerNote } from '../utils/player-notes/player-note';

/**
 * A player's tag as a small chip in its palette colour, and their note as plain text (never
 * markup: Preact sets it as text). Zod-free and browser-free: the hover card shows it without
 * the editor (entrypoints/popup/player/PlayerNotes.tsx), which only the popup loads. Styles in
 * player-card.css (`.tag-chip`), shared by the popup and the hover card's shadow root.
 */
export function TagChip({ tag }: { tag: NonNullable<PlayerNote['tag']> }) {
  return (
    <span class={`tag-chip tag-chip--${tag.colour}`}>
      <span class="tag-chip__prefix">{t('card.notes.tagPrefix')} </span>
      {tag.label}
    </span>
  );
}

/** The tag chip and the note under it, or nothing when the player has neither. */
export function NoteSummary({ note }: { note: PlayerNote | undefined }) {
  if (!note || (!note.tag && !note.note)) return null;
  return (
    <div class="player-note">
      {note.tag && <TagChip tag={note.tag} />}
      {note.note && (
        <p class="player-note__text">
          <span class="tag-chip__prefix">{t('card.notes.notePrefix')} </span>
          {note.note}
        </p>
      )}
    </div>
  );
}

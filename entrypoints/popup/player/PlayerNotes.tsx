import { useEffect, useRef, useState } from 'preact/hooks';
import { NoteSummary } from '@/components/TagChip';
import { askBackground } from '@/utils/ask-background';
import { t } from '@/utils/i18n/translate';
import { NOTE_MAX_LENGTH, TAG_LABEL_MAX_LENGTH } from '@/utils/limits';
import { type PlayerNote, TAG_COLOURS, type TagColour } from '@/utils/player-notes/player-note';

export interface PlayerNotesProps {
  uuid: string;
  name: string;
  /** Read with the card's data (card-data.ts; null: none): shown at once, not asked again. */
  initialNote?: PlayerNote | null;
}

type Field = 'tag' | 'note';

/**
 * The card's tag and note (the popup's and side panel's Player tab): shown as the chip and the
 * text, edited with "Tag" and "Note", which open one small form (the label, a colour from the
 * palette as radio buttons, the note) with the pressed one's field focused. Loaded with the
 * first card (PlayerTab.tsx), never by the hover card. A save kept in this browser only (sync
 * has no room) or refused is said in words.
 */
export function PlayerNotes({ uuid, name, initialNote }: PlayerNotesProps) {
  /** undefined while read; null: none. */
  const [note, setNote] = useState<PlayerNote | null | undefined>(initialNote);
  const given = useRef(initialNote !== undefined);
  const [editing, setEditing] = useState<Field | null>(null);
  const [label, setLabel] = useState('');
  const [colour, setColour] = useState<TagColour>('blue');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const labelRef = useRef<HTMLInputElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const openerRef = useRef<HTMLButtonElement | null>(null);

  const load = () =>
    askBackground({ type: 'player-note', uuid }).then(
      (reply) => setNote(reply.note ?? null),
      () => setNote(null),
    );
  useEffect(() => {
    if (given.current) given.current = false;
    else void load();
  }, [uuid]);

  useEffect(() => {
    if (editing === 'tag') labelRef.current?.focus();
    if (editing === 'note') noteRef.current?.focus();
  }, [editing]);

  const open = (field: Field, opener: HTMLButtonElement) => {
    openerRef.current = opener;
    setLabel(note?.tag?.label ?? '');
    setColour(note?.tag?.colour ?? 'blue');
    setText(note?.note ?? '');
    setStatus('');
    setEditing(field);
  };
  const close = () => {
    setEditing(null);
    openerRef.current?.focus();
  };

  const save = async (change: { tag: { label: string; colour: TagColour } | null; note: string }) => {
    if (busy) return;
    setBusy(true);
    setStatus(t('card.notes.saving'));
    try {
      const reply = await askBackground({ type: 'set-player-note', uuid, name, ...change });
      if (!reply.ok) {
        setStatus(reply.message);
        return;
      }
      setStatus(reply.saved === 'local' ? t('common.notes.localOnly') : t('card.notes.saved'));
      await load();
      close();
    } catch {
      setStatus(t('common.notes.notSaved'));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: Event) => {
    event.preventDefault();
    const trimmed = label.trim();
    void save({ tag: trimmed === '' ? null : { label: trimmed, colour }, note: text });
  };

  const formId = `player-notes-${uuid}`;
  return (
    <section
      class="player-notes"
      aria-label={t('card.notes.editorLabel', { name })}
      aria-busy={note === undefined}
    >
      <NoteSummary note={note ?? undefined} />
      <div class="player-notes__actions">
        {(['tag', 'note'] as const).map((field) => (
          <button
            key={field}
            type="button"
            class="button button--small"
            aria-expanded={editing === field ? 'true' : 'false'}
            aria-controls={formId}
            onClick={(event) => (editing === field ? close() : open(field, event.currentTarget))}
          >
            {t(field === 'tag' ? 'card.notes.tag' : 'card.notes.note')}
          </button>
        ))}
      </div>
      {editing !== null && (
        <form
          id={formId}
          class="player-notes__form"
          onSubmit={submit}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              event.stopPropagation();
              close();
            }
          }}
        >
          <label class="field-label" for={`${formId}-label`}>
            {t('card.notes.labelField')}
          </label>
          <input
            ref={labelRef}
            id={`${formId}-label`}
            class="text-field"
            type="text"
            maxLength={TAG_LABEL_MAX_LENGTH}
            value={label}
            onInput={(event) => setLabel(event.currentTarget.value)}
          />
          <fieldset class="player-notes__colours">
            <legend class="field-label">{t('card.notes.colourField')}</legend>
            {TAG_COLOURS.map((option) => (
              <label key={option} class="player-notes__colour">
                <input
                  type="radio"
                  name={`${formId}-colour`}
                  value={option}
                  checked={colour === option}
                  onChange={() => setColour(option)}
                />
                <span class={`tag-chip tag-chip--${option}`}>{t(`card.notes.colours.${option}`)}</span>
              </label>
            ))}
          </fieldset>
          <label class="field-label" for={`${formId}-note`}>
            {t('card.notes.noteField')}
          </label>
          <textarea
            ref={noteRef}
            id={`${formId}-note`}
            class="text-field player-notes__note"
            rows={3}
            maxLength={NOTE_MAX_LENGTH}
            aria-describedby={`${formId}-hint`}
            value={text}
            onInput={(event) => setText(event.currentTarget.value)}
          />
          <p id={`${formId}-hint`} class="field-hint">
            {t('card.notes.noteHint', { max: NOTE_MAX_LENGTH })}
          </p>
          <div class="player-notes__buttons">
            <button type="submit" class="button button--primary" aria-disabled={busy ? 'true' : undefined}>
              {t('card.notes.save')}
            </button>
            <button type="button" class="button" onClick={close}>
              {t('card.notes.cancel')}
            </button>
            {note && (
              <button type="button" class="button" onClick={() => void save({ tag: null, note: '' })}>
                {t('card.notes.remove')}
              </button>
            )}
          </div>
        </form>
      )}
      <p class="player-notes__status" role="status">
        {status}
      </p>
    </section>
  );
}

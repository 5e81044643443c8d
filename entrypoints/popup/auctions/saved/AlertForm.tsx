import { useState } from 'preact/hooks';
import { askBackground } from '@/utils/ask-background';
import { formatNumber } from '@/utils/format';
import { t } from '@/utils/i18n/translate';
import type { SavedSearchView } from '@/utils/saved-searches/saved-search';
import { askForNotifications } from './notification-permission';
import { parseAlertInput } from './saved-search-text';

export interface AlertFormProps {
  search: SavedSearchView;
}

/**
 * "Alert below": a price per item; new listings cheaper than it are announced in a
 * notification. Setting the first alert asks for the notifications permission (from the click
 * itself, as browsers require). Empty clears the alert.
 */
export function AlertForm({ search }: AlertFormProps) {
  const [value, setValue] = useState(search.alertBelow === undefined ? '' : String(search.alertBelow));
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldId = `alert-${search.id}`;
  const noteId = `alert-note-${search.id}`;

  async function save(price: number | null, allowed: Promise<boolean>) {
    setBusy(true);
    try {
      if (price !== null && !(await allowed)) {
        setNote({
          text: t('popup.saved.alertPermission'),
          error: true,
        });
        return;
      }
      const reply = await askBackground({ type: 'set-saved-search-alert', id: search.id, alertBelow: price });
      if (!reply.ok) {
        setNote({ text: reply.message, error: true });
        return;
      }
      setNote({
        text:
          price === null
            ? t('popup.saved.alertCleared')
            : t('popup.saved.alertSet', { price: formatNumber(price) }),
        error: false,
      });
    } catch {
      setNote({
        text: t('popup.saved.noBackground'),
        error: true,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      class="alert-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const price = parseAlertInput(value);
        if (price === undefined) {
          setNote({
            text: t('popup.saved.alertInvalid'),
            error: true,
          });
          return;
        }
        // Asked now, inside the click: browsers refuse permission requests after an await.
        const allowed = price === null ? Promise.resolve(true) : askForNotifications();
        void save(price, allowed);
      }}
    >
      <div class="alert-form__row">
        <label for={fieldId} class="field-label">
          {t('popup.saved.alertLabel')}
        </label>
        <input
          id={fieldId}
          class="text-field alert-form__field"
          type="number"
          inputMode="decimal"
          min="0"
          step="any"
          placeholder={t('popup.saved.alertPlaceholder')}
          value={value}
          aria-describedby={noteId}
          aria-invalid={note?.error === true ? 'true' : undefined}
          onInput={(event) => setValue(event.currentTarget.value)}
        />
        <button type="submit" class="button" disabled={busy}>
          {t('popup.saved.setAlert')}
        </button>
        {search.alertBelow !== undefined && (
          <button
            type="button"
            class="button"
            disabled={busy}
            onClick={() => {
              setValue('');
              void save(null, Promise.resolve(true));
            }}
          >
            {t('popup.saved.clearAlert')}
          </button>
        )}
      </div>
      <p id={noteId} role="status" class={note?.error ? 'field-error' : 'field-hint'}>
        {note?.text ??
          (search.alertBelow === undefined
            ? t('popup.saved.alertEmptyHint')
            : t('popup.saved.alertActive', { price: formatNumber(search.alertBelow) }))}
      </p>
    </form>
  );
}

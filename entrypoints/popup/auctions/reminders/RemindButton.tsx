import { t } from '@/utils/i18n/translate';

export interface RemindButtonProps {
  item: string;
  seller: string;
  on: boolean;
  onToggle: (on: boolean) => void;
}

/** Remind me on one listing: a toggle button whose name says which listing. */
export function RemindButton({ item, seller, on, onToggle }: RemindButtonProps) {
  return (
    <button
      type="button"
      class="chip remind-button"
      aria-pressed={on}
      aria-label={t('reminders.remindLabel', { item, seller })}
      onClick={() => onToggle(!on)}
    >
      {t('reminders.remindMe')}
    </button>
  );
}

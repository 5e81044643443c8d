import { useNow } from '@/hooks/use-now';
import { formatNumber, formatTimeLeft } from '@/utils/format';
import { t } from '@/utils/i18n/translate';
import type { Reminder, ReminderState } from '@/utils/reminders/reminder';
import type { RemindListing } from './use-reminders';

const STATE_KEYS = {
  waiting: 'reminders.state.waiting',
  reminded: 'reminders.state.reminded',
  gone: 'reminders.state.gone',
  unchecked: 'reminders.state.unchecked',
} as const satisfies Record<ReminderState, string>;

export interface RemindersListProps {
  reminders: readonly Reminder[];
  onToggle: (listing: RemindListing, on: boolean) => void;
}

/** Each reminder: item, seller, price, a live countdown to its end, its state, and Remove. */
export function RemindersList({ reminders, onToggle }: RemindersListProps) {
  const now = useNow(1000, true);
  const shown = reminders.filter((reminder) => reminder.endsAt > now);
  if (shown.length === 0) return null;
  return (
    <section class="reminders" aria-labelledby="reminders-heading">
      <h2 id="reminders-heading" class="saved-searches__title">
        {t('reminders.title')}
      </h2>
      <ul class="reminders__list">
        {shown.map((reminder) => (
          <li key={reminder.id} class="reminder">
            <div class="reminder__text">
              <span class="reminder__item">{reminder.item}</span>{' '}
              <span class="reminder__meta">
                {t('reminders.row', {
                  seller: reminder.seller,
                  price: formatNumber(reminder.price),
                  time: formatTimeLeft((reminder.endsAt - now) / 1000),
                })}
              </span>{' '}
              <span class={`reminder__state reminder__state--${reminder.state}`}>
                {t(STATE_KEYS[reminder.state])}
              </span>
            </div>
            <button
              type="button"
              class="link-button"
              aria-label={t('reminders.removeLabel', { item: reminder.item, seller: reminder.seller })}
              onClick={() =>
                onToggle(
                  {
                    id: reminder.id,
                    item: reminder.item,
                    seller: reminder.seller,
                    price: reminder.price,
                    secondsLeft: Math.max(1, (reminder.endsAt - now) / 1000),
                  },
                  false,
                )
              }
            >
              {t('reminders.remove')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { lazyView } from '@/components/lazy-view';
import type { RemindersState } from './use-reminders';

// The list loads when there is a reminder to show: nothing for a user who never sets one.
const RemindersList = lazyView(() => import('./RemindersList').then((module) => module.RemindersList));

/** The Reminders list (only with reminders) and why a Remind me was refused. */
export function Reminders({ state }: { state: RemindersState }) {
  return (
    <>
      <p role="status" class={state.note ? 'field-error' : 'visually-hidden'}>
        {state.note ?? ''}
      </p>
      {state.list.length > 0 && <RemindersList reminders={state.list} onToggle={state.toggle} />}
    </>
  );
}

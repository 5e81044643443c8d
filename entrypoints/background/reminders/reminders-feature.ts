import { browser } from 'wxt/browser';
import type { AuctionListing } from '@/utils/api/schemas';
import { formatNumber } from '@/utils/format';
import { MINUTE_MS } from '@/utils/history/history-limits';
import { t } from '@/utils/i18n/translate';
import { AUCTION_LIMIT_MAX } from '@/utils/limits';
import type { MessageHandlers } from '@/utils/messages';
import {
  parseReminders,
  pruneEnded,
  REMINDERS_KEY,
  REMINDERS_MAX,
  type Reminder,
  type ReminderState,
  reminderStep,
} from '@/utils/reminders/reminder';
import { SETTINGS_STORAGE_KEY } from '@/utils/storage-keys';
import type { Gateway } from '../gateway/gateway';
import type { NotificationDisplay, NotificationKind } from '../notifications/notifications';
import { notificationIdOf } from '../notifications/notifications';
import type { SchedulerAlarms } from '../scheduler/scheduler-ports';

/**
 * Ending-soon reminders (docs/architecture.md, "Ending-soon reminders (issue 34)"). One alarm per
 * reminder (`reminder:<listing id>`) at its end − N minutes, re-created from storage.local at
 * every start. When it rings: ONE auction search by the seller's name (a user request: not the
 * scheduler's budget, but held by the 429 pause), looking for the listing's id, then one
 * notification through the shared notifications. Each reminder is handled alone: one failing
 * never delays or loses another.
 */

export const REMINDER_ALARM = 'reminder:';
export const REMINDER_NOTIFICATION = 'reminder';

export interface RemindersDeps {
  gateway: Pick<Gateway, 'auctionSearch' | 'rateLimitSecondsLeft'>;
  display: Pick<NotificationDisplay, 'show'>;
  store: { get(key: string): Promise<unknown>; set(items: Record<string, unknown>): Promise<void> };
  alarms: Pick<SchedulerAlarms, 'create' | 'clear'>;
  /** "Remind me N minutes before an auction ends" (settings). */
  minutes: () => Promise<number>;
  /** Opens the popup's Auctions tab on a search (the saved searches' click plumbing). */
  openSearch: (text: string) => Promise<void>;
  now?: () => number;
}

export interface Reminders {
  handlers: Pick<MessageHandlers, 'reminders' | 'set-reminder'>;
  /** Prunes ended reminders and arms one alarm per waiting one (start, a new N). */
  restore(): Promise<void>;
  /** The browser's alarm event: only `reminder:` alarms are this feature's. */
  handleAlarm(alarm: { name: string }): Promise<void>;
  clicks: NotificationKind;
}

const alarmName = (id: number) => `${REMINDER_ALARM}${id}`;

export function createReminders(deps: RemindersDeps): Reminders {
  const now = deps.now ?? Date.now;
  /** Every write after the one before: the popup's toggles and the alarms never lose each other's. */
  let writes: Promise<unknown> = Promise.resolve();

  async function read(): Promise<Reminder[]> {
    return pruneEnded(parseReminders(await deps.store.get(REMINDERS_KEY)), now());
  }

  function change<T>(edit: (list: Reminder[]) => { list: Reminder[]; result: T }): Promise<T> {
    const run = writes.then(async () => {
      const raw = await deps.store.get(REMINDERS_KEY);
      const { list, result } = edit(pruneEnded(parseReminders(raw), now()));
      // Nothing changed (a start with no reminders, a re-arm): no write, no popup re-read.
      if (JSON.stringify(list) !== JSON.stringify(raw ?? [])) await deps.store.set({ [REMINDERS_KEY]: list });
      return result;
    });
    writes = run.catch(() => undefined);
    return run;
  }

  async function arm(reminder: Reminder, minutes: number): Promise<void> {
    const step = reminderStep(reminder, now(), minutes, 0);
    if (step.do === 'wait') await deps.alarms.create(alarmName(reminder.id), { when: step.at });
    // Due already (set closer to its end than N, or missed while the browser was closed, still
    // before its end): checked at once.
    else if (step.do === 'check') await deps.alarms.create(alarmName(reminder.id), { when: now() });
  }

  function setState(id: number, state: ReminderState, price?: number): Promise<void> {
    return change((list) => ({
      list: list.map((entry) =>
        entry.id === id ? { ...entry, state, ...(price === undefined ? {} : { price }) } : entry,
      ),
      result: undefined,
    }));
  }

  async function announce(
    reminder: Reminder,
    kind: 'ending' | 'gone' | 'unchecked',
    listing?: AuctionListing,
  ) {
    const values = {
      item: reminder.item,
      seller: reminder.seller,
      price: formatNumber(listing?.price ?? reminder.price),
      minutes: formatNumber(Math.max(1, Math.round((reminder.endsAt - now()) / MINUTE_MS))),
    };
    const content =
      kind === 'ending'
        ? { title: t('reminders.endingTitle'), message: t('reminders.ending', values) }
        : kind === 'gone'
          ? { title: t('reminders.goneTitle'), message: t('reminders.gone', values) }
          : { title: t('reminders.uncheckedTitle'), message: t('reminders.unchecked', values) };
    await deps.display.show(notificationIdOf(REMINDER_NOTIFICATION, String(reminder.id)), content);
  }

  /** The one confirming request: the seller's listings, looking for this one's id. */
  async function confirm(reminder: Reminder): Promise<'found' | 'gone' | 'paused' | 'unchecked'> {
    const reply = await deps.gateway.auctionSearch({
      item: reminder.seller,
      sort: 'oldest',
      limit: AUCTION_LIMIT_MAX,
      fresh: true,
    });
    if (!reply.ok) return reply.error.kind === 'rate-limited' ? 'paused' : 'unchecked';
    const listing = reply.data.results.find((entry) => entry.id === reminder.id);
    if (listing) {
      await setState(reminder.id, 'reminded', listing.price);
      await announce(reminder, 'ending', listing);
      return 'found';
    }
    // Not among a cut list: it may be further down; say it could not be checked, not "gone".
    if (reply.data.total_matching > reply.data.results.length) return 'unchecked';
    return 'gone';
  }

  /** Reminders being handled now: an alarm rung twice (a restart, a test) sends one request. */
  const firing = new Set<number>();

  async function fire(id: number): Promise<void> {
    if (firing.has(id)) return;
    firing.add(id);
    try {
      await fireOnce(id);
    } finally {
      firing.delete(id);
    }
  }

  async function fireOnce(id: number): Promise<void> {
    const reminder = (await read()).find((entry) => entry.id === id);
    // Removed, or ended (read prunes it): the pruned list is written, nothing is announced.
    if (!reminder) return change((list) => ({ list, result: undefined }));
    const minutes = await deps.minutes();
    const step = reminderStep(reminder, now(), minutes, deps.gateway.rateLimitSecondsLeft());
    if (step.do === 'drop') {
      await change((list) => ({ list: list.filter((entry) => entry.id !== id), result: undefined }));
      return;
    }
    if (step.do === 'nothing') return;
    if (step.do === 'wait') {
      await deps.alarms.create(alarmName(id), { when: step.at });
      return;
    }
    const outcome = step.do === 'check' ? await confirm(reminder) : 'unchecked';
    if (outcome === 'found') return;
    if (outcome === 'paused') {
      // A 429 met by this very request: wait for the pause like any other due reminder.
      const next = reminderStep(reminder, now(), minutes, deps.gateway.rateLimitSecondsLeft());
      if (next.do === 'wait') {
        await deps.alarms.create(alarmName(id), { when: next.at });
        return;
      }
    }
    const state = outcome === 'gone' ? 'gone' : 'unchecked';
    await setState(id, state);
    await announce(reminder, state === 'gone' ? 'gone' : 'unchecked');
  }

  const reminders: Reminders = {
    handlers: {
      reminders: async () => ({ reminders: await read(), max: REMINDERS_MAX }),
      'set-reminder': async ({ id, item, seller, price, secondsLeft, on }) => {
        const minutes = await deps.minutes();
        if (!on) {
          await change((list) => ({ list: list.filter((entry) => entry.id !== id), result: undefined }));
          await deps.alarms.clear(alarmName(id));
          return { ok: true as const };
        }
        const reminder: Reminder = {
          id,
          item,
          seller,
          price,
          endsAt: now() + secondsLeft * 1000,
          state: 'waiting',
        };
        const added = await change((list) => {
          const others = list.filter((entry) => entry.id !== id);
          if (others.length >= REMINDERS_MAX) return { list, result: false };
          return { list: [...others, reminder], result: true };
        });
        if (!added) return { ok: false as const, message: t('reminders.full', { max: REMINDERS_MAX }) };
        await arm(reminder, minutes);
        return { ok: true as const };
      },
    },

    async restore() {
      const minutes = await deps.minutes();
      const list = await change((kept) => ({ list: kept, result: kept }));
      // One failing alarm does not keep the others from being armed.
      await Promise.allSettled(list.map((reminder) => arm(reminder, minutes)));
    },

    async handleAlarm(alarm) {
      if (!alarm.name.startsWith(REMINDER_ALARM)) return;
      const id = Number(alarm.name.slice(REMINDER_ALARM.length));
      if (Number.isSafeInteger(id)) await fire(id);
    },

    clicks: {
      async clicked(key) {
        const reminder = (await read()).find((entry) => String(entry.id) === key);
        if (reminder) await deps.openSearch(reminder.seller);
      },
    },
  };
  return reminders;
}

/** The alarm listener and a new N re-arming every reminder: synchronously, first turn. */
export function startReminders(reminders: Reminders, failed: (error: unknown) => void): void {
  browser.alarms.onAlarm.addListener((alarm) => {
    reminders.handleAlarm(alarm).catch(failed);
  });
  browser.storage.onChanged.addListener((changes, area) => {
    if (area === 'local' && Object.hasOwn(changes, SETTINGS_STORAGE_KEY)) reminders.restore().catch(failed);
  });
  reminders.restore().catch(failed);
}

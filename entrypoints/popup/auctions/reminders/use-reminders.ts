import { useCallback, useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { AuctionListing } from '@/utils/api/schemas';
import { askBackground } from '@/utils/ask-background';
import { t } from '@/utils/i18n/translate';
import type { Reminder } from '@/utils/reminders/reminder';
import { REMINDER_TEXT_MAX, REMINDERS_KEY } from '@/utils/reminders/reminder-limits';
import { listingName } from '@/utils/saved-searches/alert-text';
import { askForNotifications } from '../saved/notification-permission';

/** What Remind me sends: a listing as the Auctions tab shows it. */
export interface RemindListing {
  id: number;
  item: string;
  seller: string;
  price: number;
  secondsLeft: number;
}

export interface RemindersState {
  /** The reminders, as the background keeps them (empty until read). */
  list: readonly Reminder[];
  /** Why the last Remind me was refused (full, not saved), or null. */
  note: string | null;
  toggle: (listing: RemindListing, on: boolean) => void;
}

/**
 * The reminders the background keeps (`reminders` message), read again whenever it writes them
 * (storage.onChanged: a reminder shown, gone or pruned while the popup is open), and Remind me.
 */
export function useReminders(): RemindersState {
  const [list, setList] = useState<readonly Reminder[]>([]);
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const load = () =>
      askBackground({ type: 'reminders' }).then(
        (reply) => live && setList(reply.reminders),
        () => undefined,
      );
    const changed = (changes: Record<string, unknown>, area: string) => {
      if (area === 'local' && Object.hasOwn(changes, REMINDERS_KEY)) void load();
    };
    void load();
    browser.storage.onChanged.addListener(changed);
    return () => {
      live = false;
      browser.storage.onChanged.removeListener(changed);
    };
  }, []);

  const toggle = useCallback((listing: RemindListing, on: boolean) => {
    // Asked in the click itself (a user gesture); the reminder is kept whatever the answer.
    if (on) void askForNotifications();
    setNote(null);
    void askBackground({ type: 'set-reminder', ...listing, on })
      .catch(() => ({ ok: false as const, message: t('reminders.failed') }))
      .then((reply) => {
        if (!reply.ok) setNote(reply.message);
      });
  }, []);

  return { list, note, toggle };
}

/** Remind me from a listing row: the listing as shown, its time left from now. */
export function remindFrom(
  toggle: RemindersState['toggle'],
): (entry: { listing: AuctionListing; secondsLeft: number }, on: boolean) => void {
  return ({ listing, secondsLeft }, on) =>
    toggle(
      {
        id: listing.id,
        // A hostile answer's very long name is cut to what a reminder keeps, not refused.
        item: listingName(listing).slice(0, REMINDER_TEXT_MAX),
        seller: listing.seller,
        price: listing.price,
        secondsLeft,
      },
      on,
    );
}

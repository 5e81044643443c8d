import { WATCH_STATUS_KEY } from '../../utils/storage-keys';

/**
 * The signal that a watched player was checked again while their hover card is open: the
 * background writes each check into the statuses (`storage.local`, utils/watchlist/status.ts)
 * with its time, after the answer's snapshot was queued for the history, and answers
 * `hover-progress` only once that write settled. No message of its own and no request to the API:
 * the card listens to the storage change every check makes anyway.
 */

type Changes = Record<string, { oldValue?: unknown; newValue?: unknown }>;
type Listener = (changes: Changes, area: string) => void;

interface StorageEvents {
  onChanged: { addListener(listener: Listener): void; removeListener(listener: Listener): void };
}

const checkedAt = (statuses: unknown, uuid: string): unknown =>
  (statuses as Record<string, { checkedAt?: unknown } | undefined> | undefined)?.[uuid]?.checkedAt;

/** Whether a storage change is a new check of the player (statuses are keyed by lower-case UUID). */
export function playerChecked(changes: Changes, area: string, uuid: string): boolean {
  const change = changes[WATCH_STATUS_KEY];
  const key = uuid.toLowerCase();
  return (
    area === 'local' &&
    change !== undefined &&
    checkedAt(change.newValue, key) !== checkedAt(change.oldValue, key)
  );
}

/**
 * `chrome.storage`, which Firefox's content scripts have too (its events are the same as
 * `browser.storage`'s); none outside an extension. Not named `storage` anywhere here:
 * WXT would auto-import its own storage module (3 kB) for that name.
 */
const scope = globalThis as unknown as { chrome?: { storage?: StorageEvents } };

/** Calls `then` at each new check of the player; returns the unsubscribe. */
export function onPlayerChecked(uuid: string, then: () => void, events = scope.chrome?.storage): () => void {
  const listener: Listener = (changes, area) => {
    if (playerChecked(changes, area, uuid)) then();
  };
  events?.onChanged.addListener(listener);
  return () => events?.onChanged.removeListener(listener);
}

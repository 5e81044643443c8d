import type { StreamId } from '@/utils/scheduler/stream-ids';
import { type Settings, sanitizeSettings, settingsItem } from '@/utils/settings';
import { createSignal, type Signal } from '@/utils/signal';

/**
 * What one background feature tells the others without holding them: the features are built in
 * an order (the badge reads the watchlist, the scheduler runs every stream), and these signals
 * carry the news the other way, so the composition root (start-background.ts) needs no placeholder.
 */
export interface BackgroundEvents {
  /** What the badge shows may have changed (a watched player, the list, the settings). */
  badgeStale: Signal<void>;
  /** A stream's demand may have changed: it may want a slot now. */
  wake: Signal<StreamId>;
}

export function createBackgroundEvents(): BackgroundEvents {
  return { badgeStale: createSignal(), wake: createSignal<StreamId>() };
}

/** Logs a failure of background work no one waits for. */
export const warn =
  (what: string) =>
  (error: unknown): void =>
    console.warn(`Network Companion: ${what} failed`, error);

/** Calls `listener` when any of `fields` of the settings changed (compared by value). */
export function watchSettings(fields: readonly (keyof Settings)[], listener: () => void): void {
  settingsItem.watch((nextRaw, previousRaw) => {
    const next = sanitizeSettings(nextRaw);
    const previous = sanitizeSettings(previousRaw);
    if (fields.some((field) => JSON.stringify(next[field]) !== JSON.stringify(previous[field]))) listener();
  });
}

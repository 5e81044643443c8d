import { browser } from 'wxt/browser';

/**
 * The badge's last online count, as the background keeps it in `storage.session` (the badge
 * poller's state, entrypoints/background/badge/poller.ts). The popup shows it the moment it
 * opens, while it asks for a fresh one: the number the badge already shows, never older than
 * one badge interval. Checked by hand: the popup reads it before zod loads.
 */
export const BADGE_STATE_KEY = 'badge:poller';

export interface LastCount {
  online: number;
  /** When the API gave it (ms epoch). */
  fetchedAt: number;
}

/** The `last` field of the poller's stored state, if it is a count. */
export function lastCountIn(state: unknown): LastCount | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const last = (state as { last?: unknown }).last;
  if (typeof last !== 'object' || last === null) return undefined;
  const { online, fetchedAt } = last as Record<string, unknown>;
  if (typeof online !== 'number' || !Number.isInteger(online) || online < 0) return undefined;
  if (typeof fetchedAt !== 'number' || !Number.isFinite(fetchedAt)) return undefined;
  return { online, fetchedAt };
}

/** Undefined when there is none, or no `storage.session` to keep it in. */
export async function readLastCount(): Promise<LastCount | undefined> {
  try {
    const stored = await browser.storage.session?.get(BADGE_STATE_KEY);
    return lastCountIn(stored?.[BADGE_STATE_KEY]);
  } catch {
    return undefined;
  }
}

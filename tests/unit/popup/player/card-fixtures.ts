import { cleanup } from '@testing-library/preact';
import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { cardSectionsReady } from '@/entrypoints/popup/player/lazy-sections';
import type { Player } from '@/utils/api/schemas';
import { MINUTE_MS } from '@/utils/history/history-limits';
import { pageHistoryStore } from '@/utils/history/page-history';
import { freshIndexedDb, player } from '../../utils/history/history-fixtures';

/** The card tests' player (history-fixtures' Notch): came online 80 min ago. */
export const started = Date.now() - 80 * MINUTE_MS;
/** Notch as the answer names them now: online, 16 kills, 1,400 balance, stats possibly lagging. */
export const online = player({ online: true, balance: 1400, stats_may_lag: true }, { kills: 16 });
/** Notch offline, 30 min before `started`: the snapshot before the session. */
export const beforeSession: [Player, number] = [
  player({ online: false, balance: 1000 }, { kills: 10 }),
  started - 30 * MINUTE_MS,
];
/** A session in three snapshots: offline before it, online at `started`, then +6 kills and +400 balance. */
export const sessionSnapshots: Array<[Player, number]> = [
  beforeSession,
  [player({ online: true, balance: 1000, stats_may_lag: true }, { kills: 10 }), started],
  [online, started + MINUTE_MS],
];

/**
 * A fresh history database holding `snapshots` (player, time), and the card's sections chunk
 * with its charts loaded, as the popup has them while the tab waits for its first look-up.
 */
export async function recordCardHistory(snapshots: Array<[Player, number]>): Promise<void> {
  freshIndexedDb();
  const store = pageHistoryStore();
  const written = snapshots.map(([snapshot, time]) => store.recordPlayer(snapshot, time));
  await store.flush();
  await Promise.all(written);
  await (await cardSectionsReady()).preloadStatCharts();
}

/** After each card test: unmounted, storage empty, spies restored. */
export function resetCardTest(): void {
  cleanup();
  fakeBrowser.reset();
  vi.restoreAllMocks();
}

import { browser } from 'wxt/browser';
import type { MessageHandlers } from '@/utils/messages';
import { BADGE_STREAM, WATCHLIST_STREAM } from '@/utils/scheduler/stream-ids';
import { apiKeyItem } from '@/utils/settings';
import { type BackgroundEvents, warn, watchSettings } from '../background-events';
import type { BadgePoller } from '../badge/poller';
import type { HistoryRecorder } from '../history/history-recorder';
import { connectionStatus, saveConnection } from './connection-requests';
import type { Gateway } from './gateway';

/**
 * The connection (base URL and API key): its messages (connection-status, save-connection) and
 * what follows a change of either (the gateway's cache cleared), plus the first install's
 * Options page when no key is set.
 */

export interface ConnectionDeps {
  gateway: Gateway;
  badge: Pick<BadgePoller, 'connectionChecked'>;
  history: Pick<HistoryRecorder, 'settled'> | undefined;
  events: BackgroundEvents;
  now: () => number;
}

export function connectionHandlers(
  deps: ConnectionDeps,
): Pick<MessageHandlers, 'connection-status' | 'save-connection'> {
  const { gateway, events } = deps;
  return {
    'connection-status': () => connectionStatus(),
    'save-connection': async (request) => {
      const savedAt = deps.now();
      const reply = await saveConnection(request, {
        gateway,
        onSaved: () => {
          events.badgeStale.emit();
          events.wake.emit(WATCHLIST_STREAM);
        },
      });
      // The check's own answer says what the badge shows, now; otherwise the badge's next slot does.
      const shown = await deps.badge.connectionChecked(reply, savedAt).catch((error: unknown) => {
        warn('the badge')(error);
        return false;
      });
      if (!shown && !(!reply.ok && reply.error.kind === 'invalid-input')) events.wake.emit(BADGE_STREAM);
      // Answered once the count it fetched is in the history: the popup may open its chart next.
      await deps.history?.settled();
      return reply;
    },
  };
}

async function openOptionsOnFirstInstall(): Promise<void> {
  const key = await apiKeyItem.getValue();
  if (typeof key === 'string' && key.trim() !== '') return;
  await browser.runtime.openOptionsPage();
}

/** Listeners: synchronously, in the worker's first turn (start-background.ts). */
export function startConnection(gateway: Pick<Gateway, 'clearCache'>): void {
  browser.runtime.onInstalled.addListener((details) => {
    if (details.reason === 'install') openOptionsOnFirstInstall().catch(warn('opening the options'));
  });
  watchSettings(['apiBaseUrl'], () => {
    gateway.clearCache().catch(warn('clearing the cache'));
  });
  // Only save-connection writes the key, and it brings the badge up to date itself.
  apiKeyItem.watch(() => {
    gateway.clearCache().catch(warn('clearing the cache'));
  });
}

import { browser } from 'wxt/browser';
import type { MessageHandlers } from '@/utils/messages';
import { getRecentPlayers } from '@/utils/recent-players';
import { getSettings } from '@/utils/settings';
import { warn, watchSettings } from '../background-events';
import { createForumRegistrar } from '../forum-registration';
import { openPlayerView } from './open-player-view';
import { registerLookups } from './register-lookups';

/**
 * The look-up surfaces: the context menu, the omnibox, and the forums' hover cards (their content
 * scripts registered for the sites granted; the card's UI injected on demand).
 */

export function lookupHandlers(): Pick<MessageHandlers, 'open-player-view' | 'hover-card-ui'> {
  return {
    // The popup page with `?player=NAME`, in a tab next to the sender's.
    'open-player-view': (request, sender) => openPlayerView(request.name, { opener: sender.tab }),
    // The hover card's UI script, into the sender's frame.
    'hover-card-ui': async (_, sender) => {
      const tabId = sender.tab?.id;
      if (tabId === undefined) return { ok: false };
      await browser.scripting.executeScript({
        target: { tabId, frameIds: [sender.frameId ?? 0] },
        files: ['/hover-card.js'],
      });
      return { ok: true };
    },
  };
}

/** Listeners: synchronously, in the worker's first turn (start-background.ts). */
export function startLookups(): void {
  const forums = createForumRegistrar(async () => (await getSettings()).forumSites);
  const reconcile = () => {
    forums.reconcile().catch(warn('forum registration'));
  };
  browser.runtime.onInstalled.addListener(reconcile);
  browser.runtime.onStartup.addListener(reconcile);
  browser.permissions.onAdded.addListener(reconcile);
  browser.permissions.onRemoved.addListener(reconcile);
  watchSettings(['forumSites'], reconcile);
  registerLookups({ names: getRecentPlayers, warn });
}

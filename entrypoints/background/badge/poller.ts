import { z } from 'zod/mini';
import type { PlayersCount } from '@/utils/api/schemas';
import { createExclusive } from '@/utils/exclusive';
import type { OnlineCountRow } from '@/utils/history/history-rows';
import { BADGE_STATE_KEY } from '@/utils/last-count';
import { COUNT_REUSE_MS, COUNT_SHARE_MS } from '@/utils/limits';
import type { Reply } from '@/utils/messages';
import { backoffMs } from '@/utils/scheduler/backoff';
import {
  COUNT_MODEL_REFRESH_MS,
  COUNT_MODEL_SPAN_MS,
  type CountModel,
  countModel,
  RECENT_SLOPE_MS,
  withRecentSlope,
} from '@/utils/scheduler/count-pace';
import { badgePaceDemand } from '@/utils/scheduler/news';
import { BADGE_STREAM, badgeDemand } from '@/utils/scheduler/stream-ids';
import type { Settings } from '@/utils/settings';
import { readParsed } from '@/utils/storage/read-parsed';
import type { Gateway } from '../gateway/gateway';
import type { SessionStore } from '../gateway/session-store';
import type { Stream, StreamResult } from '../scheduler/streams';
import { type BadgeState, badgeLook, failureKind, type LastCount } from './badge-states';

/**
 * The online count on the toolbar badge, as one stream of the background scheduler
 * (entrypoints/background/scheduler/): the scheduler decides when the count is asked for, within
 * the "Background requests per hour" budget, on its one alarm; this file decides what is asked
 * and what the badge shows.
 *
 * - The stream wants a count while the badge is on and a connection is saved; otherwise nothing
 *   (no request, no alarm for it). At a fixed pace, one per badge interval; in Automatic, when
 *   the recorded history says the count has likely moved since its last reading (a popup's
 *   too): utils/scheduler/count-pace.ts. The badge shows only counts read, never a prediction.
 * - Failures back off in the scheduler; the tooltip says when the next try is due.
 * - Rate limited: the scheduler holds every stream until the end of the pause; the badge keeps
 *   the last count, greyed.
 * - The popup's count (`poll('popup')`) is a user request: asked at once, outside the budget,
 *   and shown on the badge too; a count younger than COUNT_REUSE_MS is given as it is.
 * - A saved connection's check answers for the badge at once (`connectionChecked`).
 * - Saving a connection sends one count, not two: its check shares the count of a slot already
 *   asking, and the slot it woke, if within COUNT_SHARE_MS, shares the check's count.
 */

export { BADGE_STREAM };
/** Its state in storage.session; the popup reads the last count from it (utils/last-count.ts). */
export const POLLER_STATE_KEY = BADGE_STATE_KEY;

export interface BadgeAction {
  setBadgeText(details: { text: string }): Promise<void>;
  setBadgeBackgroundColor(details: { color: string }): Promise<void>;
  setBadgeTextColor?(details: { color: string }): Promise<void>;
  setTitle(details: { title: string }): Promise<void>;
}

export interface PollerDeps {
  gateway: Pick<Gateway, 'playersCount'>;
  getSettings: () => Promise<Settings>;
  /** Whether a base URL and a key are saved (nothing can be asked without them). */
  isConfigured: () => Promise<boolean>;
  store: SessionStore;
  /** `browser.action ?? browser.browserAction`; undefined in a browser with neither. */
  action: BadgeAction | undefined;
  now?: () => number;
  /**
   * For the badge mode "watched players online" (Options, "Badge shows"): how many watched
   * players are online and how many are watched, as last checked. Without it, that mode shows 0.
   */
  watchedOnline?: () => Promise<{ online: number; watched: number }>;
  /**
   * The recorded online counts with `from <= time <= to` (the history database), for the
   * Automatic pace; without it (no IndexedDB) Automatic paces like the fixed interval.
   */
  countHistory?: (from: number, to: number) => Promise<OnlineCountRow[]>;
}

export interface BadgePoller {
  /** The scheduler's stream: one count per badge interval while the badge is on. */
  readonly stream: Stream<typeof BADGE_STREAM>;
  /**
   * The popup's count: the last one when younger than COUNT_REUSE_MS (no request: the badge asked
   * seconds ago), otherwise asked now, outside the budget, and shown on the badge when it is on.
   */
  poll(reason: 'popup'): Promise<Reply<PlayersCount>>;
  /**
   * A connection was saved and checked (options' save-connection): the badge shows what that
   * answer says at once rather than at the next slot. The key refused: KEY; the pair works: a
   * count is asked now (the user's request, outside the budget), so the badge and the history
   * have it (a count already fetched since `savedAt`, by the scheduler's slot the save asked for,
   * is shown instead of asking twice). Resolves true when the badge was brought up to date, false
   * when that answer says nothing for it (the scheduler's next slot will).
   */
  connectionChecked(reply: Reply<unknown>, savedAt?: number): Promise<boolean>;
  /**
   * Show what needs no request: an empty badge when it is off, SET when no connection is saved,
   * the watched players online in that mode. Called at start-up, when settings change and when
   * a watched player's status does.
   */
  refresh(): Promise<void>;
}

const PollerStateSchema = z.object({
  last: z.optional(z.object({ online: z.number(), fetchedAt: z.number() })),
  failures: z._default(z.int().check(z.gte(0)), 0),
  lastFetchAt: z._default(z.number(), 0),
});
type PollerState = z.infer<typeof PollerStateSchema>;

export function createBadgePoller(deps: PollerDeps): BadgePoller {
  const { gateway, getSettings, store, action } = deps;
  const now = deps.now ?? Date.now;

  const readPollerState = (): Promise<PollerState> =>
    readParsed(store, POLLER_STATE_KEY, PollerStateSchema, { failures: 0, lastFetchAt: 0 });

  /** Badge updates run one at a time, so two answers never race for the same state. */
  const exclusive = createExclusive();

  async function show(badge: BadgeState): Promise<void> {
    if (!action) return;
    const look = badgeLook(badge);
    try {
      await Promise.all([
        action.setBadgeText({ text: look.text }),
        action.setBadgeBackgroundColor({ color: look.color }),
        action.setBadgeTextColor?.({ color: look.textColor }),
        action.setTitle({ title: look.title }),
      ]);
    } catch (error) {
      console.warn('Network Companion: could not update the badge', error);
    }
  }

  /** What the reply means for the badge and the stored state. */
  async function outcome(
    reply: Reply<PlayersCount>,
    state: PollerState,
    intervalMs: number,
  ): Promise<{ badge: BadgeState; state: PollerState }> {
    const at = now();
    if (reply.ok) {
      const last: LastCount = { online: reply.data.online, fetchedAt: reply.fetchedAt };
      return { badge: { kind: 'count', count: last }, state: { ...state, last, failures: 0 } };
    }
    const kind = failureKind(reply.error);
    if (kind === 'not-configured') return { badge: { kind }, state: { ...state, failures: 0 } };
    if (kind === 'rate-limited') {
      const seconds = reply.error.kind === 'rate-limited' ? reply.error.retryAfterSeconds : 0;
      return { badge: { kind, last: state.last, retryAt: at + seconds * 1000 }, state };
    }
    const failures = state.failures + 1;
    return {
      badge: { kind, retryAt: at + backoffMs(intervalMs, failures) },
      state: { ...state, failures },
    };
  }

  /** A count asked; `forNextSlot` while it may stand in for the next slot (the save's, once). */
  type Fetch = {
    at: number;
    reply: Promise<Reply<PlayersCount>>;
    shown: Promise<void>;
    forNextSlot: boolean;
  };
  /** This worker's last count asked: a slot or a saved connection just after it shares it. */
  let latest: Fetch | undefined;

  /**
   * Ask for the count; `reply` resolves as soon as it arrives (the popup is waiting for the
   * number), `shown` once the badge shows it (on the badge only when it is on).
   */
  function fetchAndShow(forNextSlot = false): Fetch {
    const at = now();
    const reply = (async () => {
      const before = await readPollerState();
      await store.set({ [POLLER_STATE_KEY]: { ...before, lastFetchAt: now() } });
      return gateway.playersCount();
    })();
    const shown = reply.then((answer) =>
      exclusive(async () => {
        const settings = await getSettings();
        const state = await readPollerState();
        const result = await outcome(answer, state, settings.badgeIntervalSeconds * 1000);
        await store.set({ [POLLER_STATE_KEY]: result.state });
        // The popup asked while the badge is off (or shows watched players): it gets its count,
        // the badge stays as it is.
        if (settings.badgeEnabled && settings.badgeShows === 'online-count') await show(result.badge);
      }),
    );
    latest = { at, reply, shown, forNextSlot };
    return latest;
  }

  /**
   * Shows the count asked since `since` in this worker once it came; false when none did or it
   * failed. For a slot, only the save's count may stand in, and only once.
   */
  async function sharedSince(since: number, forSlot: boolean): Promise<boolean> {
    const asked = latest;
    if (asked === undefined || asked.at < since || (forSlot && !asked.forNextSlot)) return false;
    if (forSlot) asked.forNextSlot = false;
    if (!(await asked.reply).ok) return false;
    await asked.shown;
    return true;
  }

  function asResult(reply: Reply<PlayersCount>): StreamResult {
    return reply.ok ? { ok: true } : { ok: false, failure: reply.error.kind };
  }

  async function refreshNow(): Promise<void> {
    const settings = await getSettings();
    if (!settings.badgeEnabled) {
      await show({ kind: 'disabled' });
      return;
    }
    if (!(await deps.isConfigured())) {
      await show({ kind: 'not-configured' });
      return;
    }
    if (settings.badgeShows === 'watched-online') {
      const counts = (await deps.watchedOnline?.()) ?? { online: 0, watched: 0 };
      await show({ kind: 'watched', ...counts });
      return;
    }
    const state = await readPollerState();
    if (state.last && state.failures === 0) await show({ kind: 'count', count: state.last });
  }

  const refresh = () => exclusive(refreshNow);

  /** The day's shape and the noise, rebuilt at most every COUNT_MODEL_REFRESH_MS in this worker. */
  let shape: { model: CountModel; builtAt: number } | undefined;

  /** The Automatic pace's model now; undefined (the fixed pace) when the history cannot be read. */
  async function currentModel(at: number): Promise<CountModel | undefined> {
    const history = deps.countHistory;
    if (history === undefined) return undefined;
    try {
      if (shape === undefined || Math.abs(at - shape.builtAt) >= COUNT_MODEL_REFRESH_MS)
        shape = { model: countModel(await history(at - COUNT_MODEL_SPAN_MS, at), at), builtAt: at };
      return withRecentSlope(shape.model, await history(at - RECENT_SLOPE_MS, at), at);
    } catch (error) {
      console.warn('Network Companion: the online history could not be read for the badge', error);
      return undefined;
    }
  }

  return {
    stream: {
      id: BADGE_STREAM,
      async demand() {
        const settings = await getSettings();
        if (badgeDemand(settings) === null) return null;
        const configured = await deps.isConfigured();
        if (settings.badgePace !== 'automatic' || !configured) return badgeDemand(settings, configured);
        const { last } = await readPollerState();
        if (last === undefined) return badgeDemand(settings);
        // Until the history has taught a usable model, the fixed pace, counted from the last slot.
        const reading = { count: last.online, at: last.fetchedAt };
        return badgePaceDemand(settings, true, await currentModel(now()), reading, now());
      },
      async run() {
        if (await sharedSince(now() - COUNT_SHARE_MS, true)) return { ok: true };
        const { reply, shown } = fetchAndShow();
        await shown;
        return asResult(await reply);
      },
    },
    poll: async () => {
      const state = await readPollerState();
      const age = state.last ? now() - state.last.fetchedAt : Number.POSITIVE_INFINITY;
      if (state.last && state.failures === 0 && age >= 0 && age < COUNT_REUSE_MS) {
        return { ok: true, data: { online: state.last.online }, fetchedAt: state.last.fetchedAt };
      }
      const { reply, shown } = fetchAndShow();
      shown.catch((error: unknown) => console.warn('Network Companion: could not update the badge', error));
      return reply;
    },
    async connectionChecked(reply, savedAt = Number.POSITIVE_INFINITY) {
      if (reply.ok) {
        const { last, failures } = await readPollerState();
        if (last && failures === 0 && last.fetchedAt >= savedAt) await refresh();
        // The slot the save woke may have asked already, its answer not yet written: share it.
        else if (!(await sharedSince(savedAt, false))) await fetchAndShow(true).shown;
        return true;
      }
      if (reply.error.kind !== 'unauthorized') return false;
      const refused = reply.error;
      await exclusive(async () => {
        const settings = await getSettings();
        const result = await outcome(
          { ok: false, error: refused },
          await readPollerState(),
          settings.badgeIntervalSeconds * 1000,
        );
        await store.set({ [POLLER_STATE_KEY]: result.state });
        if (settings.badgeEnabled && settings.badgeShows === 'online-count') await show(result.badge);
      });
      return true;
    },
    refresh,
  };
}

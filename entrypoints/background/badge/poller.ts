import { z } from 'zod/mini';
import type { PlayersCount } from '../../../utils/api/schemas';
import { BADGE_STATE_KEY } from '../../../utils/last-count';
import { MIN_ALARM_DELAY_MS } from '../../../utils/limits';
import type { Reply } from '../../../utils/messages';
import type { Settings } from '../../../utils/settings';
import type { Gateway } from '../gateway/gateway';
import type { SessionStore } from '../gateway/session-store';
import { type BadgeState, badgeLook, failureKind, type LastCount } from './badge-states';

/**
 * The online count on the toolbar badge. Polls `/api/players/count` (through the gateway)
 * when the worker starts, when settings are saved, when the popup opens, and on a one-shot
 * alarm re-armed after every poll (never setInterval: a stopped worker has no timers).
 *
 * - Re-arming after every poll, whatever started it, keeps the promise "at most one count
 *   request per interval" while idle: a popup poll pushes the next alarm back a full interval.
 * - Failures back off: the interval, then doubled per further failure, up to 5 minutes (or
 *   the interval, when that is longer); a success goes back to the interval.
 * - Rate limited: the next poll waits for the end of the pause (and at least the interval).
 * - No request while no key is set or the badge is off (unless the popup asks for the count).
 */

export const BADGE_ALARM = 'badge-poll';
export const MAX_BACKOFF_MS = 5 * 60_000;
/** Settings and the key are written together when a connection is saved: one poll for all of it. */
export const SETTLE_MS = 300;
/** Its state in storage.session; the popup reads the last count from it (utils/last-count.ts). */
export const POLLER_STATE_KEY = BADGE_STATE_KEY;

export type PollReason = 'startup' | 'alarm' | 'settings' | 'connection' | 'popup';

export interface BadgeAction {
  setBadgeText(details: { text: string }): Promise<void>;
  setBadgeBackgroundColor(details: { color: string }): Promise<void>;
  setBadgeTextColor?(details: { color: string }): Promise<void>;
  setTitle(details: { title: string }): Promise<void>;
}

export interface PollerAlarms {
  create(name: string, info: { delayInMinutes: number }): Promise<void> | void;
  clear(name: string): Promise<boolean>;
  get(name: string): Promise<{ name: string } | undefined>;
}

export interface PollerDeps {
  gateway: Pick<Gateway, 'playersCount'>;
  getSettings: () => Promise<Settings>;
  store: SessionStore;
  alarms: PollerAlarms;
  /** `browser.action ?? browser.browserAction`; undefined in a browser with neither. */
  action: BadgeAction | undefined;
  now?: () => number;
}

export interface BadgePoller {
  /** The worker started: poll, unless an alarm is already set to do it. */
  start(): Promise<void>;
  /**
   * Poll now. Resolves with the count reply, or undefined when no request was due. For an
   * alarm, `scheduledTime` is when that alarm was due.
   */
  poll(reason: PollReason, scheduledTime?: number): Promise<Reply<PlayersCount> | undefined>;
  /** The popup's poll: resolves with the count as soon as it arrives; the badge is updated after. */
  pollForPopup(): Promise<Reply<PlayersCount> | undefined>;
  /** Poll SETTLE_MS after the last of a burst of calls: once for the whole burst. */
  requestPoll(reason: PollReason): Promise<void>;
  handleAlarm(alarm: { name: string; scheduledTime?: number }): Promise<void>;
  /** Resolves once no poll is requested, queued or running. */
  settled(): Promise<void>;
}

const PollerStateSchema = z.object({
  last: z.optional(z.object({ online: z.number(), fetchedAt: z.number() })),
  failures: z._default(z.int().check(z.gte(0)), 0),
  lastFetchAt: z._default(z.number(), 0),
});
type PollerState = z.infer<typeof PollerStateSchema>;

/** The delay before the next poll after `failures` failures in a row (1 or more). */
export function backoffDelayMs(intervalMs: number, failures: number): number {
  const cap = Math.max(intervalMs, MAX_BACKOFF_MS);
  return Math.min(intervalMs * 2 ** Math.max(0, failures - 1), cap);
}

export function createBadgePoller(deps: PollerDeps): BadgePoller {
  const { gateway, getSettings, store, alarms, action } = deps;
  const now = deps.now ?? Date.now;

  let state: PollerState = { failures: 0, lastFetchAt: 0 };
  const stateReady = store.get(POLLER_STATE_KEY).then((raw) => {
    const parsed = PollerStateSchema.safeParse(raw);
    if (parsed.success) state = parsed.data;
  });
  async function saveState(next: PollerState): Promise<void> {
    state = next;
    await store.set({ [POLLER_STATE_KEY]: next });
  }

  /** Polls run one at a time, so two triggers never race for the same state. */
  let queue: Promise<unknown> = Promise.resolve();
  function exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  }

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

  async function arm(delayMs: number): Promise<void> {
    await alarms.create(BADGE_ALARM, { delayInMinutes: Math.max(delayMs, MIN_ALARM_DELAY_MS) / 60_000 });
  }

  /** What the reply means for the badge, and when to poll next (undefined: not until something changes). */
  function outcome(
    reply: Reply<PlayersCount>,
    intervalMs: number,
  ): { badge: BadgeState; next: number | undefined; state: PollerState } {
    const at = now();
    if (reply.ok) {
      const last: LastCount = { online: reply.data.online, fetchedAt: reply.fetchedAt };
      return {
        badge: { kind: 'count', count: last },
        next: intervalMs,
        state: { ...state, last, failures: 0 },
      };
    }
    const kind = failureKind(reply.error);
    if (kind === 'not-configured') {
      return { badge: { kind }, next: undefined, state: { ...state, failures: 0 } };
    }
    if (kind === 'rate-limited') {
      const seconds = reply.error.kind === 'rate-limited' ? reply.error.retryAfterSeconds : 0;
      const next = Math.max(seconds * 1000, intervalMs);
      return { badge: { kind, last: state.last, retryAt: at + next }, next, state };
    }
    const failures = state.failures + 1;
    const next = backoffDelayMs(intervalMs, failures);
    return { badge: { kind, retryAt: at + next }, next, state: { ...state, failures } };
  }

  async function pollNow(
    reason: PollReason,
    scheduledTime: number | undefined,
    answer: (reply: Reply<PlayersCount>) => void,
  ): Promise<Reply<PlayersCount> | undefined> {
    await stateReady;
    const settings = await getSettings();
    const forPopup = reason === 'popup';
    if (!settings.badgeEnabled && !forPopup) {
      await alarms.clear(BADGE_ALARM);
      await show({ kind: 'disabled' });
      return undefined;
    }
    // An alarm is set: the worker was woken by something else, the badge still shows the last
    // state, and the alarm will poll. No alarm: a new browser session, an install, or this
    // very alarm woke the worker (it is gone once fired): poll now; the alarm's own poll then
    // finds a count fetched after it came due and makes no request.
    if (reason === 'startup' && (await alarms.get(BADGE_ALARM))) return undefined;
    // A count was fetched after this alarm came due: the alarm is left over. That happens when
    // the alarm wakes a stopped worker, whose start-up poll ran first.
    if (reason === 'alarm' && scheduledTime !== undefined && scheduledTime <= state.lastFetchAt) {
      if (!(await alarms.get(BADGE_ALARM))) await arm(settings.badgeIntervalSeconds * 1000);
      return undefined;
    }

    await saveState({ ...state, lastFetchAt: now() });
    // Armed before the request, as if it failed: a worker stopped while waiting for the answer
    // (MV3 may stop it at any time) still wakes up later and polls again. The answer re-arms it.
    if (settings.badgeEnabled) {
      await arm(backoffDelayMs(settings.badgeIntervalSeconds * 1000, state.failures + 1));
    }
    const reply = await gateway.playersCount();
    // The popup is waiting for this number; the badge and the alarm can follow.
    answer(reply);
    const result = outcome(reply, settings.badgeIntervalSeconds * 1000);
    await saveState(result.state);
    // The popup asked while the badge is off: it gets its count, the badge stays empty.
    if (!settings.badgeEnabled) return reply;
    await show(result.badge);
    if (result.next === undefined) await alarms.clear(BADGE_ALARM);
    else await arm(result.next);
    return reply;
  }

  const poll = (reason: PollReason, scheduledTime?: number) =>
    exclusive(() => pollNow(reason, scheduledTime, () => {}));
  const pollForPopup = () =>
    new Promise<Reply<PlayersCount> | undefined>((resolve, reject) => {
      exclusive(() => pollNow('popup', undefined, resolve)).then(resolve, reject);
    });

  /** The poll asked for by requestPoll(): every call within SETTLE_MS of the last one joins it. */
  let pending:
    | { promise: Promise<void>; resolve: () => void; timer?: ReturnType<typeof setTimeout> }
    | undefined;
  function requestPoll(reason: PollReason): Promise<void> {
    if (pending) clearTimeout(pending.timer);
    else {
      let resolve = () => {};
      const promise = new Promise<void>((done) => (resolve = done));
      pending = { promise, resolve };
    }
    const request = pending;
    request.timer = setTimeout(() => {
      pending = undefined;
      poll(reason).then(request.resolve, (error: unknown) => {
        console.warn('Network Companion: badge poll failed', error);
        request.resolve();
      });
    }, SETTLE_MS);
    return request.promise;
  }

  return {
    start: async () => {
      await poll('startup');
    },
    poll,
    pollForPopup,
    requestPoll,
    async handleAlarm(alarm) {
      if (alarm.name === BADGE_ALARM) await poll('alarm', alarm.scheduledTime);
    },
    async settled() {
      for (;;) {
        const queued = queue;
        if (pending) await pending.promise;
        await queued;
        if (!pending && queued === queue) return;
      }
    },
  };
}

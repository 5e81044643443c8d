import { browser } from 'wxt/browser';
import type { IdlePort, IdleState } from './scheduler-ports';

/**
 * `browser.idle` as the scheduler's IdlePort (the `idle` permission). A browser without it
 * (or a test's fake browser) counts as always active: the budget still holds.
 */

type IdleApi = {
  queryState(seconds: number): Promise<string>;
  setDetectionInterval(seconds: number): void;
  onStateChanged: { addListener(listener: (state: string) => void): void };
};

function idleApi(): IdleApi | undefined {
  return (browser as unknown as { idle?: IdleApi }).idle;
}

function asIdleState(state: string): IdleState {
  return state === 'idle' || state === 'locked' ? state : 'active';
}

export function browserIdle(): IdlePort {
  return {
    async queryState(seconds) {
      try {
        const api = idleApi();
        return api ? asIdleState(await api.queryState(seconds)) : 'active';
      } catch {
        return 'active';
      }
    },
    setDetectionInterval(seconds) {
      try {
        idleApi()?.setDetectionInterval(seconds);
      } catch {
        // Not implemented here: the browser's default interval applies.
      }
    },
  };
}

/** `idle.onStateChanged`, when there is one. */
export function watchIdle(listener: (state: IdleState) => void): void {
  try {
    idleApi()?.onStateChanged.addListener((state) => listener(asIdleState(state)));
  } catch {
    // No idle API: always active.
  }
}

import { storageAreaStore, type ValueStore } from '@/utils/storage-item';

/**
 * What the scheduler needs from the browser, injected so that tests and the bench drive it with
 * a simulated clock. `browser.alarms`, `browser.idle` and `storageAreaStore(browser.storage.local)`
 * fit these shapes.
 */

/** One-shot alarms at an absolute time (ms since the epoch): they outlive a stopped worker. */
export interface SchedulerAlarms {
  create(name: string, info: { when: number }): Promise<void> | void;
  clear(name: string): Promise<boolean>;
  get(name: string): Promise<{ name: string; scheduledTime: number } | undefined>;
}

export type IdleState = 'active' | 'idle' | 'locked';

/** `chrome.idle`: the scheduler listens through `handleIdleStateChange`, wired by the background. */
export interface IdlePort {
  queryState(detectionIntervalInSeconds: number): Promise<IdleState>;
  setDetectionInterval(intervalInSeconds: number): void;
}

/** Persistent key-value storage. A failed `set` must throw: no request is sent unless its slot is saved. */
export type SchedulerStore = ValueStore;

export { storageAreaStore };

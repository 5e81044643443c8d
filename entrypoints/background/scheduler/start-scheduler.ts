import { browser } from 'wxt/browser';
import type { StreamId } from '@/utils/scheduler/stream-ids';
import { type BackgroundEvents, warn } from '../background-events';
import { watchIdle } from './browser-idle';
import type { Scheduler } from './scheduler';

/** The scheduler's listeners (its alarm, the idle state, a stream woken): synchronously, first turn. */
export function startScheduler(scheduler: Scheduler<StreamId>, events: BackgroundEvents): void {
  const failed = warn('background requests');
  browser.alarms.onAlarm.addListener((alarm) => {
    scheduler.handleAlarm(alarm).catch(failed);
  });
  watchIdle((state) => {
    scheduler.handleIdleStateChange(state).catch(failed);
  });
  events.wake.listen((id) => {
    scheduler.requestSoon(id).catch(failed);
  });
}

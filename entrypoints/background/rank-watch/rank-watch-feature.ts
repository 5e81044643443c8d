import { type BackgroundEvents, watchSettings } from '../background-events';
import { RANK_WATCH_STREAM } from './rank-stream';

/**
 * Rank watch's listener (synchronously, first turn): turning it on or a new own name may want
 * the stream's first board now. A player watched wakes the watchlist, whose slot plans every
 * stream's demand again, this one's too.
 */
export function startRankWatch(events: BackgroundEvents): void {
  watchSettings(['rankWatch', 'ownName'], () => events.wake.emit(RANK_WATCH_STREAM));
}

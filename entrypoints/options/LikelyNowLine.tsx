import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { SchedulerCadence } from '../../utils/scheduler/cadence';
import { HABITS_KEY, readHabits } from '../../utils/scheduler/habits';
import { likelyNowText, likelyPlayers } from './likely-now';

/**
 * "Watched players who usually play at this hour: about every 4 min." (likely-now.ts), read from
 * the learned model in storage.local and kept current when it changes; nothing until read.
 */
export function LikelyNowLine(props: {
  cadence: SchedulerCadence | undefined;
  watched: number;
  now: number;
}) {
  const [likely, setLikely] = useState(0);
  useEffect(() => {
    let live = true;
    const read = () =>
      browser.storage.local.get(HABITS_KEY).then(
        (stored) => live && setLikely(likelyPlayers(readHabits(stored[HABITS_KEY]), Date.now())),
        (error: unknown) => console.warn('Network Companion: could not read the learned habits', error),
      );
    read();
    const onChanged = (changes: Record<string, unknown>) => {
      if (HABITS_KEY in changes) read();
    };
    browser.storage.local.onChanged.addListener(onChanged);
    return () => {
      live = false;
      browser.storage.local.onChanged.removeListener(onChanged);
    };
  }, [props.now]);
  const text = likelyNowText(props.cadence, props.watched, likely);
  return text === '' ? null : <li>{text}</li>;
}

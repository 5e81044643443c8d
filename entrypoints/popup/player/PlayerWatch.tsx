import { lazyView } from '../../../components/lazy-view';
import { WatchButton } from '../../../components/WatchButton';
import { useWatch } from './use-watch';

// Only a watched player has a history to show (PlayerHistory.tsx).
const PlayerHistory = lazyView(() => import('./PlayerHistory').then((module) => module.PlayerHistory));

/**
 * The Player tab's Watch toggle, loaded with the first card shown (PlayerTab.tsx): it is not
 * needed before a look-up has answered, so it stays out of the popup's first paint. A watched
 * player's history charts follow it.
 */
export function PlayerWatch({ uuid, name }: { uuid: string; name: string }) {
  const watch = useWatch({ uuid, name });
  if (!watch) return null;
  return (
    <>
      <WatchButton {...watch} />
      {watch.watched === true && <PlayerHistory uuid={uuid} />}
    </>
  );
}

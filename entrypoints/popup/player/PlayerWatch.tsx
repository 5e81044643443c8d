import { useEffect } from 'preact/hooks';
import { WatchButton } from '@/components/WatchButton';
import { WatchSellerButton } from '../auctions/seller/WatchSellerButton';
import { useWatch } from './use-watch';

export interface PlayerWatchProps {
  uuid: string;
  name: string;
  /** The toggle's state once known and after each change: the tab shows a watched player's history. */
  onWatched?: (uuid: string, watched: boolean) => void;
  /** Read with the card's data (card-data.ts): shown at once, not asked again. */
  initialWatched?: boolean;
}

/**
 * The Player tab's Watch toggle, beside the card's name, loaded with the first card shown
 * (PlayerTab.tsx): it is not needed before a look-up has answered, so it stays out of the
 * popup's first paint. The tab shows a watched player's history charts under the card.
 */
export function PlayerWatch({ uuid, name, onWatched, initialWatched }: PlayerWatchProps) {
  const watch = useWatch({ uuid, name }, initialWatched);
  const watched = watch?.watched ?? null;
  useEffect(() => {
    if (watched !== null) onWatched?.(uuid, watched);
  }, [uuid, watched, onWatched]);
  if (!watch) return <WatchSellerButton seller={name} />;
  return (
    <>
      <WatchButton {...watch} />
      <WatchSellerButton seller={name} />
    </>
  );
}

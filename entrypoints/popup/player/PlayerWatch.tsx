import { WatchButton } from '../../../components/WatchButton';
import { useWatch } from './use-watch';

/**
 * The Player tab's Watch toggle, loaded with the first card shown (PlayerTab.tsx): it is not
 * needed before a look-up has answered, so it stays out of the popup's first paint.
 */
export function PlayerWatch({ uuid, name }: { uuid: string; name: string }) {
  const watch = useWatch({ uuid, name });
  return watch ? <WatchButton {...watch} /> : null;
}

import { useEffect, useState } from 'preact/hooks';
import { Spinner } from '@/components/Spinner';
import { useNow } from '@/hooks/use-now';
import type { AuctionSort } from '@/utils/api/schemas';
import { askBackground } from '@/utils/ask-background';
import { t } from '@/utils/i18n/translate';
import type { SavedSearchView } from '@/utils/saved-searches/saved-search';
import { searchStatesItem } from '@/utils/saved-searches/search-state';
import { watchSavedSearches } from '@/utils/saved-searches/storage';
import { SavedSearchItem } from './SavedSearchItem';

export interface SavedSearchesProps {
  id: string;
  onRun: (text: string, sort: AuctionSort) => void;
}

type List = { state: 'loading' } | { state: 'failed' } | { state: 'done'; searches: SavedSearchView[] };

/**
 * The saved searches, loaded when the section is opened (lazyView in AuctionsTab.tsx). The list
 * follows storage: a check in the background, or an edit in another window, shows at once.
 */
export function SavedSearches({ id, onRun }: SavedSearchesProps) {
  const [list, setList] = useState<List>({ state: 'loading' });
  const now = useNow(30_000);

  useEffect(() => {
    let live = true;
    const load = () =>
      askBackground({ type: 'saved-searches' }).then(
        (searches) => live && setList({ state: 'done', searches }),
        () => live && setList({ state: 'failed' }),
      );
    void load();
    const unwatchList = watchSavedSearches(() => void load());
    const unwatchState = searchStatesItem.watch(() => void load());
    return () => {
      live = false;
      unwatchList();
      unwatchState();
    };
  }, []);

  if (list.state === 'loading') return <Spinner label={t('popup.saved.loading')} />;
  if (list.state === 'failed') {
    return (
      <p id={id} class="muted">
        {t('popup.saved.readFailed')}
      </p>
    );
  }
  if (list.searches.length === 0) {
    return (
      <p id={id} class="empty">
        {t('popup.saved.empty')}
      </p>
    );
  }
  return (
    <ul id={id} class="saved-search-list">
      {list.searches.map((search) => (
        <SavedSearchItem key={search.id} search={search} now={now} onRun={onRun} />
      ))}
    </ul>
  );
}

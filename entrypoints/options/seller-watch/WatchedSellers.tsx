import { useEffect, useState } from 'preact/hooks';
import { askBackground } from '@/utils/ask-background';
import { t } from '@/utils/i18n/translate';
import type { SavedSearch } from '@/utils/saved-searches/saved-search';
import { getSavedSearches, watchSavedSearches } from '@/utils/saved-searches/storage';
import { sellerWatchLabel } from '@/utils/seller-watch/seller-text';

/**
 * The watched sellers (saved searches of their own kind, utils/seller-watch/), each removable:
 * the Saved searches section lists them with their label, "Auctions by <name>". Nothing while
 * there is none (the section's sentence already counts them with the alerts).
 */
export function WatchedSellers() {
  const [sellers, setSellers] = useState<SavedSearch[] | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    const show = (searches: SavedSearch[]) =>
      setSellers(searches.filter((search) => search.seller !== undefined));
    void getSavedSearches().then(show, () => show([]));
    return watchSavedSearches(show);
  }, []);

  async function remove(id: string) {
    setRefusal(null);
    const reply = await askBackground({ type: 'remove-saved-search', id });
    if (!reply.ok) setRefusal('message' in reply ? reply.message : t('popup.saved.noBackground'));
  }

  if (sellers === null || sellers.length === 0) return null;
  return (
    <div class="watched-sellers">
      <h3>{t('sellerWatch.optionsHeading')}</h3>
      <ul>
        {sellers.map((search) => {
          const name = search.seller ?? search.text;
          return (
            <li key={search.id}>
              {sellerWatchLabel(name)}{' '}
              <button
                type="button"
                class="button button--secondary"
                aria-label={t('sellerWatch.removeLabel', { name })}
                onClick={() => void remove(search.id)}
              >
                {t('sellerWatch.remove')}
              </button>
            </li>
          );
        })}
      </ul>
      {refusal !== null && (
        <p class="field-error" role="alert">
          {refusal}
        </p>
      )}
    </div>
  );
}

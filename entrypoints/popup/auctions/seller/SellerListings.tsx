import { formatNumber, formatRelativeTime } from '@/utils/format';
import { t } from '@/utils/i18n/translate';
import { listingName } from '@/utils/saved-searches/alert-text';
import type { SavedSearchView } from '@/utils/saved-searches/saved-search';
import type { SellerListing } from '@/utils/seller-watch/seller-state';
import './seller-watch.css';

/**
 * A watched seller's view in Saved searches: what they list now (at the last check) and what went
 * before its end (sold or cancelled), kept a bounded while (utils/seller-watch/seller-state.ts).
 * Names are text, never markup.
 */

function line(
  listing: SellerListing,
  when: string,
  key: 'sellerWatch.goneLine' | 'sellerWatch.listedLine',
): string {
  return t(key, {
    amount: formatNumber(listing.amount),
    item: listingName({ display_name: listing.name, material: listing.material }),
    price: formatNumber(listing.price),
    when,
  });
}

export function SellerListings({ search, now }: { search: SavedSearchView; now: number }) {
  const state = search.sellerState;
  // Not checked yet: the line above says so (lastCheckText).
  if (search.last === null || state === undefined) return null;
  return (
    <div class="seller-listings">
      <h3 class="seller-listings__heading">{t('sellerWatch.listedHeading')}</h3>
      {state.listed.length === 0 ? (
        <p class="hint">{t('sellerWatch.noneListed')}</p>
      ) : (
        <ul class="seller-listings__list">
          {state.listed.map((listing) => (
            <li key={listing.id}>
              {line(listing, formatRelativeTime(listing.endsAt, now), 'sellerWatch.listedLine')}
            </li>
          ))}
        </ul>
      )}
      {state.gone.length > 0 && (
        <>
          <h3 class="seller-listings__heading">{t('sellerWatch.goneHeading')}</h3>
          <ul class="seller-listings__list" aria-label={t('sellerWatch.goneHeading')}>
            {state.gone.map((gone) => (
              <li key={gone.id} class="seller-listings__gone">
                {line(gone, formatRelativeTime(gone.goneAt, now), 'sellerWatch.goneLine')} —{' '}
                <strong>{t('sellerWatch.gone')}</strong>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

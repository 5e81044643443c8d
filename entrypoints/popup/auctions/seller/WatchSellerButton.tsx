import { useEffect, useState } from 'preact/hooks';
import { t } from '@/utils/i18n/translate';
import './seller-watch.css';
import {
  subscribeWatchedSellers,
  toggleSellerWatch,
  type WatchedSellers,
  watchedId,
} from './watched-sellers';

/**
 * Watch auctions: a toggle (aria-pressed) that makes a seller a watched seller, a saved search of
 * its own kind (utils/seller-watch/): their new listings announced, those gone before their end
 * shown in Saved searches. Its name names the seller ("Watch auctions by Notch"); pressed is said
 * by a check mark as well as the fill, not by colour alone.
 */
export function WatchSellerButton({ seller }: { seller: string }) {
  const [sellers, setSellers] = useState<WatchedSellers | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | undefined>(undefined);
  useEffect(() => subscribeWatchedSellers(setSellers), []);
  const watched = sellers === null ? null : watchedId(sellers, seller) !== undefined;

  async function toggle() {
    setBusy(true);
    setRefusal(undefined);
    setRefusal(await toggleSellerWatch(seller, sellers));
    setBusy(false);
  }

  return (
    <span class="seller-watch">
      <button
        type="button"
        class="chip chip--small seller-watch__button"
        aria-pressed={watched === true ? 'true' : 'false'}
        aria-label={t('sellerWatch.buttonLabel', { name: seller })}
        aria-disabled={watched === null || busy ? 'true' : undefined}
        onClick={() => {
          if (watched !== null && !busy) void toggle();
        }}
      >
        {watched === true && <span aria-hidden="true">✓ </span>}
        {t('sellerWatch.watch')}
      </button>
      {refusal !== undefined && (
        <span class="field-error" role="alert">
          {refusal}
        </span>
      )}
    </span>
  );
}

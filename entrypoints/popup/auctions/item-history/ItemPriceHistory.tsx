import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { RANGE_NAMES } from '@/components/chart/chart-ranges-text';
import { Spinner } from '@/components/Spinner';
import { type ChartRangeName, chartRange } from '@/utils/history/chart-ranges';
import type { MarketItem } from '@/utils/history/deal';
import type { ListingRow } from '@/utils/history/history-rows';
import { itemListings } from '@/utils/history/item-listings';
import { LISTING_BUCKET_MS, listingPricePoints } from '@/utils/history/listing-history';
import { t } from '@/utils/i18n/translate';
import { ItemPriceChart, PriceRanges } from '../price-chart/ItemPriceChart';
import { popupHistory } from '../saved/popup-history';
import { pricedItemName } from '../saved/price-figures';
import '../saved/price-history.css';
import './item-history.css';

export interface ItemPriceHistoryProps {
  item: MarketItem;
  onClose: () => void;
}

type Read =
  | { status: 'loading' }
  | { status: 'done'; rows: ListingRow[]; now: number }
  | { status: 'failed' };

/**
 * One item's lowest and median asking price per item over 24 hours, 7 or 30 days, from the
 * listings this browser recorded (no request): the saved searches' chart, with the listings
 * grouped by when they were first seen (listing-history.ts). Read once, the longest range, on
 * opening; a range is then bucketed in memory.
 */
export function ItemPriceHistory({ item, onClose }: ItemPriceHistoryProps) {
  const [range, setRange] = useState<ChartRangeName>('24h');
  const [read, setRead] = useState<Read>({ status: 'loading' });
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => back.current?.focus(), []);

  useEffect(() => {
    let live = true;
    const now = Date.now();
    popupHistory()
      .withDatabase((db) => itemListings(db, item, now))
      .then(
        (rows) => live && setRead({ status: 'done', rows, now }),
        () => live && setRead({ status: 'failed' }),
      );
    return () => {
      live = false;
    };
  }, [item.material, item.name]);

  const span = read.status === 'done' ? chartRange(range, read.now) : null;
  const points = useMemo(
    () =>
      read.status === 'done' && span ? listingPricePoints(read.rows, span, LISTING_BUCKET_MS[range]) : null,
    [read, range],
  );
  const name = pricedItemName(item);

  return (
    <section class="item-history" aria-labelledby="item-history-title">
      <button ref={back} type="button" class="link-button item-history__back" onClick={onClose}>
        <span aria-hidden="true">← </span>
        {t('itemHistory.back')}
      </button>
      <h2 id="item-history-title" class="item-history__title">
        {t('itemHistory.title', { item: name })}
      </h2>
      <p class="muted item-history__about">{t('itemHistory.about')}</p>
      {read.status === 'failed' ? (
        <p class="field-error" role="alert">
          {t('itemHistory.failed')}
        </p>
      ) : read.status === 'loading' ? (
        <Spinner label={t('itemHistory.loading')} />
      ) : read.rows.length === 0 ? (
        <p class="empty" role="status">
          {t('itemHistory.empty')}
        </p>
      ) : (
        <div class="price-history">
          <PriceRanges name="item-history-range" range={range} onChange={setRange} />
          <ItemPriceChart
            points={points}
            range={range}
            span={span ?? { from: 0, to: 0 }}
            expectedIntervalMs={LISTING_BUCKET_MS[range]}
            itemName={name}
            label={t('itemHistory.chartLabel', { item: name, range: t(RANGE_NAMES[range]) })}
            emptyHint={t('itemHistory.emptyHint')}
            seen
            collectingText={t('itemHistory.collecting')}
          />
        </div>
      )}
    </section>
  );
}

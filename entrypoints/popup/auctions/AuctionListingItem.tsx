import { Component } from 'preact';
import { RankText } from '@/components/RankText';
import { TagChip } from '@/components/TagChip';
import type { AuctionListing } from '@/utils/api/schemas';
import { stripColourCodes } from '@/utils/colour-codes';
import { epochToMs, formatNumber, formatRelativeTime, formatTimeLeft, itemName } from '@/utils/format';
import type { MarketFigure, MarketItem } from '@/utils/history/deal';
import { DAY_MS, DEAL_WINDOW_MS } from '@/utils/history/history-limits';
import { plural, t } from '@/utils/i18n/translate';
import type { PlayerTag } from '@/utils/player-notes/player-note';
import { listingName } from '@/utils/saved-searches/alert-text';
import { ItemHistoryButton } from './item-history/ItemHistoryButton';
import { RemindButton } from './reminders/RemindButton';
import { WatchSellerButton } from './seller/WatchSellerButton';

/** A listing with its times on this machine's clock. */
export interface PlacedListing {
  listing: AuctionListing;
  /** Seconds until it expires, from now. */
  secondsLeft: number;
  /** When it was listed, in local ms epoch. */
  listedAt: number;
}

/**
 * Puts listings on the local clock and drops the expired ones. `time_left_seconds` was true
 * when the answer was fetched (`fetchedAt`), so the expiry is `fetchedAt + time_left`,
 * whatever the server's clock says; the listed time is shifted by the same server-to-local
 * offset (read from `expires_at_epoch`), so a skewed server clock does not show "in 5 min".
 */
export function placeListings(
  listings: readonly AuctionListing[],
  fetchedAt: number,
  now: number,
): PlacedListing[] {
  const placed: PlacedListing[] = [];
  for (const listing of listings) {
    const expiresAt = fetchedAt + listing.time_left_seconds * 1000;
    const secondsLeft = (expiresAt - now) / 1000;
    if (!(secondsLeft > 0)) continue;
    const offset = epochToMs(listing.expires_at_epoch) - expiresAt;
    placed.push({ listing, secondsLeft, listedAt: epochToMs(listing.created_at_epoch) - offset });
  }
  return placed;
}

/** Whether the seller renamed the item: its display name is not just the item type's name. */
export function isRenamed(listing: AuctionListing): boolean {
  const shown = stripColourCodes(listing.display_name).trim().toLowerCase();
  return (
    shown !== '' &&
    shown !== itemName(listing.material).toLowerCase() &&
    shown !== listing.material.toLowerCase()
  );
}

export interface AuctionListingItemProps {
  entry: PlacedListing;
  onOpenPlayer: (name: string) => void;
  /** The current time (ms epoch), for "listed 3 h ago". */
  now: number;
  /** The seller's tag, when the user tagged them (matched by name: a listing has no UUID). */
  sellerTag?: PlayerTag | undefined;
  /** How far below its item's 7-day median this listing is, when it is a deal (deal.ts). */
  deal?: Deal | undefined;
  /** Remind me: whether it is on, and the toggle (reminders/use-reminders.ts); no button without it. */
  reminded?: boolean;
  onRemind?: ((entry: PlacedListing, on: boolean) => void) | undefined;
  /** Opens the price history of the listing's item (item-history/). */
  onOpenHistory?: ((item: MarketItem, listingId: number) => void) | undefined;
}

export interface Deal {
  percent: number;
  figure: MarketFigure;
}

/** "32% below the 7-day median asking price of 12.5 (84 listings over 6 days)". */
export function dealText({ percent, figure }: Deal): string {
  return plural('popup.auctions.dealFigure', figure.days, {
    percent: formatNumber(percent),
    window: formatNumber(DEAL_WINDOW_MS / DAY_MS),
    median: formatNumber(figure.median),
    listings: formatNumber(figure.listings),
  });
}

/** One listing as a list item: item, amount, price, seller, time left (live) and listed time. */
export function AuctionListingItem({
  entry,
  onOpenPlayer,
  now,
  sellerTag,
  deal,
  reminded = false,
  onRemind,
  onOpenHistory,
}: AuctionListingItemProps) {
  const { listing, secondsLeft, listedAt } = entry;
  const renamed = isRenamed(listing);
  const displayed = stripColourCodes(listing.display_name).trim();
  const price = formatNumber(listing.price);
  const endingSoon = secondsLeft < 60;
  return (
    <li class={deal ? 'listing listing--deal' : 'listing'}>
      <div class="listing__item">
        <span class="listing__amount">{formatNumber(listing.amount)} ×</span>{' '}
        {displayed === '' ? (
          <span class="listing__name">{itemName(listing.material)}</span>
        ) : (
          <RankText text={listing.display_name} class="listing__name" />
        )}
        {renamed && <span class="listing__type">{itemName(listing.material)}</span>}
        {onOpenHistory && <ItemHistoryButton listing={listing} onOpen={onOpenHistory} />}
      </div>
      {deal && (
        <p class="listing__deal">
          <strong class="listing__deal-mark">{t('popup.auctions.deal')}</strong> {dealText(deal)}
        </p>
      )}
      {/* The price once, in the UI language's notation: the server's short form (`formatted_price`,
          "4.2k") repeated it in English notation beside a German "4.183". */}
      <div class="listing__price">
        <span class="listing__price-value">{price}</span>
        {listing.amount > 1 && (
          <span class="listing__each">
            {t('popup.auctions.each', { price: formatNumber(listing.price / listing.amount) })}
          </span>
        )}
      </div>
      <div class="listing__meta">
        <span>
          {t('popup.auctions.seller')}{' '}
          <button type="button" class="link-button" onClick={() => onOpenPlayer(listing.seller)}>
            {listing.seller}
          </button>
          <WatchSellerButton seller={listing.seller} />
          {sellerTag && (
            <>
              {' '}
              <TagChip tag={sellerTag} />
            </>
          )}
        </span>
        <span class={endingSoon ? 'listing__left listing__left--soon' : 'listing__left'}>
          {t('popup.auctions.endsIn', { time: formatTimeLeft(secondsLeft) })}
        </span>
        <span class="listing__listed">
          {t('popup.auctions.listed', { when: formatRelativeTime(listedAt, now) })}
        </span>
        {onRemind && (
          <RemindButton
            item={listingName(listing)}
            seller={listing.seller}
            on={reminded}
            onToggle={(on) => onRemind(entry, on)}
          />
        )}
      </div>
    </li>
  );
}

/** What a row shows that changes with the clock: only these make a row render again. */
function clockTexts({ entry, now }: AuctionListingItemProps): string {
  return `${formatTimeLeft(entry.secondsLeft)}|${entry.secondsLeft < 60}|${formatRelativeTime(entry.listedAt, now)}`;
}

/**
 * A listing row that renders again only when what it shows changes. The list's one timer
 * ticks every second and re-places all listings, but most rows read "Ends in 3d 3h" for an
 * hour: without this, 200 rows were re-rendered (and re-laid out) on every tick.
 */
export class MemoAuctionListingItem extends Component<AuctionListingItemProps> {
  override shouldComponentUpdate(next: AuctionListingItemProps): boolean {
    return (
      next.entry.listing !== this.props.entry.listing ||
      next.onOpenPlayer !== this.props.onOpenPlayer ||
      next.sellerTag !== this.props.sellerTag ||
      next.deal?.percent !== this.props.deal?.percent ||
      next.deal?.figure !== this.props.deal?.figure ||
      next.reminded !== this.props.reminded ||
      next.onRemind !== this.props.onRemind ||
      clockTexts(next) !== clockTexts(this.props)
    );
  }

  override render() {
    return <AuctionListingItem {...this.props} />;
  }
}

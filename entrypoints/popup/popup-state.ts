import {
  AUCTION_SORTS,
  type AuctionSort,
  LEADERBOARD_TYPES,
  type LeaderboardType,
} from '../../utils/api/vocabulary';
import { AUCTION_QUERY_MAX_LENGTH, IDENTIFIER_MAX_LENGTH } from '../../utils/limits';
import { defineItem } from '../../utils/storage-item';

/**
 * Where the user was in the popup, so reopening it lands on the same tab with the same
 * queries: the last tab, the last looked-up player, the auction query and sort, and the
 * leaderboard shown. Lives in storage.local; every field is checked on read and falls back
 * to its default alone, so a bad stored value never breaks the popup. Checked by hand, not
 * with zod: this is read before the popup's first render, and zod is not in that bundle
 * (utils/ask-background.ts says why).
 */

export const POPUP_TABS = ['player', 'auctions', 'leaderboard', 'watchlist'] as const;
export type PopupTab = (typeof POPUP_TABS)[number];

export const LEADERBOARD_LIMITS = [10, 25, 50, 100] as const;
export type LeaderboardLimit = (typeof LEADERBOARD_LIMITS)[number];

export interface PopupState {
  tab: PopupTab;
  /** The last identifier submitted on the Player tab ('' = none). */
  playerQuery: string;
  auctionQuery: string;
  auctionSort: AuctionSort;
  leaderboardBoard: LeaderboardType;
  leaderboardLimit: LeaderboardLimit;
}

export const DEFAULT_POPUP_STATE: Readonly<PopupState> = Object.freeze({
  tab: 'player',
  playerQuery: '',
  auctionQuery: '',
  auctionSort: 'recent',
  leaderboardBoard: 'balance',
  leaderboardLimit: 10,
});

export const popupStateItem = defineItem<unknown>('local:popupState', { fallback: {} });

function oneOf<T>(allowed: readonly T[], value: unknown, fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function text(value: unknown, maxLength: number): string {
  return typeof value === 'string' && value.length <= maxLength ? value : '';
}

/** Whatever is stored, field by field, with defaults for missing or bad fields. */
export function sanitizePopupState(raw: unknown): PopupState {
  const source = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const fallback = DEFAULT_POPUP_STATE;
  return {
    tab: oneOf(POPUP_TABS, source.tab, fallback.tab),
    playerQuery: text(source.playerQuery, IDENTIFIER_MAX_LENGTH),
    auctionQuery: text(source.auctionQuery, AUCTION_QUERY_MAX_LENGTH),
    auctionSort: oneOf(AUCTION_SORTS, source.auctionSort, fallback.auctionSort),
    leaderboardBoard: oneOf(LEADERBOARD_TYPES, source.leaderboardBoard, fallback.leaderboardBoard),
    leaderboardLimit: oneOf(LEADERBOARD_LIMITS, source.leaderboardLimit, fallback.leaderboardLimit),
  };
}

export async function loadPopupState(): Promise<PopupState> {
  try {
    return sanitizePopupState(await popupStateItem.getValue());
  } catch {
    return { ...DEFAULT_POPUP_STATE };
  }
}

export async function savePopupState(state: PopupState): Promise<void> {
  await popupStateItem.setValue(sanitizePopupState(state));
}

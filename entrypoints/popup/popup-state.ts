import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import { AuctionSortSchema, LeaderboardTypeSchema } from '../../utils/api/schemas';
import { AUCTION_QUERY_MAX_LENGTH, IDENTIFIER_MAX_LENGTH } from '../../utils/limits';

/**
 * Where the user was in the popup, so reopening it lands on the same tab with the same
 * queries: the last tab, the last looked-up player, the auction query and sort, and the
 * leaderboard shown. Lives in storage.local; every field is parsed on read and falls back
 * to its default alone, so a bad stored value never breaks the popup.
 */

export const POPUP_TABS = ['player', 'auctions', 'leaderboard', 'watchlist'] as const;
export type PopupTab = (typeof POPUP_TABS)[number];

export const LEADERBOARD_LIMITS = [10, 25, 50, 100] as const;
export type LeaderboardLimit = (typeof LEADERBOARD_LIMITS)[number];

const PopupStateSchema = z.object({
  tab: z.enum(POPUP_TABS).catch('player'),
  /** The last identifier submitted on the Player tab ('' = none). */
  playerQuery: z.string().max(IDENTIFIER_MAX_LENGTH).catch(''),
  auctionQuery: z.string().max(AUCTION_QUERY_MAX_LENGTH).catch(''),
  auctionSort: AuctionSortSchema.catch('recent'),
  leaderboardBoard: LeaderboardTypeSchema.catch('balance'),
  leaderboardLimit: z.union([z.literal(10), z.literal(25), z.literal(50), z.literal(100)]).catch(10),
});
export type PopupState = z.infer<typeof PopupStateSchema>;

export const DEFAULT_POPUP_STATE: Readonly<PopupState> = Object.freeze(PopupStateSchema.parse({}));

export const popupStateItem = storage.defineItem<unknown>('local:popupState', { fallback: {} });

/** Whatever is stored, field by field, with defaults for missing or bad fields. */
export function sanitizePopupState(raw: unknown): PopupState {
  return PopupStateSchema.parse(typeof raw === 'object' && raw !== null ? raw : {});
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

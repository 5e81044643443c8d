/**
 * The choices of "top N" for rank-watch notifications (Options), without zod: the settings
 * import them at no cost.
 */
export const RANK_TOP_CHOICES = [10, 25, 50, 100] as const;
export type RankTop = (typeof RANK_TOP_CHOICES)[number];
export const DEFAULT_RANK_TOP: RankTop = 10;

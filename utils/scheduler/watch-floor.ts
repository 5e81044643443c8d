/**
 * One watchlist check in this many goes round-robin (least recently checked), whatever the
 * learned habits say (watch-priority.ts): each player is checked at least every FLOOR_EVERY ×
 * players of the watchlist's checks. Its own file so that the Options page's sentence can say
 * so without loading the model.
 */
export const FLOOR_EVERY = 4;

/**
 * Every section of the popup's player card, in ONE on-demand chunk (issue 35): seven chunks, one
 * per section, each paid Vite's preload helper (a link inserted per chunk and per stylesheet) and
 * a compile of its own as the card appeared. Loaded once, ahead of the answer (lazy-sections.ts).
 */
export { BoardPlaces } from '../rank-watch/BoardPlaces';
export { readCardDataAhead, readStoredCardData } from './card-data';
export { PlayerCompare } from './compare/PlayerCompare';
export { PlayerGoals } from './goals/PlayerGoals';
export { PlayerHistory, preloadStatCharts } from './PlayerHistory';
export { PlayerNotes } from './PlayerNotes';
export { PlayerWatch } from './PlayerWatch';
export { PlayerProgress } from './progress/PlayerProgress';
export { warmCardFormats } from './warm-formats';

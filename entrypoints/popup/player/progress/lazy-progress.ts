/** Only a watched player has progress to show: it loads with the card's other sections. */
export { PlayerProgress as LazyPlayerProgress } from '../lazy-sections';

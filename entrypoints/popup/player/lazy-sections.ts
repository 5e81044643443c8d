import { lazyView } from '@/components/lazy-view';
import { uiLanguage } from '@/utils/i18n/ui-language';

type Sections = typeof import('./card-sections');

/** An answer can come before the popup is ever idle: the sections load by then anyway. */
const IDLE_TIMEOUT_MS = 500;

let sections: Promise<Sections> | undefined;

/** The card's sections' one chunk (card-sections.ts), imported once for all of them. */
export function loadCardSections(): Promise<Sections> {
  sections ??= import('./card-sections').catch((error: unknown) => {
    // Not fetched (the extension was updated under an open popup): the next view asks again.
    sections = undefined;
    throw error;
  });
  return sections;
}

// The Watch toggle, the tag and note editor, goals, Compare with… and the board places (rank
// watch) show on every card; progress and history only on a watched player's (PlayerTab.tsx).
export const PlayerWatch = lazyView(() => loadCardSections().then((module) => module.PlayerWatch));
export const PlayerNotes = lazyView(() => loadCardSections().then((module) => module.PlayerNotes));
export const PlayerHistory = lazyView(() => loadCardSections().then((module) => module.PlayerHistory));
export const PlayerGoals = lazyView(() => loadCardSections().then((module) => module.PlayerGoals));
export const PlayerCompare = lazyView(() => loadCardSections().then((module) => module.PlayerCompare));
export const BoardPlaces = lazyView(() => loadCardSections().then((module) => module.BoardPlaces));
export const PlayerProgress = lazyView(() => loadCardSections().then((module) => module.PlayerProgress));

const VIEWS = [
  PlayerWatch,
  PlayerNotes,
  PlayerHistory,
  PlayerGoals,
  PlayerCompare,
  BoardPlaces,
  PlayerProgress,
];

let ready: Sections | undefined;

/** The chunk, once every view knows itself loaded: the card then renders without a "Loading…". */
export function cardSectionsReady(): Promise<Sections> {
  return Promise.all(VIEWS.map((view) => view.preload()))
    .then(loadCardSections)
    .then((module) => {
      ready = module;
      return module;
    });
}

/** The chunk if every view is loaded already (a look-up can then start its data read at once). */
export function readyCardSections(): Sections | undefined {
  return ready;
}

/**
 * Fetches and compiles the sections while the popup waits for its first look-up, once the first
 * paint is done (the popup's first paint pays nothing): an answer then renders the whole card in
 * one go, every section at once, with no "Loading…" in between.
 */
export function preloadCardSections(): void {
  const load = () => {
    uiLanguage(); // its first call sets the extension's i18n binding up (2 ms): not in the card's frame
    for (const view of VIEWS) view.preload().catch(() => undefined); // the view says so when shown
    // A watched player's history charts (their own chunk, under PlayerHistory) and uPlot as
    // well: compiled as the card appears, they took a task of the card's first frame.
    loadCardSections()
      .then((module) => {
        module.warmCardFormats();
        return module.preloadStatCharts();
      })
      .then(() => import('@/components/chart/draw-chart'))
      .catch(() => undefined);
  };
  // After the frame that paints the tab, when the main thread is idle (Firefox, Chrome: both).
  requestAnimationFrame(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(load, 0);
  });
}

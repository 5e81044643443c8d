import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { getSavedSearches } from '../../utils/saved-searches/storage';
import { getWatched } from '../../utils/watchlist/watched';

export interface BackgroundCounts {
  /** Players on the watchlist. */
  watched: number;
  /** Saved searches with an alert, and watched sellers: the saved-search stream's work. */
  alerts: number;
}

/**
 * How much the background has to check, kept current: both lists are synced and may change in
 * another tab or browser. null until read.
 */
export function useBackgroundCounts(): BackgroundCounts | null {
  const [counts, setCounts] = useState<BackgroundCounts | null>(null);
  useEffect(() => {
    let live = true;
    const read = () =>
      Promise.all([
        getWatched().then(
          (players) => players.length,
          () => 0,
        ),
        getSavedSearches().then(
          (searches) =>
            searches.filter((search) => search.alertBelow !== undefined || search.seller !== undefined)
              .length,
          () => 0,
        ),
      ]).then(([watched, alerts]) => live && setCounts({ watched, alerts }));
    void read();
    const listener = () => void read();
    browser.storage.sync.onChanged.addListener(listener);
    return () => {
      live = false;
      browser.storage.sync.onChanged.removeListener(listener);
    };
  }, []);
  return counts;
}

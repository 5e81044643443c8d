import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { FailingSubject } from '../../utils/failing-check-text';
import { getSearchStates } from '../../utils/saved-searches/search-state';
import { getSavedSearches } from '../../utils/saved-searches/storage';
import { type EntryFailure, isFailing, standingFailures } from '../../utils/scheduler/entry-failures';
import { HABITS_KEY, readHabits } from '../../utils/scheduler/habits';
import { getStatuses, WATCH_STATUS_KEY } from '../../utils/watchlist/status';
import { getWatched } from '../../utils/watchlist/watched';

/** The storage.local key of the saved searches' states (search-state.ts, `local:savedSearchState`). */
const SEARCH_STATES_KEY = 'savedSearchState';

export interface FailingCheck {
  key: string;
  subject: FailingSubject;
  failure: EntryFailure;
}

/** Every watched player and saved search whose background checks keep failing, players first. */
export async function readFailingChecks(): Promise<FailingCheck[]> {
  const [watched, stored, statuses, searches, states] = await Promise.all([
    getWatched(),
    browser.storage.local.get(HABITS_KEY),
    getStatuses(),
    getSavedSearches(),
    getSearchStates(),
  ]);
  // A failure an answer came after (a look-up, Check now) is over.
  const players = standingFailures(
    readHabits(stored[HABITS_KEY])?.failing ?? {},
    (id) => statuses[id]?.checkedAt,
  );
  const checks: FailingCheck[] = [];
  for (const player of watched) {
    const failure = players[player.uuid];
    if (isFailing(failure))
      checks.push({ key: player.uuid, subject: { kind: 'player', name: player.name }, failure });
  }
  for (const search of searches) {
    const failure = states[search.id]?.failure;
    if (isFailing(failure))
      checks.push({ key: search.id, subject: { kind: 'search', text: search.text }, failure });
  }
  return checks;
}

/**
 * The failing checks, kept current as the background writes (the model, the statuses and the
 * search states in storage.local) and as the lists change (storage.sync), with the time they were read. Empty
 * until read and when nothing fails.
 */
export function useFailingChecks(): { now: number; checks: FailingCheck[] } {
  const [read, setRead] = useState<{ now: number; checks: FailingCheck[] }>({ now: Date.now(), checks: [] });
  useEffect(() => {
    let live = true;
    const refresh = () => {
      readFailingChecks().then(
        (checks) => live && setRead({ now: Date.now(), checks }),
        (error: unknown) => console.warn('Network Companion: could not read the failing checks', error),
      );
    };
    refresh();
    const onLocal = (changes: Record<string, unknown>) => {
      if (HABITS_KEY in changes || SEARCH_STATES_KEY in changes || WATCH_STATUS_KEY in changes) refresh();
    };
    browser.storage.local.onChanged.addListener(onLocal);
    browser.storage.sync.onChanged.addListener(refresh);
    return () => {
      live = false;
      browser.storage.local.onChanged.removeListener(onLocal);
      browser.storage.sync.onChanged.removeListener(refresh);
    };
  }, []);
  return read;
}

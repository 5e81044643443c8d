import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { BackgroundSection } from '@/entrypoints/options/BackgroundSection';
import { cadenceLines, nextText, usedText } from '@/entrypoints/options/background-now';
import { putSearchState } from '@/utils/saved-searches/search-state';
import { saveSearch } from '@/utils/saved-searches/storage';
import { cadenceOf } from '@/utils/scheduler/cadence';
import { HABITS_KEY } from '@/utils/scheduler/habits';
import { SCHEDULER_DEMANDS_KEY } from '@/utils/scheduler/kept-demands';
import { HOUR_MS, SCHEDULER_ALARM, SCHEDULER_STATE_KEY } from '@/utils/scheduler/scheduler-limits';
import { freshState } from '@/utils/scheduler/scheduler-state';
import {
  BADGE_STREAM,
  SAVED_SEARCH_STREAM,
  savedSearchDemand,
  WATCHLIST_STREAM,
  watchlistDemand,
} from '@/utils/scheduler/stream-ids';
import { addWatched } from '@/utils/watchlist/watched';

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const MINUTE = 60_000;
/** The cadence the scheduler keeps with the badge at 1 min, a watchlist and one alert, at 60/h. */
const PLANNED = {
  budgetPerHour: 60,
  demands: [
    { id: BADGE_STREAM, demand: { everyMs: MINUTE } },
    { id: WATCHLIST_STREAM, demand: watchlistDemand(2) },
    { id: SAVED_SEARCH_STREAM, demand: savedSearchDemand(1) },
  ],
};
const SHARED = cadenceOf(PLANNED);

describe('the background now, in words', () => {
  it('counts the requests of the last hour against the budget', () => {
    const state = { ...freshState(() => 0), sendLog: [NOW - HOUR_MS - 1, NOW - 30 * MINUTE, NOW - MINUTE] };
    expect(usedText(state, 60, NOW)).toBe('2 background requests in the last hour, of 60 allowed.');
    expect(usedText(undefined, 30, NOW)).toBe('0 background requests in the last hour, of 30 allowed.');
  });

  it('says when the next request is due, or why none is', () => {
    expect(nextText(NOW + 3 * MINUTE, NOW)).toBe('Next background request in about 3 min.');
    expect(nextText(NOW - 1, NOW)).toBe('Next background request any moment now.');
    expect(nextText(undefined, NOW)).toMatch(/^No background request is planned/);
  });

  it('says how often each stream is served now, the badge at its real pace (every 3rd slot)', () => {
    expect(cadenceLines(SHARED, { watched: 2, alerts: 1 })).toEqual([
      'The badge’s count: about every 3 min.',
      'Each watched player: about every 6 min.',
      'Each saved search with an alert: about every 3 min.',
    ]);
    expect(cadenceLines(undefined, { watched: 2, alerts: 1 })).toEqual([]);
  });

  it('in Automatic, says the pace the count is read at now, and that it comes sooner when it moves', () => {
    // The badge's demand in Automatic: its next reading 7 min after its last (dueAt kept too).
    const automatic = cadenceOf({
      budgetPerHour: 60,
      demands: [
        { id: BADGE_STREAM, demand: { everyMs: 7 * MINUTE, dueAt: NOW + 7 * MINUTE } },
        { id: WATCHLIST_STREAM, demand: watchlistDemand(2) },
      ],
    });
    expect(cadenceLines(automatic, { watched: 2, alerts: 0, badgeAutomatic: true })[0]).toBe(
      'The badge’s count: read about every 7 min now, sooner when it moves.',
    );
  });
});

describe('BackgroundSection', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });
  afterEach(cleanup);

  it('shows the last hour against the budget, the next request and the real paces, from the scheduler', async () => {
    const now = Date.now();
    await fakeBrowser.storage.local.set({
      [SCHEDULER_STATE_KEY]: { ...freshState(() => 0), sendLog: [now - 10 * MINUTE, now - 5 * MINUTE] },
      [SCHEDULER_DEMANDS_KEY]: PLANNED,
    });
    await fakeBrowser.alarms.create(SCHEDULER_ALARM, { when: now + 2 * MINUTE });
    await addWatched({ uuid: '069a79f4-44e9-4726-a5be-fca90e38aaf5', name: 'Notch' }, now);
    await addWatched({ uuid: '853c80ef-3c37-49fd-aa49-938b674adae6', name: 'jeb_' }, now);
    render(
      <BackgroundSection
        backgroundRequestsPerHour={60}
        badgeEnabled
        badgeShows="online-count"
        badgeIntervalSeconds={60}
      />,
    );
    // An advanced section, folded until wanted.
    fireEvent.click(screen.getByRole('button', { name: 'Background requests' }));
    const list = await screen.findByRole('list', { name: 'Background requests now' });
    expect(list.textContent).toContain('2 background requests in the last hour, of 60 allowed.');
    expect(list.textContent).toContain('Next background request in about 2 min.');
    expect(list.textContent).toContain('The badge’s count: about every 3 min.');
    expect(await screen.findByText('Each watched player: about every 6 min.')).toBeTruthy();
  });

  it('says which player and which search keep failing, why, when, and what to do (issue 33)', async () => {
    const now = Date.now();
    const notch = '069a79f4-44e9-4726-a5be-fca90e38aaf5';
    await addWatched({ uuid: notch, name: 'Notch' }, now);
    await addWatched({ uuid: '853c80ef-3c37-49fd-aa49-938b674adae6', name: 'jeb_' }, now);
    await fakeBrowser.storage.local.set({
      [HABITS_KEY]: {
        v: 1,
        turn: 1,
        players: {},
        failing: {
          [notch]: {
            failures: 2,
            failure: 'timeout',
            triedAt: now - 2 * MINUTE,
            retryAt: now + 18 * MINUTE + 30_000,
          },
        },
      },
    });
    const saved = await saveSearch({ text: 'diamond sword', sort: 'recent' });
    if (!saved.ok) throw new Error('not saved');
    await putSearchState(saved.search.id, {
      last: null,
      seen: [],
      baselineFor: null,
      baselineRev: null,
      failure: {
        failures: 1,
        failure: 'bad-request',
        triedAt: now - 3 * MINUTE,
        retryAt: now + 7 * MINUTE + 30_000,
      },
    });
    render(
      <BackgroundSection
        backgroundRequestsPerHour={60}
        badgeEnabled
        badgeShows="online-count"
        badgeIntervalSeconds={60}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Background requests' }));
    const list = await screen.findByRole('list', { name: 'Checks that keep failing' });
    await screen.findByText(/^Checks of the search/);
    expect([...list.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Checks of Notch keep failing: the server took too long to answer. Last tried 2 min ago; next try in 18 min. It is tried again on its own, less and less often; the others are checked meanwhile.',
      'Checks of the search “diamond sword” keep failing: the server refused the request. Last tried 3 min ago; next try in 7 min. Edit the search’s text, or remove the search.',
    ]);
  });
});

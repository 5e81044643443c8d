import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  EMPTY_SEARCH_STATE,
  getSearchStates,
  parseSearchStates,
  putSearchState,
  stateOf,
} from '@/utils/saved-searches/search-state';

describe('saved search state in storage.local', () => {
  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('keeps seen ids across restarts (read back from storage)', async () => {
    await putSearchState('s1', { last: null, seen: [1, 2], baselineFor: 5, baselineRev: 'r1' });
    // A new worker reads only what storage holds.
    const raw = (await fakeBrowser.storage.local.get('savedSearchState')).savedSearchState;
    expect(stateOf(parseSearchStates(raw), 's1').seen).toEqual([1, 2]);
    await putSearchState('s1', undefined);
    expect(await getSearchStates()).toEqual({});
  });

  it('reads a bad field as its default and an unknown search as empty', () => {
    const states = parseSearchStates({ s1: { last: 'yesterday', seen: [1], baselineFor: 'yes' }, s2: 4 });
    expect(states.s1).toEqual({ last: null, seen: [1], baselineFor: null, baselineRev: null });
    expect(stateOf(states, 'nope')).toEqual(EMPTY_SEARCH_STATE);
    expect(parseSearchStates(null)).toEqual({});
  });

  it('reads the state today’s release writes: no baseline revision', () => {
    const today = { s1: { last: { at: 1, lowest: 2, median: 3, listings: 4 }, seen: [7], baselineFor: 5 } };
    expect(parseSearchStates(today).s1).toEqual({ ...today.s1, baselineRev: null });
  });
});

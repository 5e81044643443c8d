import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  EMPTY_SEARCH_STATE,
  getSearchStates,
  migrateSearchStatesV1toV2,
  parseSearchStates,
  putSearchState,
  SEARCH_STATE_VERSION,
  searchStatesItem,
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

describe('its version', () => {
  const MARK = 'savedSearchState$';
  /** As release 0.1.0 wrote it: no version mark, no baselineRev nor windowFrom. */
  const V1 = {
    s1: { last: { at: 1, lowest: 2, median: 3, listings: 4 }, seen: [7, 8], baselineFor: 5 },
    s2: { last: null, seen: [], baselineFor: null },
  };
  const stored = () => fakeBrowser.storage.local.get(['savedSearchState', MARK]);

  beforeEach(() => {
    fakeBrowser.reset();
  });

  it('v1 → v2: each state gains baselineRev null, everything else as it was', () => {
    expect(migrateSearchStatesV1toV2({ ...V1, bad: 4 })).toEqual({
      s1: { ...V1.s1, baselineRev: null },
      s2: { ...V1.s2, baselineRev: null },
      bad: 4,
    });
    expect(migrateSearchStatesV1toV2({ s1: { seen: [], baselineRev: 'r' } })).toEqual({
      s1: { seen: [], baselineRev: 'r' },
    });
  });

  it('the state the previous release wrote is migrated and kept, not reset', async () => {
    await fakeBrowser.storage.local.set({ savedSearchState: V1 });
    await searchStatesItem.migrate();
    expect(await stored()).toEqual({
      savedSearchState: { s1: { ...V1.s1, baselineRev: null }, s2: { ...V1.s2, baselineRev: null } },
      [MARK]: { v: SEARCH_STATE_VERSION },
    });
    expect(stateOf(await getSearchStates(), 's1').seen).toEqual([7, 8]);
  });

  it('a corrupted state falls back to empty, the others are read and kept', async () => {
    await fakeBrowser.storage.local.set({ savedSearchState: { ...V1, s2: 'garbage' }, [MARK]: { v: 2 } });
    await searchStatesItem.migrate();
    expect(stateOf(await getSearchStates(), 's2')).toEqual(EMPTY_SEARCH_STATE);
    await putSearchState('s2', { ...EMPTY_SEARCH_STATE, seen: [9] });
    expect((await getSearchStates()).s1?.seen).toEqual([7, 8]);
  });

  it('a newer release’s state: a write changes only this search’s known fields, the rest and the mark stay', async () => {
    const newer = {
      s1: { ...V1.s1, baselineRev: 'r1', windowFrom: null, pinned: true },
      s2: { ...V1.s2, baselineRev: null, windowFrom: null, pinned: false },
      s3: 'a shape this release cannot read',
    };
    const mark = { v: SEARCH_STATE_VERSION + 1 };
    await fakeBrowser.storage.local.set({ savedSearchState: newer, [MARK]: mark });
    await searchStatesItem.migrate();
    await putSearchState('s1', { ...stateOf(await getSearchStates(), 's1'), seen: [7, 8, 9] });
    expect(await stored()).toEqual({
      savedSearchState: { ...newer, s1: { ...newer.s1, seen: [7, 8, 9] } },
      [MARK]: mark,
    });
    await putSearchState('s2', undefined);
    const { s2: _, ...rest } = newer;
    expect((await stored()).savedSearchState).toEqual({ ...rest, s1: { ...newer.s1, seen: [7, 8, 9] } });
  });
});

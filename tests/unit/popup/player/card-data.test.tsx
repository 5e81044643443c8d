import { fireEvent, render, screen, within } from '@testing-library/preact';
import { createRef } from 'preact';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CARD_DATA_WAIT_MS, snapshotsSinceOf } from '@/entrypoints/popup/player/card-data';
import { PlayerTab } from '@/entrypoints/popup/player/PlayerTab';
import { fakeBackground, ok, requestsOf } from '@/tests/fixtures/players';
import { askBackground } from '@/utils/ask-background';
import { setGoal } from '@/utils/goals/goal-store';
import type { PlayerSnapshotRow } from '@/utils/history/history-rows';
import { pageHistoryStore } from '@/utils/history/page-history';
import { NOTE_KEY_PREFIX } from '@/utils/player-notes/note-store';
import { statusesItem } from '@/utils/watchlist/status';
import { addWatched, isWatched, watchKey } from '@/utils/watchlist/watched';
import { UUID } from '../../utils/history/history-fixtures';
import { online, recordCardHistory, resetCardTest, sessionSnapshots, started } from './card-fixtures';

/**
 * The player card in one piece (issue 35, "within one frame"): the sections' data read once
 * (card-data.ts) and every section rendered from it, with no "reading" state in between.
 */

vi.mock('@/utils/ask-background', () => ({ askBackground: vi.fn() }));
vi.mock('uplot', async () => ({ default: (await import('../../components/chart/uplot-fake')).FakeUPlot }));
vi.mock('uplot/dist/uPlot.min.css?inline', () => ({ default: '.uplot {}' }));
const ask = vi.mocked(askBackground);

beforeAll(() => recordCardHistory(sessionSnapshots));

afterEach(resetCardTest);

/**
 * A watched player online for 80 min, with a goal: the card shows progress, goals and history.
 * The background never answers `watch-state` (no handler: that request never settles, as with a
 * busy or hung service worker): the card takes watched? from its own sync read.
 */
async function seed() {
  await setGoal({ uuid: UUID, name: 'Notch', stat: 'kills', kind: 'value', target: 100, start: 10 }, started);
  await addWatched({ uuid: UUID, name: 'Notch' }, started);
  await statusesItem.setValue({
    [UUID]: { name: 'Notch', online: true, rankDisplay: '&6VIP', checkedAt: started, onlineSince: started },
  });
  fakeBackground(ask, { player: () => ok(online), 'saved-searches': () => [] });
}

function lookUp() {
  render(<PlayerTab initialQuery="" openRequest={null} onLookup={() => {}} fieldRef={createRef()} />);
  fireEvent.input(screen.getByLabelText('Player name or UUID'), { target: { value: 'Notch' } });
  fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
}

describe('the player card’s data, read once', () => {
  it('reads storage.sync once and the player’s snapshots in one request for every section, and watched? from that sync read: the background is not asked', async () => {
    await seed();
    const syncGets = vi.spyOn(fakeBrowser.storage.sync, 'get');
    const store = pageHistoryStore();
    const between = vi.spyOn(store, 'playerSnapshots');
    const since = vi.spyOn(store, 'snapshotsSince');
    lookUp();
    const session = await screen.findByRole('region', { name: 'This session, for 1 h 20 min' });
    expect(session.textContent).toContain('+6 kills, +400 balance');
    const goals = screen.getByRole('region', { name: 'Goals' });
    expect(within(goals).getByRole('progressbar', { name: /kills/ })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'History, last 7 days' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Watching' }).getAttribute('aria-pressed')).toBe('true');
    expect(syncGets).toHaveBeenCalledTimes(1);
    expect(between).toHaveBeenCalledTimes(1);
    expect(since).not.toHaveBeenCalled();
    expect(requestsOf(ask, 'watch-state')).toEqual([]);
    expect(requestsOf(ask, 'player-note')).toEqual([]);
  });

  it('shows the sections with their data as they first appear: no “reading” state before', async () => {
    await seed();
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      for (const busy of document.querySelectorAll('.player-progress, .player-goals, .player-notes'))
        if (busy.getAttribute('aria-busy') === 'true') seen.push(busy.className);
      if (document.querySelector('.player-progress') && !document.querySelector('[data-block="session"]'))
        seen.push('progress without its blocks');
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    lookUp();
    await screen.findByRole('region', { name: 'This session, for 1 h 20 min' });
    observer.disconnect();
    expect(seen).toEqual([]);
  });
});

describe('watched? without the background', () => {
  it('gives the card its Watch state and its sections in the answer’s one commit though the background never answers watched?', async () => {
    await seed();
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      if (!document.querySelector('.player-card__name')) return;
      for (const part of ['.player-card [aria-pressed="true"]', '.player-goals', '[data-block="session"]'])
        if (!document.querySelector(part)) seen.push(`heading without ${part}`);
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    lookUp();
    await screen.findByRole('region', { name: 'This session, for 1 h 20 min' });
    observer.disconnect();
    expect(screen.getByRole('button', { name: 'Watching' }).getAttribute('aria-pressed')).toBe('true');
    expect(seen).toEqual([]);
    expect(requestsOf(ask, 'watch-state')).toEqual([]);
  });

  it('takes an item the background cannot read as not watched, as the background does (watchedIn)', async () => {
    await seed();
    // A name no player can have: the background's isWatched says no; so does the card.
    await fakeBrowser.storage.sync.set({ [watchKey(UUID)]: { name: '<img src=x>', addedAt: started } });
    expect(await isWatched(UUID)).toBe(false);
    lookUp();
    expect(await screen.findByRole('button', { name: 'Watch', pressed: false })).toBeTruthy();
    expect(screen.queryByRole('region', { name: /^History/ })).toBeNull();
    expect(requestsOf(ask, 'watch-state')).toEqual([]);
  });
});

describe('a card whose data never comes', () => {
  it('shows its sections anyway after CARD_DATA_WAIT_MS, each reading for itself, when storage never answers the note’s read', async () => {
    await setGoal(
      { uuid: UUID, name: 'Notch', stat: 'kills', kind: 'value', target: 100, start: 10 },
      started,
    );
    fakeBackground(ask, { player: () => ok(online), 'saved-searches': () => [] });
    // The card's read of the player's local note never settles; every other read answers.
    const localGet = fakeBrowser.storage.local.get.bind(fakeBrowser.storage.local) as (
      keys?: unknown,
    ) => Promise<Record<string, unknown>>;
    vi.spyOn(fakeBrowser.storage.local, 'get').mockImplementation(((keys?: unknown) =>
      typeof keys === 'string' && keys.startsWith(NOTE_KEY_PREFIX)
        ? new Promise(() => {})
        : localGet(keys)) as typeof fakeBrowser.storage.local.get);
    lookUp();
    await screen.findByRole('heading', { name: /Notch/ });
    expect(screen.queryByRole('region', { name: 'Goals' })).toBeNull();
    const goals = await screen.findByRole(
      'region',
      { name: 'Goals' },
      { timeout: CARD_DATA_WAIT_MS + 10_000 },
    );
    expect(await within(goals).findByRole('progressbar', { name: /kills/ })).toBeTruthy();
  });
});

describe('snapshotsSinceOf', () => {
  const row = (time: number, statsMayLag = false): PlayerSnapshotRow => ({
    uuid: UUID,
    time,
    name: 'Notch',
    rankDisplay: '',
    balance: time,
    shards: 0,
    kills: 0,
    deaths: 0,
    playtimeHours: 0,
    statsMayLag,
  });

  it('takes the rows after `since`, the last one at or before it, and the last confirmed one before that', () => {
    const rows = [row(1), row(2), row(3, true), row(4, true), row(6), row(8)];
    expect(snapshotsSinceOf(rows, 5, 8).map((r) => r.time)).toEqual([2, 4, 6, 8]);
    expect(snapshotsSinceOf(rows, 6, 7).map((r) => r.time)).toEqual([6]);
    expect(snapshotsSinceOf(rows, 0, 2).map((r) => r.time)).toEqual([1, 2]);
  });
});

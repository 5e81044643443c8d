import { act, fireEvent, render, screen } from '@testing-library/preact';
import { createRef } from 'preact';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PlayerTab } from '@/entrypoints/popup/player/PlayerTab';
import { deferred, fakeBackground, ok, requestsOf } from '@/tests/fixtures/players';
import type { Player } from '@/utils/api/schemas';
import { askBackground } from '@/utils/ask-background';
import { setGoal } from '@/utils/goals/goal-store';
import { pageHistoryStore } from '@/utils/history/page-history';
import type { Reply } from '@/utils/messages';
import { statusesItem } from '@/utils/watchlist/status';
import { addWatched } from '@/utils/watchlist/watched';
import { UUID } from '../../utils/history/history-fixtures';
import { online, recordCardHistory, resetCardTest, sessionSnapshots, started } from './card-fixtures';

/**
 * The card's data read AHEAD of the answer (issue 35, "one frame"): when the name is one the
 * extension keeps with a UUID, the player's part is read while the look-up is on its way, and the
 * heading and the sections then mount in the answer's one commit.
 */

vi.mock('@/utils/ask-background', () => ({ askBackground: vi.fn() }));
vi.mock('uplot', async () => ({ default: (await import('../../components/chart/uplot-fake')).FakeUPlot }));
vi.mock('uplot/dist/uPlot.min.css?inline', () => ({ default: '.uplot {}' }));
const ask = vi.mocked(askBackground);

const OTHER_UUID = '11111111-2222-4333-8444-555555555555';

beforeAll(() => recordCardHistory(sessionSnapshots));

afterEach(resetCardTest);

/** A watched player online for 80 min, with a goal; the look-up's answer waits for `answer`. */
async function seed(statuses: Record<string, { name: string }> = { [UUID]: { name: 'notch' } }) {
  await setGoal({ uuid: UUID, name: 'Notch', stat: 'kills', kind: 'value', target: 100, start: 10 }, started);
  await addWatched({ uuid: UUID, name: 'Notch' }, started);
  const rows = Object.fromEntries(
    Object.entries(statuses).map(([uuid, { name }]) => [
      uuid,
      { name, online: true, rankDisplay: '&6VIP', checkedAt: started, onlineSince: started },
    ]),
  );
  await statusesItem.setValue(rows);
  const answer = deferred<Reply<Player>>();
  // No `watch-state` handler: the card reads watched? from storage.sync, not the background.
  fakeBackground(ask, { player: () => answer.promise, 'saved-searches': () => [] });
  return answer;
}

function lookUp(query = 'Notch') {
  render(<PlayerTab initialQuery="" openRequest={null} onLookup={() => {}} fieldRef={createRef()} />);
  fireEvent.input(screen.getByLabelText('Player name or UUID'), { target: { value: query } });
  fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
}

/** Until the read ahead (snapshots, note) has settled: no answer is given meanwhile. */
async function readAhead(between: { mock: { results: { value: unknown }[] } }) {
  await vi.waitFor(() => expect(between.mock.results.length).toBe(1));
  await act(async () => {
    await between.mock.results[0]?.value;
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('the player card’s data, read ahead of the answer', () => {
  it('starts the snapshots read before the answer when the name is a watched player’s (any case)', async () => {
    const answer = await seed();
    const between = vi.spyOn(pageHistoryStore(), 'playerSnapshots');
    lookUp();
    await vi.waitFor(() => expect(between).toHaveBeenCalledWith(UUID, 0, expect.any(Number)));
    expect(requestsOf(ask, 'watch-state')).toEqual([]);
    await act(async () => answer.resolve(ok(online)));
    const session = await screen.findByRole('region', { name: 'This session, for 1 h 20 min' });
    expect(session.textContent).toContain('+6 kills, +400 balance');
    expect(between).toHaveBeenCalledTimes(1);
  });

  it('mounts the heading and every section in one commit when the data was read first', async () => {
    const answer = await seed();
    const between = vi.spyOn(pageHistoryStore(), 'playerSnapshots');
    lookUp();
    await readAhead(between);
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      if (!document.querySelector('.player-card__name')) return;
      for (const section of [
        '.player-progress [data-block="session"]',
        '.player-goals',
        '.player-notes',
        '.player-card [aria-pressed="true"]',
      ])
        if (!document.querySelector(section)) seen.push(`heading without ${section}`);
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    await act(async () => answer.resolve(ok(online)));
    await screen.findByRole('region', { name: 'This session, for 1 h 20 min' });
    observer.disconnect();
    expect(screen.getByRole('heading', { name: /Notch/ })).toBeTruthy();
    expect(seen).toEqual([]);
  });

  it('holds an answer that comes before its read ahead ends, so the card still mounts in one commit', async () => {
    const answer = await seed();
    answer.resolve(ok(online)); // answered at once: the read ahead is still on its way
    const seen: string[] = [];
    const observer = new MutationObserver(() => {
      if (document.querySelector('.player-card__name') && !document.querySelector('.player-goals'))
        seen.push('heading without goals');
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    lookUp();
    await screen.findByRole('region', { name: 'This session, for 1 h 20 min' });
    observer.disconnect();
    expect(seen).toEqual([]);
  });

  it('reads ahead for a UUID query too', async () => {
    const answer = await seed({});
    const between = vi.spyOn(pageHistoryStore(), 'playerSnapshots');
    lookUp(UUID.toUpperCase());
    await vi.waitFor(() => expect(between).toHaveBeenCalledWith(UUID, 0, expect.any(Number)));
    await act(async () => answer.resolve(ok(online)));
    expect(await screen.findByRole('region', { name: 'Goals' })).toBeTruthy();
  });

  it('guesses no one when two kept players had that name, and reads after the answer', async () => {
    const answer = await seed({ [UUID]: { name: 'Notch' }, [OTHER_UUID]: { name: 'NOTCH' } });
    const between = vi.spyOn(pageHistoryStore(), 'playerSnapshots');
    lookUp();
    await vi.waitFor(() => expect(requestsOf(ask, 'player')).toHaveLength(1));
    await act(async () => {
      for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(between).not.toHaveBeenCalled();
    await act(async () => answer.resolve(ok(online)));
    await screen.findByRole('region', { name: 'This session, for 1 h 20 min' });
    expect(between).toHaveBeenCalledTimes(1);
  });

  it('reads again after the answer when it differs from the last snapshot (the background records a new one)', async () => {
    const answer = await seed();
    const between = vi.spyOn(pageHistoryStore(), 'playerSnapshots');
    lookUp();
    await readAhead(between);
    await act(async () => answer.resolve(ok({ ...online, balance: 1500 })));
    await screen.findByRole('region', { name: 'This session, for 1 h 20 min' });
    expect(between).toHaveBeenCalledTimes(2);
  });
});

describe('the history database, opened with the look-up', () => {
  /** storage.sync's read held until `release`: the stored part is not in meanwhile. */
  function holdSync() {
    const held = deferred<void>();
    const syncGet = fakeBrowser.storage.sync.get.bind(fakeBrowser.storage.sync) as (
      keys?: unknown,
    ) => Promise<Record<string, unknown>>;
    vi.spyOn(fakeBrowser.storage.sync, 'get').mockImplementation(((keys?: unknown) =>
      held.promise.then(() => syncGet(keys as string))) as typeof syncGet);
    return held;
  }

  it('is opened as the look-up starts, before the stored part is in, not after it', async () => {
    const answer = await seed();
    const held = holdSync();
    const store = pageHistoryStore();
    const opened = vi.spyOn(store, 'withDatabase');
    const between = vi.spyOn(store, 'playerSnapshots');
    lookUp();
    await vi.waitFor(() => expect(opened).toHaveBeenCalled());
    expect(between).not.toHaveBeenCalled();
    await act(async () => held.resolve());
    await act(async () => answer.resolve(ok(online)));
    await screen.findByRole('region', { name: 'This session, for 1 h 20 min' });
    expect(between).toHaveBeenCalledTimes(1);
  });

  it('reads a UUID query’s snapshots beside the stored part, not after it', async () => {
    const answer = await seed({});
    const held = holdSync();
    const between = vi.spyOn(pageHistoryStore(), 'playerSnapshots');
    lookUp(UUID.toUpperCase());
    await vi.waitFor(() => expect(between).toHaveBeenCalledWith(UUID, 0, expect.any(Number)));
    await act(async () => held.resolve());
    await act(async () => answer.resolve(ok(online)));
    expect(await screen.findByRole('region', { name: 'Goals' })).toBeTruthy();
    expect(between).toHaveBeenCalledTimes(1);
  });
});

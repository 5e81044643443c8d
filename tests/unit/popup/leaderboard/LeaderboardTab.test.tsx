import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { LeaderboardTab } from '@/entrypoints/popup/leaderboard/LeaderboardTab';
import type { LeaderboardLimit } from '@/entrypoints/popup/popup-state';
import { speak } from '@/tests/fixtures/catalogues';
import { deferred, fail, fakeBackground, makeLeaderboard, ok, requestsOf } from '@/tests/fixtures/players';
import type { ApiError } from '@/utils/api/errors';
import type { LeaderboardType } from '@/utils/api/schemas';
import { askBackground } from '@/utils/ask-background';
import { getRecentPlayers } from '@/utils/recent-players';
import { updateSettings } from '@/utils/settings';

vi.mock('@/utils/ask-background', () => ({ askBackground: vi.fn() }));
const ask = vi.mocked(askBackground);

function renderTab(props: { board?: LeaderboardType; limit?: LeaderboardLimit } = {}) {
  const onChange = vi.fn();
  const onOpenPlayer = vi.fn();
  const utils = render(
    <LeaderboardTab
      initialBoard={props.board ?? 'balance'}
      initialLimit={props.limit ?? 10}
      onChange={onChange}
      onOpenPlayer={onOpenPlayer}
    />,
  );
  return { ...utils, onChange, onOpenPlayer };
}

const NAMES = ['Notch', 'Steve', 'jeb_'];

describe('LeaderboardTab', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    ask.mockReset();
  });
  afterEach(cleanup);

  it('shows the entries as an ordered list: position, name and formatted value', async () => {
    fakeBackground(ask, {
      leaderboard: ({ board }) =>
        ok(makeLeaderboard(board, NAMES, (i) => [1_234_567.5, 48_213.57, 250][i] ?? 0)),
    });
    renderTab();
    const list = await screen.findByRole('list');
    expect(list.tagName).toBe('OL');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['1Notch1,234,567.5', '2Steve48,213.57', '3jeb_250']);
    expect(requestsOf(ask, 'leaderboard')).toEqual([{ type: 'leaderboard', board: 'balance', limit: 10 }]);
  });

  it('shows a tagged player’s tag beside their name, as text', async () => {
    fakeBackground(ask, {
      leaderboard: ({ board }) => ok(makeLeaderboard(board, NAMES)),
      'player-notes': () => ({
        '00000000-0000-4000-8000-000000000001': {
          tag: { label: '<b>rival</b>', colour: 'red' },
          updatedAt: 1,
        },
      }),
    });
    renderTab();
    const rows = within(await screen.findByRole('list')).getAllByRole('listitem');
    await waitFor(() => expect(rows[1]?.querySelector('.tag-chip')?.textContent).toBe('Tag: <b>rival</b>'));
    expect(rows[1]?.querySelector('.tag-chip--red b')).toBeNull();
    expect(rows[0]?.querySelector('.tag-chip')).toBeNull();
  });

  it('switches boards with a segmented control, saying how often each refreshes', async () => {
    fakeBackground(ask, { leaderboard: ({ board }) => ok(makeLeaderboard(board, NAMES)) });
    const { onChange } = renderTab();
    await screen.findByRole('list');
    expect(screen.getByText('Updated about every 45 s.')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Balance' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Kills' }));
    expect(screen.getByText('Updated about every 5 min.')).toBeTruthy();
    await screen.findByRole('list');
    fireEvent.click(screen.getByRole('radio', { name: 'Shards' }));
    expect(screen.getByText('Updated about every 45 s.')).toBeTruthy();
    await screen.findByRole('list');
    expect(requestsOf(ask, 'leaderboard').map((r) => r.board)).toEqual(['balance', 'kills', 'shards']);
    expect(onChange).toHaveBeenLastCalledWith('shards', 10);
  });

  it('asks for 10, 25, 50 or 100 entries', async () => {
    fakeBackground(ask, { leaderboard: ({ board }) => ok(makeLeaderboard(board, NAMES)) });
    const { onChange } = renderTab();
    const select = screen.getByRole('combobox', { name: 'Show' }) as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.value)).toEqual(['10', '25', '50', '100']);
    fireEvent.change(select, { target: { value: '50' } });
    await screen.findByRole('list');
    expect(requestsOf(ask, 'leaderboard').at(-1)).toEqual({
      type: 'leaderboard',
      board: 'balance',
      limit: 50,
    });
    expect(onChange).toHaveBeenLastCalledWith('balance', 50);
  });

  it('restores the last board and limit', async () => {
    fakeBackground(ask, { leaderboard: ({ board }) => ok(makeLeaderboard(board, NAMES)) });
    renderTab({ board: 'kills', limit: 25 });
    await screen.findByRole('list');
    expect((screen.getByRole('radio', { name: 'Kills' }) as HTMLInputElement).checked).toBe(true);
    expect(requestsOf(ask, 'leaderboard')).toEqual([{ type: 'leaderboard', board: 'kills', limit: 25 }]);
  });

  it('opens the player view when a name is activated', async () => {
    fakeBackground(ask, { leaderboard: ({ board }) => ok(makeLeaderboard(board, NAMES)) });
    const { onOpenPlayer } = renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Steve' }));
    expect(onOpenPlayer).toHaveBeenCalledWith('Steve');
  });

  it('highlights your own name when it is set', async () => {
    await updateSettings({ ownName: 'steve' });
    fakeBackground(ask, { leaderboard: ({ board }) => ok(makeLeaderboard(board, NAMES)) });
    renderTab();
    await screen.findByText('(you)');
    const own = screen.getByText('(you)').closest('li');
    expect(own?.getAttribute('aria-current')).toBe('true');
    expect(own?.classList.contains('is-own')).toBe(true);
    expect(within(own as HTMLElement).getByRole('button').textContent).toBe('Steve');
    expect(document.querySelectorAll('[aria-current]')).toHaveLength(1);
  });

  it('remembers the names it shows as recently seen', async () => {
    fakeBackground(ask, { leaderboard: ({ board }) => ok(makeLeaderboard(board, NAMES)) });
    renderTab();
    await screen.findByRole('list');
    await vi.waitFor(async () => expect(await getRecentPlayers()).toEqual(NAMES));
  });

  it('shows a loading state', async () => {
    const answer = deferred<unknown>();
    fakeBackground(ask, { leaderboard: () => answer.promise });
    const { container } = renderTab();
    expect(screen.getByText('Loading the balance leaderboard…')).toBeTruthy();
    expect(container.querySelector('section[aria-busy="true"]')).not.toBeNull();
    await act(async () => answer.resolve(ok(makeLeaderboard('balance', NAMES))));
    expect(container.querySelector('section[aria-busy="true"]')).toBeNull();
  });

  it('has an empty state', async () => {
    fakeBackground(ask, { leaderboard: ({ board }) => ok(makeLeaderboard(board, [])) });
    renderTab();
    expect(await screen.findByText('Nobody is on this leaderboard yet.')).toBeTruthy();
  });

  it('never shows an older board’s answer for the board now selected', async () => {
    const slowBalance = deferred<unknown>();
    fakeBackground(ask, {
      leaderboard: ({ board }) =>
        board === 'balance' ? slowBalance.promise : ok(makeLeaderboard(board, ['Killer'])),
    });
    renderTab();
    fireEvent.click(screen.getByRole('radio', { name: 'Kills' }));
    expect(await screen.findByRole('button', { name: 'Killer' })).toBeTruthy();
    await act(async () => slowBalance.resolve(ok(makeLeaderboard('balance', ['Rich']))));
    expect(screen.queryByRole('button', { name: 'Rich' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Killer' })).toBeTruthy();
  });

  const errors: Array<[ApiError, string]> = [
    [{ kind: 'unauthorized' }, 'Invalid API key.'],
    [{ kind: 'rate-limited', retryAfterSeconds: 30 }, 'Too many requests, try again in 30 s.'],
    [{ kind: 'unavailable' }, 'The leaderboard is unavailable right now.'],
    [{ kind: 'offline' }, "Can't reach the server."],
    [{ kind: 'timeout' }, 'The server took too long to answer.'],
    [{ kind: 'bad-response', detail: 'x' }, 'The server sent an answer the extension could not read.'],
    [{ kind: 'bad-request', message: 'type must be one of: balance, shards, kills' }, 'The server refused'],
  ];

  it.each(errors)('says what went wrong for %o', async (error, sentence) => {
    fakeBackground(ask, { leaderboard: () => fail(error) });
    renderTab();
    expect((await screen.findByRole('alert')).textContent).toContain(sentence);
  });

  it('retries after an error', async () => {
    let calls = 0;
    fakeBackground(ask, {
      leaderboard: ({ board }) =>
        ++calls === 1 ? fail({ kind: 'offline' }) : ok(makeLeaderboard(board, NAMES)),
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('LeaderboardTab in other languages', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    ask.mockReset();
  });
  afterEach(cleanup);

  it('names the boards, the list and how often it refreshes in German', async () => {
    await speak('de');
    fakeBackground(ask, { leaderboard: ({ board }) => ok(makeLeaderboard(board, NAMES)) });
    renderTab();
    expect(await screen.findByRole('region', { name: 'Bestenliste Kontostand' })).toBeTruthy();
    expect(screen.getByText('Wird etwa alle 45 Sekunden aktualisiert.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Kills' }));
    expect(screen.getByText('Wird etwa alle 5 Minuten aktualisiert.')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Top 25' })).toBeTruthy();
  });
});

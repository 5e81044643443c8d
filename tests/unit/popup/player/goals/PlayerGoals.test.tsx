// The card's goals (entrypoints/popup/player/goals/): a position goal reads its board once as it
// is shown, a goal met keeps the date it was first seen so, the form offers the own name first
// and saves a synced item, and a full list says so instead of the form.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PlayerGoals } from '@/entrypoints/popup/player/goals/PlayerGoals';
import { fakeBackground, makeLeaderboard, makePlayer, ok, requestsOf } from '@/tests/fixtures/players';
import { askBackground } from '@/utils/ask-background';
import { goalKey } from '@/utils/goals/goal-store';
import { MAX_GOALS } from '@/utils/limits';

vi.mock('@/utils/ask-background', () => ({ askBackground: vi.fn() }));
vi.mock('@/utils/history/page-history', () => ({
  pageHistoryStore: () => ({ playerSnapshots: async () => [] }),
}));
const ask = vi.mocked(askBackground);

const T = Date.UTC(2026, 10, 1);
const player = makePlayer({ name: 'Steve', stats_may_lag: false });
const uuid = player.uuid;
const stored = (fields: Record<string, unknown>) => ({
  name: 'Steve',
  start: 100,
  setAt: T,
  updatedAt: T,
  v: 1,
  ...fields,
});

describe('PlayerGoals', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    ask.mockReset();
  });
  afterEach(cleanup);

  it('a position goal reads its board once, with the place as the limit, and says what the place needs now', async () => {
    await fakeBrowser.storage.sync.set({
      [goalKey(uuid, 'kills')]: stored({ stat: 'kills', kind: 'position', target: 10 }),
    });
    fakeBackground(ask, {
      leaderboard: (request) =>
        ok(
          makeLeaderboard(
            'kills',
            Array.from({ length: request.limit }, (_, i) => `P${i}`),
            (i) => 10_000 - i * 500,
          ),
        ),
    });
    const { rerender } = render(<PlayerGoals player={player} />);
    await screen.findByText('Top 10 needs 5,501 now.');
    const bar = screen.getByRole('progressbar', { name: 'Top 10 in kills' });
    expect(bar.getAttribute('aria-valuemax')).toBe('5501');
    expect(bar.getAttribute('aria-valuenow')).toBe(String(player.stats.kills));
    rerender(<PlayerGoals player={player} />);
    expect(requestsOf(ask, 'leaderboard')).toEqual([{ type: 'leaderboard', board: 'kills', limit: 10 }]);
  });

  it('a goal met keeps the date it was first seen so, once', async () => {
    await fakeBrowser.storage.sync.set({
      [goalKey(uuid, 'shards')]: stored({ stat: 'shards', kind: 'value', target: 1000 }),
    });
    render(<PlayerGoals player={player} />);
    await screen.findByText(/^Reached on /);
    const item = (await fakeBrowser.storage.sync.get(goalKey(uuid, 'shards')))[goalKey(uuid, 'shards')];
    expect(item).toMatchObject({ reachedAt: expect.any(Number), target: 1000 });
    expect(screen.getByRole('progressbar', { name: '1,000 shards' }).getAttribute('aria-valuenow')).toBe(
      '1000',
    );
  });

  it('the form offers the own name first, refuses a target in a sentence and saves a good one', async () => {
    await fakeBrowser.storage.local.set({ settings: { ownName: 'Alex' } });
    render(<PlayerGoals player={player} />);
    await screen.findByText('No goals for Steve yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Set a goal…' }));
    const who = await screen.findByRole('combobox', { name: 'For' });
    expect([...(who as HTMLSelectElement).options].map((option) => option.value)).toEqual(['Alex', 'Steve']);
    expect((who as HTMLSelectElement).value).toBe('Alex');
    fireEvent.change(who, { target: { value: 'Steve' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Stat' }), { target: { value: 'kills' } });
    const field = screen.getByRole('textbox', { name: 'Value to reach' });
    fireEvent.input(field, { target: { value: '12.5' } });
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    await screen.findByText('Enter a whole number, such as 1,000,000.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.input(field, { target: { value: '5,000' } });
    fireEvent.submit(field.closest('form') as HTMLFormElement);
    await screen.findByRole('progressbar', { name: '5,000 kills' });
    expect(
      (await fakeBrowser.storage.sync.get(goalKey(uuid, 'kills')))[goalKey(uuid, 'kills')],
    ).toMatchObject({
      kind: 'value',
      target: 5000,
      start: player.stats.kills,
    });
    // The own name was not looked up: the goal was for the card's player.
    expect(requestsOf(ask, 'player')).toEqual([]);
  });

  it(`at ${MAX_GOALS} goals the form gives way to a sentence`, async () => {
    const items: Record<string, unknown> = {};
    for (let n = 0; n < MAX_GOALS; n += 1)
      items[goalKey(`00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, 'kills')] = stored({
        stat: 'kills',
        kind: 'value',
        target: 5000,
      });
    await fakeBrowser.storage.sync.set(items);
    render(<PlayerGoals player={player} />);
    await screen.findByText(
      `You have ${MAX_GOALS} goals, the most that can be kept. Remove one to set another.`,
    );
    expect(screen.queryByRole('button', { name: 'Set a goal…' })).toBeNull();
    await waitFor(() => expect(screen.getByText('No goals for Steve yet.')).toBeTruthy());
  });
});

import { cleanup, render, screen, within } from '@testing-library/preact';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { WatchlistTab } from '@/entrypoints/popup/watchlist/WatchlistTab';
import { fakeBackground } from '@/tests/fixtures/players';
import { askBackground } from '@/utils/ask-background';
import { DAY_MS } from '@/utils/history/history-limits';
import { pageHistoryStore } from '@/utils/history/page-history';
import { freshIndexedDb, player, UUID } from '../../utils/history/history-fixtures';

vi.mock('@/utils/ask-background', () => ({ askBackground: vi.fn() }));
const ask = vi.mocked(askBackground);

const QUIET_UUID = '5a1f3c2e-9b7d-4e01-8c3a-0d2f6b9e1a47';
const status = { online: false, rankDisplay: '&6VIP', checkedAt: Date.now() };

describe('the Watchlist tab’s deltas', () => {
  beforeAll(async () => {
    // One database for the file: the page keeps one connection (page-history.ts).
    freshIndexedDb();
    const store = pageHistoryStore();
    const now = Date.now();
    const written = [
      store.recordPlayer(player({}, { kills: 10 }), now - 3 * DAY_MS),
      store.recordPlayer(player({ balance: 4400 }, { kills: 22 }), now - 2 * DAY_MS),
      store.recordPlayer(player({ uuid: QUIET_UUID, name: 'Steve' }), now - 3 * DAY_MS),
    ];
    await store.flush();
    await Promise.all(written);
  });
  beforeEach(() => {
    fakeBrowser.reset();
    fakeBackground(ask, {
      watchlist: () => ({
        players: [
          { uuid: UUID, name: 'Notch', status },
          { uuid: QUIET_UUID, name: 'Steve', status },
        ],
        max: 50,
      }),
    });
  });
  afterEach(cleanup);

  it('shows what changed this week beside a player, and nothing beside one whose stats did not move', async () => {
    render(<WatchlistTab onOpenPlayer={() => {}} />);
    const list = await screen.findByRole('list', { name: 'Watched players' });
    const [notch, steve] = within(list).getAllByRole('listitem');
    expect(await within(notch as HTMLElement).findByText('+12 kills, +3.4k balance this week')).toBeTruthy();
    expect(steve?.textContent).not.toMatch(/week|day/);
  });
});

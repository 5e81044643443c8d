import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { App } from '@/entrypoints/popup/App';
import { DEFAULT_POPUP_STATE, loadPopupState, type PopupState } from '@/entrypoints/popup/popup-state';
import type { PlayersCount } from '@/utils/api/schemas';
import { askBackground } from '@/utils/ask-background';
import type { Reply } from '@/utils/messages';
import { updateSettings } from '@/utils/settings';
import { speak } from '../../fixtures/catalogues';
import {
  fail,
  fakeBackground,
  type Handlers,
  makeLeaderboard,
  makeListing,
  makePlayer,
  makeSearch,
  ok,
  requestsOf,
} from '../../fixtures/players';

vi.mock('@/utils/ask-background', () => ({ askBackground: vi.fn() }));
const ask = vi.mocked(askBackground);

const configured: Handlers = {
  'connection-status': () => ({ baseUrl: 'http://127.0.0.1:8787', hasKey: true }),
  'players-count': () => ok({ online: 1234 }),
  player: ({ identifier }) => ok(makePlayer({ name: identifier })),
  'auction-search': () => ok(makeSearch([makeListing({ seller: 'Notch' })])),
  leaderboard: ({ board }) => ok(makeLeaderboard(board, ['jeb_', 'Steve'])),
};

function renderApp(state: Partial<PopupState> = {}, handlers: Handlers = configured) {
  fakeBackground(ask, handlers);
  return render(<App initialState={{ ...DEFAULT_POPUP_STATE, ...state }} />);
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('popup App', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    ask.mockReset();
    vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue(undefined);
  });
  afterEach(cleanup);

  it('shows the network’s online count, fetched on open', async () => {
    renderApp();
    expect(screen.getByRole('heading', { level: 1, name: 'Network Companion' })).toBeTruthy();
    expect(await screen.findByText('1,234 online')).toBeTruthy();
    expect(requestsOf(ask, 'players-count')).toHaveLength(1);
  });

  it('shows the badge’s last count at once, then the fresh one', async () => {
    let answer = (_: Reply<PlayersCount>) => {};
    const fresh = new Promise<Reply<PlayersCount>>((resolve) => (answer = resolve));
    fakeBackground(ask, { ...configured, 'players-count': () => fresh });
    render(<App initialState={DEFAULT_POPUP_STATE} lastCount={{ online: 1200, fetchedAt: 1 }} />);
    expect(screen.getByText('1,200 online')).toBeTruthy();
    answer(ok({ online: 1234 }));
    expect(await screen.findByText('1,234 online')).toBeTruthy();
  });

  it('says so when the online count cannot be fetched', async () => {
    renderApp({}, { ...configured, 'players-count': () => fail({ kind: 'offline' }) });
    expect(await screen.findByText("Online count unavailable: Can't reach the server.")).toBeTruthy();
    expect(screen.getByText('Server unreachable').closest('p')?.getAttribute('title')).toBe(
      "Can't reach the server.",
    );
    expect(screen.queryByText(/– online/)).toBeNull();
  });

  it('says plainly that the count is unavailable when the server answered but not with it', async () => {
    renderApp({}, { ...configured, 'players-count': () => fail({ kind: 'unauthorized' }) });
    expect(await screen.findByText('Count unavailable')).toBeTruthy();
  });

  it('links to the options page', async () => {
    renderApp();
    const link = screen.getByRole('link', { name: 'Options' });
    expect(link.getAttribute('href')).toBe('chrome-extension://test-extension-id/options.html');
    fireEvent.click(link);
    expect(fakeBrowser.runtime.openOptionsPage).toHaveBeenCalled();
  });

  it.each([
    ['no key', { baseUrl: 'http://127.0.0.1:8787', hasKey: false }],
    ['no base URL', { baseUrl: '', hasKey: true }],
  ])('shows the one-step setup prompt instead of the tabs with %s', async (_, status) => {
    renderApp({}, { ...configured, 'connection-status': () => status });
    const button = await screen.findByRole('button', { name: 'Open options to add your API key' });
    expect(screen.queryByRole('tab')).toBeNull();
    // The header asked for the count while the connection was checked (the background answers
    // not-configured without sending anything); once the answer is in, nothing else is asked.
    expect(requestsOf(ask, 'players-count').length).toBeLessThanOrEqual(1);
    expect(requestsOf(ask, 'player')).toHaveLength(0);
    fireEvent.click(button);
    expect(fakeBrowser.runtime.openOptionsPage).toHaveBeenCalled();
  });

  it('has four tabs with their panels, and opens on the Player tab by default', async () => {
    renderApp();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Player',
      'Auctions',
      'Leaderboard',
      'Watchlist',
    ]);
    expect(tab('Player').getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByLabelText('Player name or UUID')).toBeTruthy();
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(tab('Player').id);
    expect(tab('Player').getAttribute('aria-controls')).toBe(panel.id);
  });

  it('moves between tabs with the arrow keys, Home and End', async () => {
    renderApp();
    await screen.findByLabelText('Player name or UUID');
    tab('Player').focus();
    fireEvent.keyDown(tab('Player'), { key: 'ArrowRight' });
    expect(tab('Auctions').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('Auctions'));
    expect(tab('Auctions').tabIndex).toBe(0);
    expect(tab('Player').tabIndex).toBe(-1);
    fireEvent.keyDown(tab('Auctions'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Leaderboard'));
    fireEvent.keyDown(tab('Leaderboard'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Watchlist'));
    fireEvent.keyDown(tab('Watchlist'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tab('Player'));
    fireEvent.keyDown(tab('Player'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tab('Watchlist'));
    fireEvent.keyDown(tab('Watchlist'), { key: 'Home' });
    expect(document.activeElement).toBe(tab('Player'));
    fireEvent.keyDown(tab('Player'), { key: 'End' });
    expect(tab('Watchlist').getAttribute('aria-selected')).toBe('true');
  });

  it('fetches a tab’s data only when it is first shown, and keeps it when switching back', async () => {
    renderApp();
    await screen.findByLabelText('Player name or UUID');
    expect(requestsOf(ask, 'auction-search')).toHaveLength(0);
    fireEvent.click(tab('Auctions'));
    await screen.findByText('1 of 1 listing');
    fireEvent.click(tab('Player'));
    fireEvent.click(tab('Auctions'));
    expect(screen.getByText('1 of 1 listing')).toBeTruthy();
    expect(requestsOf(ask, 'auction-search')).toHaveLength(1);
  });

  it('remembers the last tab and queries in storage', async () => {
    renderApp();
    fireEvent.click(tab('Leaderboard'));
    await waitFor(async () => expect((await loadPopupState()).tab).toBe('leaderboard'));
    fireEvent.click(tab('Player'));
    const field = await screen.findByLabelText('Player name or UUID');
    fireEvent.input(field, { target: { value: 'Notch' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
    await waitFor(async () =>
      expect(await loadPopupState()).toMatchObject({ tab: 'player', playerQuery: 'Notch' }),
    );
  });

  it('writes the state as it changes, not after the next paint: a popup closed at once keeps it', async () => {
    renderApp();
    await screen.findByText('1,234 online');
    const set = vi.spyOn(fakeBrowser.storage.local, 'set');
    // A plain click (fireEvent's act() would run the effects at once), then microtasks only: no
    // timer or animation frame runs, as none does in a popup closing.
    tab('Leaderboard').click();
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(set).toHaveBeenCalledWith(
      expect.objectContaining({ popupState: expect.objectContaining({ tab: 'leaderboard' }) }),
    );
  });

  it('reopens where the user was', async () => {
    renderApp({ tab: 'auctions', auctionQuery: 'gold', auctionSort: 'cheap' });
    expect(tab('Auctions').getAttribute('aria-selected')).toBe('true');
    await screen.findByText('1 of 1 listing');
    expect(requestsOf(ask, 'auction-search')[0]).toMatchObject({ item: 'gold', sort: 'cheap' });
    expect(requestsOf(ask, 'player')).toHaveLength(0);
  });

  it('opens a seller’s player view from the auctions', async () => {
    renderApp({ tab: 'auctions' });
    fireEvent.click(await screen.findByRole('button', { name: 'Notch' }));
    expect(tab('Player').getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('heading', { level: 2, name: 'Notch' })).toBeTruthy();
    expect((screen.getByLabelText('Player name or UUID') as HTMLInputElement).value).toBe('Notch');
  });

  it('opens a leaderboard name’s player view', async () => {
    renderApp({ tab: 'leaderboard' });
    fireEvent.click(await screen.findByRole('button', { name: 'jeb_' }));
    expect(tab('Player').getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('heading', { level: 2, name: 'jeb_' })).toBeTruthy();
  });

  it('focuses the search field with /, and not while typing', async () => {
    renderApp({ tab: 'auctions' });
    const search = await screen.findByRole('searchbox', { name: 'Search auctions' });
    fireEvent.keyDown(document.body, { key: '/' });
    expect(document.activeElement).toBe(search);
    fireEvent.click(tab('Player'));
    const field = await screen.findByLabelText('Player name or UUID');
    tab('Player').focus();
    fireEvent.keyDown(tab('Player'), { key: '/' });
    expect(document.activeElement).toBe(field);
    const event = new KeyboardEvent('keydown', { key: '/', bubbles: true, cancelable: true });
    field.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });

  it('goes to the auction search with / from the leaderboard', async () => {
    renderApp({ tab: 'leaderboard' });
    await screen.findByRole('list');
    fireEvent.keyDown(document.body, { key: '/' });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Search auctions' })),
    );
    expect(tab('Auctions').getAttribute('aria-selected')).toBe('true');
  });

  it('checks the connection again when the settings change', async () => {
    let hasKey = false;
    renderApp({}, { ...configured, 'connection-status': () => ({ baseUrl: 'http://x', hasKey }) });
    await screen.findByRole('button', { name: 'Open options to add your API key' });
    hasKey = true;
    await updateSettings({ apiBaseUrl: 'http://127.0.0.1:8787' });
    expect(await screen.findByRole('tab', { name: 'Player' })).toBeTruthy();
  });
});

describe('popup App in other languages', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    ask.mockReset();
  });
  afterEach(cleanup);

  it('names the tabs, the options link and the count in German', async () => {
    await speak('de');
    renderApp();
    expect(screen.getByRole('tablist', { name: 'Ansichten' })).toBeTruthy();
    for (const name of ['Spieler', 'Auktionen', 'Bestenliste', 'Merkliste']) expect(tab(name)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Einstellungen' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: '1.234 online' })).toBeTruthy();
  });

  it('asks for the API key in French when none is set', async () => {
    await speak('fr');
    renderApp({}, { ...configured, 'connection-status': () => ({ baseUrl: '', hasKey: false }) });
    expect(await screen.findByRole('heading', { name: 'Se connecter au réseau' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: "Ouvrir les options pour ajouter votre clé d'API" }),
    ).toBeTruthy();
  });
});

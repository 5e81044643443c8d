// The tab reads the week's history as it mounts: an empty database, not none (a warning each test).
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { WatchlistTab } from '@/entrypoints/popup/watchlist/WatchlistTab';
import { speak } from '@/tests/fixtures/catalogues';
import { fail, fakeBackground, ok, requestsOf } from '@/tests/fixtures/players';
import { askBackground } from '@/utils/ask-background';
import type { WatchlistEntry } from '@/utils/messages';

vi.mock('@/utils/ask-background', () => ({ askBackground: vi.fn() }));

const EMPTY_WATCHLIST =
  'You are not watching anyone yet. Look a player up on the Player tab (or hover their name on a forum) and press Watch on their card.';
const ask = vi.mocked(askBackground);

const HOUR = 3_600_000;
const uuidOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function entry(n: number, name: string, status?: WatchlistEntry['status']): WatchlistEntry {
  return { uuid: uuidOf(n), name, ...(status ? { status } : {}) };
}

const PLAYERS: WatchlistEntry[] = [
  entry(1, 'alex_', {
    online: false,
    rankDisplay: '&7Member',
    checkedAt: Date.now(),
    seenOnlineAt: Date.now() - 2 * HOUR - 60_000,
  }),
  entry(2, 'Notch', {
    online: true,
    rankDisplay: '&4&lOWNER',
    checkedAt: Date.now(),
    seenOnlineAt: Date.now(),
  }),
  entry(3, 'Zed_1', { online: false, rankDisplay: '', checkedAt: Date.now() }),
  entry(4, 'Brand_New'),
];

function renderTab() {
  const onOpenPlayer = vi.fn();
  render(<WatchlistTab onOpenPlayer={onOpenPlayer} />);
  return { onOpenPlayer };
}

describe('WatchlistTab', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    ask.mockReset();
  });
  afterEach(cleanup);

  it('says which player keeps failing, why, when it was tried and what to do (issue 33)', async () => {
    const now = Date.now();
    const failing: WatchlistEntry = {
      ...entry(5, 'Steve', { online: false, rankDisplay: '', checkedAt: now - 3 * HOUR }),
      failing: {
        failures: 3,
        failure: 'unavailable',
        triedAt: now - 5 * 60_000,
        retryAt: now + 35 * 60_000 + 30_000,
      },
    };
    fakeBackground(ask, { watchlist: () => ({ players: [...PLAYERS, failing], max: 200 }) });
    renderTab();
    const note = await screen.findByRole('note');
    expect(note.textContent).toBe(
      'Checks of Steve keep failing: the server answered with an error. Last tried 5 min ago; next try in 35 min. It is tried again on its own, less and less often; the others are checked meanwhile.',
    );
    expect(note.closest('li')?.querySelector('.watchlist__name')?.textContent).toBe('Steve');
    expect(screen.getAllByRole('note')).toHaveLength(1);
  });

  it('online first, then not checked yet, then offline; each with Online/Offline and when last seen online', async () => {
    fakeBackground(ask, { watchlist: () => ({ players: PLAYERS, max: 200 }) });
    renderTab();
    const list = await screen.findByRole('list', { name: 'Watched players' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.watchlist__name')?.textContent)).toEqual([
      'Notch',
      'Brand_New',
      'alex_',
      'Zed_1',
    ]);
    expect(items[0]?.textContent).toContain('Online');
    expect(items[1]?.textContent).toContain('Not checked yet');
    expect(items[2]?.textContent).toContain('Offline');
    expect(items[2]?.textContent).toContain('seen online 2 h ago');
    expect(items[3]?.textContent).toContain('not seen online yet');
    expect(screen.getByText('1 of 4 online')).toBeTruthy();
    // The name plain (the text colour, not the rank's), the rank beside it in its colours; none for no rank.
    const notch = items[0]?.querySelector<HTMLElement>('.watchlist__name');
    expect(notch?.getAttribute('style') ?? '').not.toContain('--rank-c-light');
    const rank = items[0]?.querySelector<HTMLElement>('.watchlist__rank');
    expect(rank?.textContent).toBe('OWNER');
    expect(rank?.querySelector('[style*="--rank-c-light"]')).toBeTruthy();
    expect(items[3]?.querySelector('.watchlist__rank')).toBeNull();
  });

  it('stops watching with a quiet icon button named for the player, not a word on every row', async () => {
    fakeBackground(ask, {
      watchlist: () => ({ players: PLAYERS, max: 200 }),
      unwatch: () => ({ watched: false, full: false }),
    });
    renderTab();
    const list = await screen.findByRole('list', { name: 'Watched players' });
    expect(within(list).queryByText('Unwatch')).toBeNull();
    const remove = within(list).getByRole('button', { name: 'Stop watching alex_' });
    expect(remove.textContent).toBe('');
    expect(remove.getAttribute('title')).toBe('Stop watching alex_');
    fireEvent.click(remove);
    await waitFor(() =>
      expect(requestsOf(ask, 'unwatch')).toEqual([{ type: 'unwatch', uuid: PLAYERS[0]?.uuid }]),
    );
  });

  it('an Unwatch the browser’s synced storage refused says so', async () => {
    fakeBackground(ask, {
      watchlist: () => ({ players: PLAYERS, max: 200 }),
      unwatch: () => ({ watched: true, full: false, message: 'Your browser did not save the watchlist.' }),
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Stop watching alex_' }));
    expect(await screen.findByText('Your browser did not save the watchlist.')).toBeTruthy();
  });

  it('a name opens the Player tab with that player', async () => {
    fakeBackground(ask, { watchlist: () => ({ players: PLAYERS, max: 200 }) });
    const { onOpenPlayer } = renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'alex_' }));
    expect(onOpenPlayer).toHaveBeenCalledWith('alex_');
  });

  it('empty: says how to watch someone, and offers no Check now', async () => {
    fakeBackground(ask, { watchlist: () => ({ players: [], max: 200 }) });
    renderTab();
    expect(await screen.findByText(EMPTY_WATCHLIST)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Check now' })).toBeNull();
  });

  it('Check now asks the background once, says how many were checked, and reloads the list', async () => {
    fakeBackground(ask, {
      watchlist: () => ({ players: PLAYERS, max: 200 }),
      'check-watchlist-now': () => ok({ checked: 4 }),
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Check now' }));
    expect(await screen.findByText('Checked 4 players just now.')).toBeTruthy();
    expect(requestsOf(ask, 'check-watchlist-now')).toHaveLength(1);
    expect(requestsOf(ask, 'watchlist').length).toBeGreaterThanOrEqual(2);
  });

  it('Check now during a 429 pause says so in the shared words', async () => {
    fakeBackground(ask, {
      watchlist: () => ({ players: PLAYERS, max: 200 }),
      'check-watchlist-now': () => fail({ kind: 'rate-limited', retryAfterSeconds: 30 }),
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Check now' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Too many requests/);
  });
});

describe('WatchlistTab in other languages', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    ask.mockReset();
  });
  afterEach(cleanup);

  it('says in German how many are online and how many were checked, in the right plural', async () => {
    await speak('de');
    fakeBackground(ask, {
      watchlist: () => ({ players: PLAYERS, max: 200 }),
      'check-watchlist-now': () => ok({ checked: 4 }),
    });
    renderTab();
    const list = await screen.findByRole('list', { name: 'Beobachtete Spieler' });
    expect(within(list).getAllByText('Offline').length).toBeGreaterThan(0);
    expect(within(list).getByText('Noch nicht geprüft')).toBeTruthy();
    expect(screen.getByText('1 von 4 online')).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Notch nicht mehr beobachten' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Jetzt prüfen' }));
    expect(await screen.findByText('Gerade 4 Spieler geprüft.')).toBeTruthy();
  });

  it('uses the singular in Spanish for one player checked', async () => {
    await speak('es');
    fakeBackground(ask, {
      watchlist: () => ({ players: PLAYERS.slice(0, 1), max: 200 }),
      'check-watchlist-now': () => ok({ checked: 1 }),
    });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Comprobar ahora' }));
    expect(await screen.findByText('Se acaba de comprobar 1 jugador.')).toBeTruthy();
  });

  it('says how to start watching in Brazilian Portuguese', async () => {
    await speak('pt_BR');
    fakeBackground(ask, { watchlist: () => ({ players: [], max: 200 }) });
    renderTab();
    expect(await screen.findByText(/^Você ainda não segue ninguém\./)).toBeTruthy();
  });

  it('shows each tagged player’s chip and note, and filters the list by tag', async () => {
    fakeBackground(ask, {
      watchlist: () => ({ players: PLAYERS, max: 200 }),
      'player-notes': () => ({
        [uuidOf(1)]: { tag: { label: 'Friend', colour: 'green' }, note: 'met at spawn', updatedAt: 1 },
        [uuidOf(3)]: { tag: { label: 'friend', colour: 'blue' }, updatedAt: 1 },
        [uuidOf(2)]: { tag: { label: 'rival', colour: 'red' }, updatedAt: 1 },
      }),
    });
    renderTab();
    const filter = await screen.findByRole('combobox', { name: 'Show' });
    const names = () =>
      within(screen.getByRole('list', { name: 'Watched players' }))
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.watchlist__name')?.textContent);
    expect(names()).toEqual(['Notch', 'Brand_New', 'alex_', 'Zed_1']);
    expect([...filter.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'All watched players',
      'Tagged “Friend”',
      'Tagged “rival”',
    ]);
    const alex = screen.getByRole('button', { name: 'alex_' }).closest('li');
    expect(alex?.querySelector('.tag-chip--green')?.textContent).toBe('Tag: Friend');
    expect(alex?.querySelector('.player-note__text')?.textContent).toBe('Note: met at spawn');
    fireEvent.change(filter, { target: { value: 'Friend' } });
    expect(names()).toEqual(['alex_', 'Zed_1']);
    fireEvent.change(filter, { target: { value: '' } });
    expect(names()).toHaveLength(4);
  });

  it('has no tag filter while nobody watched has a tag', async () => {
    fakeBackground(ask, { watchlist: () => ({ players: PLAYERS, max: 200 }), 'player-notes': () => ({}) });
    renderTab();
    await screen.findByRole('list', { name: 'Watched players' });
    await waitFor(() => expect(requestsOf(ask, 'player-notes')).toHaveLength(1));
    expect(screen.queryByRole('combobox', { name: 'Show' })).toBeNull();
  });
});

import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { SavedSearches } from '@/entrypoints/popup/auctions/saved/SavedSearches';
import { speak } from '@/tests/fixtures/catalogues';
import { fail, fakeBackground, requestsOf } from '@/tests/fixtures/players';
import { askBackground } from '@/utils/ask-background';
import type { SavedSearchView } from '@/utils/saved-searches/saved-search';

vi.mock('@/utils/ask-background', () => ({ askBackground: vi.fn() }));
const ask = vi.mocked(askBackground);

const DIAMOND: SavedSearchView = {
  id: 's1',
  text: 'diamond',
  sort: 'cheap',
  last: { at: Date.now(), lowest: 10, median: 12, listings: 4 },
};
const SWORD: SavedSearchView = { id: 's2', text: 'sword', sort: 'recent', alertBelow: 50, last: null };

function renderList(searches: SavedSearchView[]) {
  const onRun = vi.fn();
  fakeBackground(ask, {
    'saved-searches': () => searches,
    'check-saved-search': () => fail({ kind: 'offline' }),
    'remove-saved-search': () => ({ ok: true }),
    'set-saved-search-alert': (request) => ({
      ok: true,
      search: { ...DIAMOND, ...(request.alertBelow === null ? {} : { alertBelow: request.alertBelow }) },
    }),
  });
  render(<SavedSearches id="list" onRun={onRun} />);
  return { onRun };
}

describe('SavedSearches', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    ask.mockReset();
  });
  afterEach(cleanup);

  it('says what to do when there are none', async () => {
    renderList([]);
    expect(
      await screen.findByText(/No saved searches yet\. Search for something, then press Save search\./),
    ).toBeTruthy();
  });

  it('lists each with its last check, and runs one when clicked', async () => {
    const { onRun } = renderList([DIAMOND, SWORD]);
    const diamond = await screen.findByRole('listitem', { name: 'diamond (Cheapest)' });
    expect(within(diamond).getByText('Lowest 10 each · 4 listings · checked just now')).toBeTruthy();
    const sword = screen.getByRole('listitem', { name: 'sword (Recent)' });
    expect(within(sword).getByText('Not checked yet: press Check now.')).toBeTruthy();
    expect((within(sword).getByLabelText('Alert below') as HTMLInputElement).value).toBe('50');
    fireEvent.click(within(diamond).getByRole('button', { name: 'diamond (Cheapest)' }));
    expect(onRun).toHaveBeenCalledWith('diamond', 'cheap');
  });

  it('a search whose background checks keep failing says so, why, and what to do (issue 33)', async () => {
    const now = Date.now();
    renderList([
      DIAMOND,
      {
        ...SWORD,
        failing: {
          failures: 4,
          failure: 'bad-response',
          triedAt: now - 60 * 60_000,
          retryAt: now + 60 * 60_000 + 30_000,
        },
      },
    ]);
    const sword = await screen.findByRole('listitem', { name: 'sword (Recent)' });
    expect(within(sword).getByRole('note').textContent).toBe(
      'Checks of the search “sword” keep failing: this version of the extension could not read the answer. Last tried 1 h ago; next try in 1 h. If it lasts, look for an update of the extension.',
    );
    const diamond = screen.getByRole('listitem', { name: 'diamond (Cheapest)' });
    expect(within(diamond).queryByRole('note')).toBeNull();
  });

  it('Check now asks the background and shows a failure in words; Remove asks to remove', async () => {
    renderList([DIAMOND]);
    const item = await screen.findByRole('listitem', { name: 'diamond (Cheapest)' });
    fireEvent.click(within(item).getByRole('button', { name: 'Check now' }));
    expect(await within(item).findByRole('alert')).toBeTruthy();
    expect(requestsOf(ask, 'check-saved-search')).toEqual([{ type: 'check-saved-search', id: 's1' }]);
    fireEvent.click(within(item).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(requestsOf(ask, 'remove-saved-search')).toHaveLength(1));
  });

  it('a refused removal is shown on the search, saying what happened and what to do (issue 33, point 2)', async () => {
    const refused =
      'Your browser syncs only so many changes a minute, so this one was not saved. Wait a minute, then try again.';
    fakeBackground(ask, {
      'saved-searches': () => [DIAMOND],
      'remove-saved-search': () => ({ ok: false, message: refused }),
    });
    render(<SavedSearches id="list" onRun={vi.fn()} />);
    const item = await screen.findByRole('listitem', { name: 'diamond (Cheapest)' });
    fireEvent.click(within(item).getByRole('button', { name: 'Remove' }));
    expect((await within(item).findByRole('alert')).textContent).toBe(refused);
  });

  it('setting an alert asks for the notifications permission first, from the click', async () => {
    const request = vi.spyOn(fakeBrowser.permissions, 'request').mockResolvedValue(true as never);
    renderList([DIAMOND]);
    const item = await screen.findByRole('listitem', { name: 'diamond (Cheapest)' });
    fireEvent.input(within(item).getByLabelText('Alert below'), { target: { value: '9.5' } });
    fireEvent.click(within(item).getByRole('button', { name: 'Set alert' }));
    expect(request).toHaveBeenCalledWith({ permissions: ['notifications'] });
    expect(await within(item).findByText(/^Alert set: new listings below 9\.5 each/)).toBeTruthy();
    expect(requestsOf(ask, 'set-saved-search-alert')).toEqual([
      { type: 'set-saved-search-alert', id: 's1', alertBelow: 9.5 },
    ]);
  });

  it('does not set the alert when notifications are refused, and says how to allow them', async () => {
    vi.spyOn(fakeBrowser.permissions, 'request').mockResolvedValue(false as never);
    renderList([DIAMOND]);
    const item = await screen.findByRole('listitem', { name: 'diamond (Cheapest)' });
    fireEvent.input(within(item).getByLabelText('Alert below'), { target: { value: '9' } });
    fireEvent.click(within(item).getByRole('button', { name: 'Set alert' }));
    expect(await within(item).findByText(/needs permission to show notifications/)).toBeTruthy();
    expect(requestsOf(ask, 'set-saved-search-alert')).toEqual([]);
  });

  it('refuses a price that is not above 0 without asking anything', async () => {
    const request = vi.spyOn(fakeBrowser.permissions, 'request').mockResolvedValue(true as never);
    renderList([DIAMOND]);
    const item = await screen.findByRole('listitem', { name: 'diamond (Cheapest)' });
    const field = within(item).getByLabelText('Alert below');
    fireEvent.input(field, { target: { value: '0' } });
    fireEvent.click(within(item).getByRole('button', { name: 'Set alert' }));
    expect(await within(item).findByText(/Type a price per item above 0/)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(request).not.toHaveBeenCalled();
  });

  it('clearing an alert asks no permission', async () => {
    const request = vi.spyOn(fakeBrowser.permissions, 'request').mockResolvedValue(true as never);
    renderList([{ ...DIAMOND, alertBelow: 20 }]);
    const item = await screen.findByRole('listitem', { name: 'diamond (Cheapest)' });
    fireEvent.click(within(item).getByRole('button', { name: 'Clear alert' }));
    expect(await within(item).findByText('Alert cleared.')).toBeTruthy();
    expect(request).not.toHaveBeenCalled();
    expect(requestsOf(ask, 'set-saved-search-alert')[0]).toMatchObject({ alertBelow: null });
  });

  it('follows storage: a check in the background shows without reopening', async () => {
    renderList([DIAMOND]);
    await screen.findByRole('listitem', { name: 'diamond (Cheapest)' });
    const before = requestsOf(ask, 'saved-searches').length;
    await fakeBrowser.storage.local.set({
      savedSearchState: { s1: { last: null, seen: [], baselineFor: null } },
    });
    await waitFor(() => expect(requestsOf(ask, 'saved-searches').length).toBeGreaterThan(before));
  });
});

describe('SavedSearches in other languages', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    ask.mockReset();
  });
  afterEach(cleanup);

  it('says what to do when there are none, in French', async () => {
    await speak('fr');
    renderList([]);
    expect(await screen.findByText(/^Aucune recherche enregistrée\./)).toBeTruthy();
  });

  it('labels a search and its alert in Spanish', async () => {
    await speak('es');
    renderList([SWORD]);
    const item = await screen.findByRole('listitem', { name: 'sword (Recientes)' });
    expect(within(item).getByRole('button', { name: 'Comprobar ahora' })).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'Quitar alerta' })).toBeTruthy();
    expect(within(item).getByLabelText('Alerta por debajo de')).toBeTruthy();
    expect(
      within(item).getByText('Se avisará de las ofertas nuevas por debajo de 50 cada uno.'),
    ).toBeTruthy();
  });
});

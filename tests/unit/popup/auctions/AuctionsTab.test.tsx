import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { createRef } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { isRenamed, placeListings } from '@/entrypoints/popup/auctions/AuctionListingItem';
import {
  AuctionsTab,
  numericQuery,
  SAVE_NOTE_MS,
  SEARCH_DEBOUNCE_MS,
} from '@/entrypoints/popup/auctions/AuctionsTab';
import { readMarket } from '@/entrypoints/popup/auctions/read-market';
import { speak } from '@/tests/fixtures/catalogues';
import {
  advance,
  deferred,
  epochIn,
  fail,
  fakeBackground,
  makeListing,
  makeSearch,
  ok,
  requestsOf,
} from '@/tests/fixtures/players';
import type { AuctionSort } from '@/utils/api/schemas';
import { askBackground } from '@/utils/ask-background';
import { getRecentPlayers } from '@/utils/recent-players';

vi.mock('@/utils/ask-background', () => ({ askBackground: vi.fn() }));
const ask = vi.mocked(askBackground);
vi.mock('@/entrypoints/popup/auctions/read-market', () => ({
  readMarket: vi.fn(() => new Promise(() => {})),
}));
const read = vi.mocked(readMarket);

function renderTab(props: { initialQuery?: string; initialSort?: AuctionSort } = {}) {
  const onChange = vi.fn();
  const onOpenPlayer = vi.fn();
  const utils = render(
    <AuctionsTab
      initialQuery={props.initialQuery ?? ''}
      initialSort={props.initialSort ?? 'recent'}
      onChange={onChange}
      onOpenPlayer={onOpenPlayer}
      fieldRef={createRef()}
    />,
  );
  return { ...utils, onChange, onOpenPlayer };
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Search auctions' }) as HTMLInputElement;
const items = () => screen.queryAllByRole('listitem');

async function type(text: string) {
  fireEvent.input(searchBox(), { target: { value: text } });
  await advance(SEARCH_DEBOUNCE_MS);
}

describe('AuctionsTab', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    ask.mockReset();
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('searches everything at once on open, with its label, sort and count', async () => {
    fakeBackground(ask, { 'auction-search': () => ok(makeSearch([makeListing()], 312)) });
    renderTab();
    expect(searchBox()).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Sort' })).toBeTruthy();
    expect(await screen.findByText('1 of 312 listings')).toBeTruthy();
    expect(requestsOf(ask, 'auction-search')).toEqual([
      { type: 'auction-search', item: '', sort: 'recent', limit: 50 },
    ]);
    // One hint under the field; why a new listing is missing is folded behind a plain question.
    expect(screen.queryByText(/premium/)).toBeNull();
    const help = screen.getByText('A new listing is missing?');
    expect(help.tagName).toBe('SUMMARY');
    expect(help.closest('details')?.open).toBe(false);
    expect(screen.getByText(/^New listings show up here a little while/)).toBeTruthy();
  });

  it('shows a tagged seller’s chip beside the seller, matched by the name kept with the tag', async () => {
    fakeBackground(ask, {
      'auction-search': () =>
        ok(makeSearch([makeListing({ id: 1, seller: 'notch' }), makeListing({ id: 2, seller: 'Alex' })])),
      'player-notes': () => ({
        '069a79f4-44e9-4726-a5be-fca90e38aaf5': {
          name: 'Notch',
          tag: { label: 'scammer', colour: 'red' },
          updatedAt: 1,
        },
      }),
    });
    renderTab();
    await screen.findByText('scammer');
    const rows = items();
    expect(rows[0]?.querySelector('.tag-chip--red')?.textContent).toBe('Tag: scammer');
    expect(rows[1]?.querySelector('.tag-chip')).toBeNull();
  });

  it('offers Save search after a search, saves text and sort, and opens the saved list', async () => {
    fakeBackground(ask, {
      'auction-search': () => ok(makeSearch([makeListing()])),
      'save-search': ({ text, sort }) => ({
        ok: true,
        added: true,
        search: { id: 's1', text, sort, last: null },
      }),
      'saved-searches': () => [{ id: 's1', text: 'dia', sort: 'recent', last: null }],
    });
    renderTab();
    await screen.findByText('1 of 1 listing');
    // Nothing typed yet: nothing to save.
    expect(screen.queryByRole('button', { name: 'Save search' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Saved searches' })).toBeTruthy();
    await type('dia');
    await screen.findByText('1 of 1 listing');
    fireEvent.click(screen.getByRole('button', { name: 'Save search' }));
    expect(await screen.findByText('Saved: it is listed under Saved searches.')).toBeTruthy();
    expect(requestsOf(ask, 'save-search')).toEqual([{ type: 'save-search', text: 'dia', sort: 'recent' }]);
    expect(screen.getByRole('button', { name: 'Hide' }).getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByRole('listitem', { name: 'dia (Recent)' })).toBeTruthy();
  });

  it('lets the “Saved” note go after a few seconds, and folds the saved list when one is run, checking it too', async () => {
    fakeBackground(ask, {
      'auction-search': () => ok(makeSearch([makeListing()])),
      'save-search': ({ text, sort }) => ({
        ok: true,
        added: true,
        search: { id: 's1', text, sort, last: null },
      }),
      'saved-searches': () => [{ id: 's1', text: 'dia', sort: 'recent', last: null }],
      'check-saved-search': () => ok({ id: 's1', text: 'dia', sort: 'recent', last: null }),
    });
    renderTab({ initialQuery: 'dia' });
    await screen.findByText('1 of 1 listing');
    fireEvent.click(screen.getByRole('button', { name: 'Save search' }));
    expect(await screen.findByText('Saved: it is listed under Saved searches.')).toBeTruthy();
    await advance(SAVE_NOTE_MS + 100);
    expect(screen.queryByText('Saved: it is listed under Saved searches.')).toBeNull();

    const saved = await screen.findByRole('listitem', { name: 'dia (Recent)' });
    fireEvent.click(within(saved).getByRole('button', { name: 'dia (Recent)' }));
    await advance(0);
    expect(screen.getByRole('button', { name: 'Show' }).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listitem', { name: 'dia (Recent)' })).toBeNull();
    expect(requestsOf(ask, 'check-saved-search')).toEqual([{ type: 'check-saved-search', id: 's1' }]);
    // The list is asked past the cache, at the same moment as the check: the two counts agree.
    expect(requestsOf(ask, 'auction-search').at(-1)).toEqual({
      type: 'auction-search',
      item: 'dia',
      sort: 'recent',
      limit: 50,
      fresh: true,
    });
  });

  it('says when the search was saved already', async () => {
    fakeBackground(ask, {
      'auction-search': () => ok(makeSearch([makeListing()])),
      'save-search': ({ text, sort }) => ({
        ok: true,
        added: false,
        search: { id: 's1', text, sort, last: null },
      }),
    });
    renderTab({ initialQuery: 'dia' });
    await screen.findByText('1 of 1 listing');
    fireEvent.click(screen.getByRole('button', { name: 'Save search' }));
    expect(await screen.findByText('Already saved: it is listed under Saved searches.')).toBeTruthy();
  });

  it('says why a search could not be saved', async () => {
    fakeBackground(ask, {
      'auction-search': () => ok(makeSearch([makeListing()])),
      'save-search': () => ({ ok: false, message: 'You already have 50 saved searches.' }),
    });
    renderTab({ initialQuery: 'dia' });
    await screen.findByText('1 of 1 listing');
    fireEvent.click(screen.getByRole('button', { name: 'Save search' }));
    expect(await screen.findByText('You already have 50 saved searches.')).toBeTruthy();
  });

  it('offers the four sorts and searches again when the sort changes', async () => {
    fakeBackground(ask, { 'auction-search': () => ok(makeSearch([makeListing()])) });
    const { onChange } = renderTab();
    const sort = screen.getByRole('combobox', { name: 'Sort' }) as HTMLSelectElement;
    expect(Array.from(sort.options).map((o) => o.textContent)).toEqual([
      'Recent',
      'Oldest',
      'Cheapest',
      'Most expensive',
    ]);
    fireEvent.change(sort, { target: { value: 'cheap' } });
    await screen.findByText('1 of 1 listing');
    expect(requestsOf(ask, 'auction-search').at(-1)).toMatchObject({ sort: 'cheap' });
    expect(onChange).toHaveBeenLastCalledWith('', 'cheap');
  });

  it('searches as the user types, once typing pauses', async () => {
    fakeBackground(ask, { 'auction-search': ({ item }) => ok(makeSearch(item ? [makeListing()] : [])) });
    const { onChange } = renderTab();
    await screen.findByText('No listings right now.');
    fireEvent.input(searchBox(), { target: { value: 'd' } });
    fireEvent.input(searchBox(), { target: { value: 'di' } });
    fireEvent.input(searchBox(), { target: { value: 'dia' } });
    expect(requestsOf(ask, 'auction-search')).toHaveLength(1);
    await advance(SEARCH_DEBOUNCE_MS);
    expect(requestsOf(ask, 'auction-search').map((r) => r.item)).toEqual(['', 'dia']);
    expect(await screen.findByText('1 of 1 listing')).toBeTruthy();
    expect(onChange).toHaveBeenLastCalledWith('dia', 'recent');
  });

  it('keeps the view on the latest query when an older answer arrives last', async () => {
    const slow = deferred<unknown>();
    fakeBackground(ask, {
      'auction-search': ({ item }) =>
        item === 'diamond'
          ? slow.promise
          : ok(
              makeSearch(
                item === 'gold'
                  ? [makeListing({ id: 2, display_name: 'Gold Ingot', material: 'GOLD_INGOT' })]
                  : [],
              ),
            ),
    });
    renderTab();
    await type('diamond');
    await type('gold');
    expect(await screen.findByText('Gold Ingot')).toBeTruthy();
    await act(async () => slow.resolve(ok(makeSearch([makeListing({ id: 1 })]))));
    expect(screen.getByText('Gold Ingot')).toBeTruthy();
    expect(screen.queryByText('Diamond Sword')).toBeNull();
  });

  it('dims the old results and shows it is searching while a new query loads', async () => {
    const next = deferred<unknown>();
    fakeBackground(ask, {
      'auction-search': ({ item }) => (item === '' ? ok(makeSearch([makeListing()])) : next.promise),
    });
    const { container } = renderTab();
    await screen.findByText('1 of 1 listing');
    fireEvent.input(searchBox(), { target: { value: 'gold' } });
    expect(screen.getByText('Searching…')).toBeTruthy();
    expect(container.querySelector('section[aria-busy="true"]')).not.toBeNull();
    expect(container.querySelector('.listings--stale')).not.toBeNull();
    await advance(SEARCH_DEBOUNCE_MS);
    await act(async () => next.resolve(ok(makeSearch([]))));
    expect(await screen.findByText('No listings match “gold”.')).toBeTruthy();
    expect(container.querySelector('section[aria-busy="true"]')).toBeNull();
  });

  it('shows a loading indicator before the first answer', () => {
    fakeBackground(ask, { 'auction-search': () => new Promise(() => {}) });
    const { container } = renderTab();
    expect(screen.getByText('Searching…')).toBeTruthy();
    expect(container.querySelector('section[aria-busy="true"]')).not.toBeNull();
  });

  it('explains numeric searches match prices within 10%', () => {
    fakeBackground(ask, { 'auction-search': () => ok(makeSearch([])) });
    renderTab();
    fireEvent.input(searchBox(), { target: { value: '1000' } });
    expect(screen.getByText('Searching prices within 10% of 1,000 (900 to 1,100).')).toBeTruthy();
    fireEvent.input(searchBox(), { target: { value: 'diamond' } });
    expect(screen.queryByText(/Searching prices within 10%/)).toBeNull();
  });

  it('renders a listing: item, amount, prices, seller, time left and listed time', async () => {
    const listing = makeListing({
      display_name: '&6Excalibur',
      material: 'DIAMOND_SWORD',
      amount: 16,
      price: 12_500,
      formatted_price: '12.5k',
      time_left_seconds: 249,
      expires_at_epoch: epochIn(249),
      created_at_epoch: epochIn(-3 * 3600),
      seller: 'Notch',
    });
    fakeBackground(ask, { 'auction-search': () => ok(makeSearch([listing])) });
    const { onOpenPlayer } = renderTab();
    const [item] = await screen.findAllByRole('listitem');
    const row = within(item as HTMLElement);
    expect(item?.textContent).not.toContain('&');
    expect(row.getByText('Excalibur')).toBeTruthy();
    expect(row.getByText('Diamond Sword')).toBeTruthy();
    expect(row.getByText('16 ×')).toBeTruthy();
    expect(row.getByText('12,500')).toBeTruthy();
    // The price once: not again in the server's short form.
    expect(item?.textContent).not.toContain('12.5k');
    expect(row.getByText('781.25 each')).toBeTruthy();
    expect(row.getByText('Ends in 4:09')).toBeTruthy();
    expect(row.getByText('Listed 3 h ago')).toBeTruthy();
    fireEvent.click(row.getByRole('button', { name: 'Notch' }));
    expect(onOpenPlayer).toHaveBeenCalledWith('Notch');
  });

  it('leaves out the item type and price per item when they add nothing', async () => {
    fakeBackground(ask, { 'auction-search': () => ok(makeSearch([makeListing({ amount: 1 })])) });
    renderTab();
    const [item] = await screen.findAllByRole('listitem');
    expect(item?.textContent).not.toContain('each');
    expect(item?.querySelector('.listing__type')).toBeNull();
  });

  it('counts time left down live and drops listings as they expire', async () => {
    const listings = [
      makeListing({ id: 1, display_name: 'Soon Gone', time_left_seconds: 2, expires_at_epoch: epochIn(2) }),
      makeListing({ id: 2, display_name: 'Staying', time_left_seconds: 600, expires_at_epoch: epochIn(600) }),
    ];
    fakeBackground(ask, { 'auction-search': () => ok(makeSearch(listings, 10)) });
    renderTab();
    await screen.findByText('2 of 10 listings');
    expect(screen.getByText('Ends in 0:02')).toBeTruthy();
    await advance(1000);
    // The list's one timer started when the answer arrived, not when this test's clock did:
    // wait for its next tick rather than assume it has already come.
    expect(await screen.findByText('Ends in 0:01')).toBeTruthy();
    await advance(1500);
    expect(screen.queryByText('Soon Gone')).toBeNull();
    expect(items()).toHaveLength(1);
    expect(screen.getByText('1 of 9 listings')).toBeTruthy();
  });

  it('says the auction house is unavailable (503), with a retry that works', async () => {
    let calls = 0;
    fakeBackground(ask, {
      'auction-search': () =>
        ++calls === 1 ? fail({ kind: 'unavailable' }) : ok(makeSearch([makeListing()])),
    });
    renderTab();
    expect(await screen.findByText('The auction house is unavailable right now.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('1 of 1 listing')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('counts a rate-limit wait down', async () => {
    fakeBackground(ask, { 'auction-search': () => fail({ kind: 'rate-limited', retryAfterSeconds: 60 }) });
    renderTab();
    expect(await screen.findByText('Too many requests, try again in 60 s.')).toBeTruthy();
    await advance(5000);
    // Exact steps are covered in tests/unit/components/ErrorNotice.test.tsx; here: it is counting down.
    expect(screen.getByText(/^Too many requests, try again in 5[4-6] s\.$/)).toBeTruthy();
  });

  it('has an empty state for no listings at all and for no matches', async () => {
    fakeBackground(ask, { 'auction-search': () => ok(makeSearch([])) });
    renderTab();
    expect(await screen.findByText('No listings right now.')).toBeTruthy();
    await type('unobtainium');
    expect(await screen.findByText('No listings match “unobtainium”.')).toBeTruthy();
    expect(screen.getByText('Try another word, or a price.')).toBeTruthy();
  });

  it('loads more by raising the limit, up to 200', async () => {
    // One listing per page keeps the test fast; `count` says how many the limit allowed.
    fakeBackground(ask, {
      'auction-search': ({ limit }) => {
        const results = Array.from({ length: limit / 50 }, (_, i) => makeListing({ id: i + 1 }));
        return ok({ count: limit, total_matching: 500, results });
      },
    });
    renderTab();
    await screen.findByText('1 of 500 listings');
    for (const pages of [2, 3, 4]) {
      fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
      expect(await screen.findByText(`${pages} of 500 listings`)).toBeTruthy();
    }
    expect(requestsOf(ask, 'auction-search').map((r) => r.limit)).toEqual([50, 100, 150, 200]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('keeps the list while more loads', async () => {
    const more = deferred<unknown>();
    fakeBackground(ask, {
      'auction-search': ({ limit }) =>
        limit === 50 ? ok({ count: 50, total_matching: 500, results: [makeListing()] }) : more.promise,
    });
    const { container } = renderTab();
    await screen.findByText('1 of 500 listings');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(screen.getByText('Loading more…')).toBeTruthy();
    expect(items()).toHaveLength(1);
    expect(container.querySelector('.listings--stale')).toBeNull();
  });

  it('has no Load more when everything is shown', async () => {
    fakeBackground(ask, { 'auction-search': () => ok(makeSearch([makeListing()], 1)) });
    renderTab();
    await screen.findByText('1 of 1 listing');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('remembers sellers as recently seen names', async () => {
    fakeBackground(ask, {
      'auction-search': () =>
        ok(makeSearch([makeListing({ id: 1, seller: 'Notch' }), makeListing({ id: 2, seller: 'jeb_' })])),
    });
    renderTab();
    await screen.findByText('2 of 2 listings');
    await vi.waitFor(async () => expect(await getRecentPlayers()).toEqual(['Notch', 'jeb_']));
  });

  it('restores the last query and sort', async () => {
    fakeBackground(ask, { 'auction-search': () => ok(makeSearch([])) });
    renderTab({ initialQuery: 'gold', initialSort: 'expensive' });
    expect(searchBox().value).toBe('gold');
    expect((screen.getByRole('combobox', { name: 'Sort' }) as HTMLSelectElement).value).toBe('expensive');
    await screen.findByText('No listings match “gold”.');
    expect(requestsOf(ask, 'auction-search')[0]).toMatchObject({ item: 'gold', sort: 'expensive' });
  });

  it('clears the search with Escape', async () => {
    fakeBackground(ask, { 'auction-search': () => ok(makeSearch([])) });
    renderTab({ initialQuery: 'gold' });
    fireEvent.keyDown(searchBox(), { key: 'Escape' });
    expect(searchBox().value).toBe('');
  });
});

describe('auction helpers', () => {
  it('reads a query as a number only when it is one', () => {
    expect(numericQuery(' 1000 ')).toBe(1000);
    expect(numericQuery('12.5')).toBe(12.5);
    expect(numericQuery('1e3')).toBe(1000);
    expect(numericQuery('.5')).toBe(0.5);
    expect(numericQuery('12k')).toBeNull();
    expect(numericQuery('1.2.3')).toBeNull();
    expect(numericQuery('')).toBeNull();
    expect(numericQuery('diamond')).toBeNull();
  });

  it('tells renamed items from plain ones', () => {
    expect(isRenamed(makeListing({ display_name: 'Diamond Sword', material: 'DIAMOND_SWORD' }))).toBe(false);
    expect(isRenamed(makeListing({ display_name: '&6Excalibur', material: 'DIAMOND_SWORD' }))).toBe(true);
  });

  it('puts times on the local clock even when the server clock is off', () => {
    const fetchedAt = 1_700_000_000_000;
    const skew = 3_600_000; // the server is an hour ahead
    const listing = makeListing({
      time_left_seconds: 600,
      expires_at_epoch: (fetchedAt + skew) / 1000 + 600,
      created_at_epoch: (fetchedAt + skew) / 1000 - 120,
    });
    const [placed] = placeListings([listing], fetchedAt, fetchedAt + 60_000);
    expect(placed?.secondsLeft).toBe(540);
    expect(placed?.listedAt).toBe(fetchedAt - 120_000);
    expect(placeListings([listing], fetchedAt, fetchedAt + 600_000)).toEqual([]);
  });
});

describe('AuctionsTab in other languages', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    ask.mockReset();
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('labels the search, the sorts and the count in French, with plural listings', async () => {
    await speak('fr');
    fakeBackground(ask, { 'auction-search': () => ok(makeSearch([makeListing()], 312)) });
    renderTab();
    expect(screen.getByRole('searchbox', { name: 'Rechercher des enchères' })).toBeTruthy();
    const sort = screen.getByRole('combobox', { name: 'Tri' });
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Récentes', 'Anciennes', 'Moins chères', 'Plus chères']);
    expect(await screen.findByText('1 sur 312 offres')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Offres aux enchères' })).toBeTruthy();
  });

  it('uses the singular in German for one listing, and says no listing matched', async () => {
    await speak('de');
    fakeBackground(ask, {
      'auction-search': ({ item }) => ok(makeSearch(item === '' ? [makeListing()] : [])),
    });
    renderTab();
    expect(await screen.findByText('1 von 1 Angebot')).toBeTruthy();
    fireEvent.input(screen.getByRole('searchbox', { name: 'Auktionen durchsuchen' }), {
      target: { value: 'zzz' },
    });
    await advance(SEARCH_DEBOUNCE_MS);
    expect(await screen.findByText('Keine Angebote zu „zzz“.')).toBeTruthy();
  });
  it('writes German prices and countdowns, without the server’s English copy of the same price', async () => {
    await speak('de');
    const listing = makeListing({
      amount: 2,
      price: 886.35,
      formatted_price: '886.35',
      time_left_seconds: 3 * 3600 + 5 * 60,
      expires_at_epoch: epochIn(3 * 3600 + 5 * 60),
    });
    fakeBackground(ask, { 'auction-search': () => ok(makeSearch([listing])) });
    renderTab();
    const [item] = await screen.findAllByRole('listitem');
    const row = within(item as HTMLElement);
    expect(row.getByText('886,35')).toBeTruthy();
    expect(item?.textContent).not.toContain('886.35');
    expect(row.getByText('443,18 pro Stück')).toBeTruthy();
    expect(row.getByText('Endet in 3 Std. 05 Min.')).toBeTruthy();
  });

  it('shows a German price once, without the server’s English short form beside it', async () => {
    await speak('de');
    const listing = makeListing({ amount: 1, price: 4183, formatted_price: '4.2k' });
    fakeBackground(ask, { 'auction-search': () => ok(makeSearch([listing])) });
    renderTab();
    const [item] = await screen.findAllByRole('listitem');
    expect(within(item as HTMLElement).getByText('4.183')).toBeTruthy();
    expect(item?.textContent).not.toContain('4.2k');
  });

  it('says in German that the auction house is unavailable, with Retry', async () => {
    await speak('de');
    fakeBackground(ask, { 'auction-search': () => fail({ kind: 'unavailable' }) });
    renderTab();
    expect(await screen.findByText('Das Auktionshaus ist gerade nicht erreichbar.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });
});

describe('AuctionsTab: deals', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    ask.mockReset();
    read.mockReset();
  });
  afterEach(cleanup);

  const cheap = makeListing({ id: 1, price: 17, amount: 2, display_name: 'Diamond' });
  const usual = makeListing({ id: 2, price: 12, amount: 1, display_name: 'Diamond' });
  const unknown = makeListing({ id: 3, price: 1, amount: 1, material: 'STONE', display_name: 'Stone' });

  it('marks a listing well below its item’s 7-day median as a Deal, with the figure, and filters Deals only', async () => {
    fakeBackground(ask, { 'auction-search': () => ok(makeSearch([cheap, usual, unknown])) });
    read.mockImplementation(async (wanted) =>
      wanted.map((item) => (item.material === 'STONE' ? null : { median: 12.5, listings: 84, days: 6 })),
    );
    renderTab();
    expect(
      await screen.findByText('32% below the 7-day median asking price of 12.5 (84 listings over 6 days)'),
    ).toBeTruthy();
    // One read for the distinct items, with the answer's listings per item; no message, no request.
    // 8.5 each is a deal, 12 is not, Stone has too few listings.
    expect(read).toHaveBeenCalledTimes(1);
    expect(read.mock.calls[0]?.[0]).toEqual([
      { material: 'DIAMOND_SWORD', name: 'Diamond' },
      { material: 'STONE', name: 'Stone' },
    ]);
    expect(read.mock.calls[0]?.[1].map((listing) => [listing.id, listing.perItem])).toEqual([
      [1, 8.5],
      [2, 12],
      [3, 1],
    ]);
    expect(ask.mock.calls.map((call) => call[0].type)).not.toContain('market-figures');
    expect(items().map((row) => row.querySelector('.listing__deal-mark')?.textContent ?? null)).toEqual([
      'Deal',
      null,
      null,
    ]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Deals only' }));
    expect(items()).toHaveLength(1);
    expect(items()[0]?.textContent).toContain('Deal');
  });

  it('says when no listing is a deal under Deals only, and says it is still looking while figures load', async () => {
    const figures = deferred<null[]>();
    fakeBackground(ask, { 'auction-search': () => ok(makeSearch([usual])) });
    read.mockImplementation(() => figures.promise);
    renderTab();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Deals only' }));
    expect(screen.getByText('Looking for deals…')).toBeTruthy();
    await act(async () => figures.resolve([null]));
    expect(
      await screen.findByText(
        /^None of these listings is a deal: a deal is 20% or more below the median asking price/,
      ),
    ).toBeTruthy();
    expect(items()).toHaveLength(0);
  });

  it('says so when the history cannot be read, under Deals only', async () => {
    fakeBackground(ask, { 'auction-search': () => ok(makeSearch([usual])) });
    read.mockRejectedValue(new Error('blocked'));
    renderTab();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Deals only' }));
    expect(await screen.findByText(/^Deals could not be judged/)).toBeTruthy();
  });
});

import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { createRef } from 'preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type OpenPlayerRequest, PlayerTab } from '@/entrypoints/popup/player/PlayerTab';
import { speak } from '@/tests/fixtures/catalogues';
import {
  advance,
  deferred,
  fail,
  fakeBackground,
  makePlayer,
  ok,
  requestsOf,
} from '@/tests/fixtures/players';
import type { ApiError } from '@/utils/api/errors';
import { invalidIdentifierMessage } from '@/utils/api/identifiers';
import { askBackground } from '@/utils/ask-background';
import type { Reply } from '@/utils/messages';
import { getRecentPlayers, rememberPlayers } from '@/utils/recent-players';

vi.mock('@/utils/ask-background', () => ({ askBackground: vi.fn() }));

const LAG_NOTE = 'Kills, deaths and playtime may be a few minutes behind while the player is online.';
const ask = vi.mocked(askBackground);

function renderTab(props: { initialQuery?: string; openRequest?: OpenPlayerRequest | null } = {}) {
  const onLookup = vi.fn();
  const fieldRef = createRef<HTMLInputElement>();
  const utils = render(
    <PlayerTab
      initialQuery={props.initialQuery ?? ''}
      openRequest={props.openRequest ?? null}
      onLookup={onLookup}
      fieldRef={fieldRef}
    />,
  );
  return { ...utils, onLookup, fieldRef };
}

const field = () => screen.getByLabelText('Player name or UUID') as HTMLInputElement;

function submit(text: string) {
  fireEvent.input(field(), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
}

describe('PlayerTab', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    ask.mockReset();
    vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue(undefined);
  });
  afterEach(cleanup);

  it('labels its field and button for people and assistive technology', () => {
    renderTab();
    expect(field().id).toBe('player-query');
    expect(screen.getByRole('button', { name: 'Look up' })).toBeTruthy();
    expect(screen.getByText('Type a name and press Enter.')).toBeTruthy();
  });

  it('looks a player up on Enter and shows the card', async () => {
    fakeBackground(ask, { player: () => ok(makePlayer()) });
    const { onLookup } = renderTab();
    fireEvent.input(field(), { target: { value: 'Steve' } });
    fireEvent.submit(field().form as HTMLFormElement);
    expect(await screen.findByRole('heading', { name: 'Steve' })).toBeTruthy();
    expect(requestsOf(ask, 'player')).toEqual([{ type: 'player', identifier: 'Steve' }]);
    expect(onLookup).toHaveBeenCalledWith('Steve');
    expect(screen.getByText('Online')).toBeTruthy();
    expect(screen.getByText(LAG_NOTE)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy UUID' })).toBeTruthy();
  });

  it('sends UUIDs dashed and lower-case, whichever form was typed', async () => {
    fakeBackground(ask, { player: () => ok(makePlayer()) });
    renderTab();
    submit('5A1F3C2E9B7D4E018C3A0D2F6B9E1A47');
    await screen.findByRole('heading', { name: 'Steve' });
    expect(requestsOf(ask, 'player')[0]?.identifier).toBe('5a1f3c2e-9b7d-4e01-8c3a-0d2f6b9e1a47');
  });

  it.each([
    ['ab', 'too short'],
    ['a_name_that_is_too_long', 'too long'],
    ['bad name!', 'bad characters'],
    ['5a1f3c2e-9b7d-4e01-8c3a', 'a broken UUID'],
  ])('refuses %s (%s) inline, without a request', (text) => {
    fakeBackground(ask, { player: () => ok(makePlayer()) });
    renderTab();
    submit(text);
    expect(screen.getByText(invalidIdentifierMessage())).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(field().getAttribute('aria-describedby')).toContain('player-query-error');
    expect(requestsOf(ask, 'player')).toHaveLength(0);
  });

  it('asks for something when submitted empty', () => {
    renderTab();
    submit('   ');
    expect(screen.getByText('Enter a player name or a UUID.')).toBeTruthy();
    expect(ask).not.toHaveBeenCalled();
  });

  it('clears the inline message as soon as the user types again', () => {
    renderTab();
    submit('ab');
    fireEvent.input(field(), { target: { value: 'abc' } });
    expect(screen.queryByText(invalidIdentifierMessage())).toBeNull();
    expect(field().getAttribute('aria-invalid')).toBe('false');
  });

  it('shows a busy region and a visible indicator while loading', async () => {
    const answer = deferred<Reply<ReturnType<typeof makePlayer>>>();
    fakeBackground(ask, { player: () => answer.promise });
    const { container } = renderTab();
    submit('Steve');
    expect(await screen.findByText('Looking up Steve…')).toBeTruthy();
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
    await act(async () => answer.resolve(ok(makePlayer())));
    expect(screen.queryByText('Looking up Steve…')).toBeNull();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
  });

  it('names what was asked when no player has that name (404)', async () => {
    fakeBackground(ask, { player: () => fail({ kind: 'not-found', identifier: 'nobody_here' }) });
    renderTab();
    submit('Nobody_Here');
    expect(await screen.findByText('No player named Nobody_Here has joined the network.')).toBeTruthy();
    expect(screen.getByText('Check the spelling, or try their UUID.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  const otherErrors: Array<[ApiError, string]> = [
    [{ kind: 'unauthorized' }, 'Invalid API key.'],
    [
      { kind: 'bad-request', message: 'Empty identifier' },
      'The server refused the request: Empty identifier',
    ],
    [{ kind: 'unavailable' }, 'The player service is unavailable right now.'],
    [{ kind: 'offline' }, "Can't reach the server."],
    [{ kind: 'timeout' }, 'The server took too long to answer.'],
    [{ kind: 'bad-response', detail: 'not JSON' }, 'The server sent an answer the extension could not read.'],
    [{ kind: 'not-configured' }, 'Set your API key first.'],
    [{ kind: 'invalid-input', message: 'That is not a name.' }, 'That is not a name.'],
  ];

  it.each(otherErrors)('says what went wrong for %o', async (error, sentence) => {
    fakeBackground(ask, { player: () => fail(error) });
    renderTab();
    submit('Steve');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(sentence);
  });

  it('offers Retry for errors that can pass, and retries the same lookup', async () => {
    let calls = 0;
    fakeBackground(ask, {
      player: () => (++calls === 1 ? fail({ kind: 'timeout' }) : ok(makePlayer())),
    });
    renderTab();
    submit('Steve');
    fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Steve' })).toBeTruthy();
    expect(requestsOf(ask, 'player')).toHaveLength(2);
  });

  it('sends the user to the options for a bad key', async () => {
    fakeBackground(ask, { player: () => fail({ kind: 'unauthorized' }) });
    renderTab();
    submit('Steve');
    fireEvent.click(await screen.findByRole('button', { name: 'Open options' }));
    expect(fakeBrowser.runtime.openOptionsPage).toHaveBeenCalled();
  });

  it('counts a rate-limit wait down and offers Retry when it is over', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fakeBackground(ask, { player: () => fail({ kind: 'rate-limited', retryAfterSeconds: 3 }) });
      renderTab();
      submit('Steve');
      expect(await screen.findByText('Too many requests, try again in 3 s.')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
      await advance(1000);
      expect(screen.getByText('Too many requests, try again in 2 s.')).toBeTruthy();
      await advance(2500);
      expect(screen.getByText('Too many requests. You can try again now.')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('never lets a slow answer to an older lookup replace the newer one', async () => {
    const slow = deferred<unknown>();
    fakeBackground(ask, {
      player: ({ identifier }) => (identifier === 'Steve' ? slow.promise : ok(makePlayer({ name: 'Alex' }))),
    });
    renderTab();
    submit('Steve');
    submit('Alex');
    expect(await screen.findByRole('heading', { name: 'Alex' })).toBeTruthy();
    await act(async () => slow.resolve(ok(makePlayer({ name: 'Steve' }))));
    expect(screen.getByRole('heading', { name: 'Alex' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Steve' })).toBeNull();
  });

  it('suggests recent names, following the list as the background records look-ups', async () => {
    await rememberPlayers(['Notch', 'jeb_']);
    // As the gateway does (entrypoints/background/gateway/gateway.ts): it records what it fetches.
    fakeBackground(ask, {
      player: async () => {
        await rememberPlayers(['Steve']);
        return ok(makePlayer({ name: 'Steve' }));
      },
    });
    const { container } = renderTab();
    await waitFor(() => expect(container.querySelectorAll('datalist#recent-players option')).toHaveLength(2));
    expect(field().getAttribute('list')).toBe('recent-players');
    submit('steve');
    await screen.findByRole('heading', { name: 'Steve' });
    await waitFor(() =>
      expect(
        Array.from(container.querySelectorAll('datalist option')).map((o) => o.getAttribute('value')),
      ).toEqual(['Steve', 'Notch', 'jeb_']),
    );
  });

  it('leaves recording names to the background, and shows names recorded elsewhere at once', async () => {
    await rememberPlayers(['Notch']);
    fakeBackground(ask, { player: () => ok(makePlayer({ name: 'Steve' })) });
    const { container } = renderTab();
    submit('Steve');
    await screen.findByRole('heading', { name: 'Steve' });
    // Let anything the tab might still write land first.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(await getRecentPlayers()).toEqual(['Notch']);
    await rememberPlayers(['Alex']);
    await waitFor(() =>
      expect(
        Array.from(container.querySelectorAll('datalist option')).map((o) => o.getAttribute('value')),
      ).toEqual(['Alex', 'Notch']),
    );
  });

  it('offers recent names as one-click lookups before the first search', async () => {
    await rememberPlayers(['Notch']);
    fakeBackground(ask, { player: () => ok(makePlayer({ name: 'Notch' })) });
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Notch' }));
    expect(await screen.findByRole('heading', { name: 'Notch', level: 2 })).toBeTruthy();
    expect(field().value).toBe('Notch');
  });

  it('looks the last query up again when the popup reopens', async () => {
    fakeBackground(ask, { player: () => ok(makePlayer()) });
    renderTab({ initialQuery: 'Steve' });
    expect(field().value).toBe('Steve');
    expect(await screen.findByRole('heading', { name: 'Steve' })).toBeTruthy();
  });

  it('looks up a name opened from elsewhere in the popup', async () => {
    fakeBackground(ask, { player: ({ identifier }) => ok(makePlayer({ name: identifier })) });
    const { rerender, fieldRef } = renderTab();
    const onLookup = vi.fn();
    rerender(
      <PlayerTab
        initialQuery=""
        openRequest={{ name: 'Notch', id: 1 }}
        onLookup={onLookup}
        fieldRef={fieldRef}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Notch' })).toBeTruthy();
    expect(field().value).toBe('Notch');
    expect(onLookup).toHaveBeenCalledWith('Notch');
  });

  it('clears the field with Escape', () => {
    renderTab();
    fireEvent.input(field(), { target: { value: 'Steve' } });
    fireEvent.keyDown(field(), { key: 'Escape' });
    expect(field().value).toBe('');
  });
});

describe('PlayerTab in other languages', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    ask.mockReset();
  });
  afterEach(cleanup);

  it('labels the field, the button and the card in Spanish', async () => {
    await speak('es');
    fakeBackground(ask, { player: ({ identifier }) => ok(makePlayer({ name: identifier })) });
    renderTab();
    expect(screen.getByText('Escribe un nombre y pulsa Intro.')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Nombre o UUID del jugador'), { target: { value: 'Steve' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByRole('article', { name: 'Jugador Steve' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copiar UUID' })).toBeTruthy();
  });
});

describe('PlayerTab: the first thing in the popup', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    ask.mockReset();
  });
  afterEach(cleanup);

  it('opens with the cursor in the name field', () => {
    const { fieldRef } = renderTab();
    expect(document.activeElement).toBe(field());
    expect(fieldRef.current).toBe(field());
  });

  it('leaves focus where the user put it (a tab chosen with the keyboard)', () => {
    const tab = document.createElement('button');
    document.body.append(tab);
    tab.focus();
    renderTab();
    expect(document.activeElement).toBe(tab);
    tab.remove();
  });

  it('says that / comes back to the field, in the hint the field points to', () => {
    renderTab();
    const hint = document.getElementById(field().getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toContain('Press / to come back to this field.');
  });
});

import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorLine, HoverCard } from '@/entrypoints/hover-card/HoverCard';
import type { ApiError } from '@/utils/api/errors';
import { speak } from '../../fixtures/catalogues';
import { makePlayer, PLAYER_UUID } from '../../fixtures/players';

const LAG_NOTE = 'Kills, deaths and playtime may be a few minutes behind while the player is online.';
const LOADING_TEXT = 'Loading player…';

const STEVE = makePlayer({ uuid: PLAYER_UUID, balance: 1234567, shards: 42 });

const NOW = 1_700_000_000_000;

describe('HoverCard', () => {
  afterEach(cleanup);

  it('shows the player in a non-modal dialog named by the name, with the open button', () => {
    const onOpenFull = vi.fn();
    render(
      <HoverCard name="steve" state={{ kind: 'player', player: STEVE }} now={NOW} onOpenFull={onOpenFull} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Steve' });
    expect(dialog.getAttribute('aria-modal')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Steve' })).toBeTruthy();
    expect(dialog.querySelector('.player-card__rank')?.textContent).toBe('ADMIN');
    expect(dialog.textContent).toContain('Online');
    expect(dialog.textContent).toContain('K/D');
    expect(dialog.textContent).toContain('Playtime');
    expect(dialog.textContent).toContain(LAG_NOTE);
    fireEvent.click(screen.getByRole('button', { name: 'Open in popup' }));
    expect(onOpenFull).toHaveBeenCalledWith('Steve');
  });

  it("shows the forum's display name beside the player, as text", () => {
    render(
      <HoverCard
        name="steve"
        displayName={'Steve the <b>Builder</b>'}
        state={{ kind: 'player', player: STEVE }}
        now={NOW}
        onOpenFull={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Steve' });
    const line = dialog.querySelector('.hover-card__forum-name');
    expect(line?.textContent).toBe('Shown on this forum as “Steve the <b>Builder</b>”');
    expect(line?.querySelector('b')).toBeNull();
    cleanup();
    render(
      <HoverCard name="Steve" state={{ kind: 'player', player: STEVE }} now={NOW} onOpenFull={() => {}} />,
    );
    expect(document.querySelector('.hover-card__forum-name')).toBeNull();
  });

  it('shows the display name on the loading card too', () => {
    render(
      <HoverCard
        name="alex_builds"
        displayName="Alex"
        state={{ kind: 'loading' }}
        now={NOW}
        onOpenFull={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'alex_builds' });
    expect(dialog.querySelector('.hover-card__forum-name')?.textContent).toBe(
      'Shown on this forum as “Alex”',
    );
  });

  it('shows a loading card at once, named and marked busy', () => {
    render(<HoverCard name="Alex" state={{ kind: 'loading' }} now={NOW} onOpenFull={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Alex' });
    expect(dialog.getAttribute('aria-busy')).toBe('true');
    expect(dialog.textContent).toContain(LOADING_TEXT);
  });

  it('says that a name has not joined the network', () => {
    const error: ApiError = { kind: 'not-found', identifier: 'Nobody_Here' };
    render(
      <HoverCard
        name="Nobody_Here"
        state={{ kind: 'error', error, until: NOW }}
        now={NOW}
        onOpenFull={() => {}}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Nobody_Here' });
    expect(dialog.textContent).toContain('No player named Nobody_Here has joined the network.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it.each<[ApiError, string]>([
    [{ kind: 'unauthorized' }, 'Invalid API key.'],
    [{ kind: 'offline' }, "Can't reach the server."],
    [{ kind: 'not-configured' }, 'Set your API key first.'],
    [
      { kind: 'bad-response', detail: 'TypeError: x is undefined\n    at foo (bar.js:1:2)' },
      'could not read',
    ],
  ])('shows one line for %o, never a stack trace', (error, text) => {
    render(
      <HoverCard name="Steve" state={{ kind: 'error', error, until: NOW }} now={NOW} onOpenFull={() => {}} />,
    );
    const line = screen.getByRole('dialog', { name: 'Steve' }).querySelector('.hover-card__line');
    expect(line?.textContent).toContain(text);
    expect(line?.textContent).not.toMatch(/TypeError|at foo|\n/);
  });

  it('counts a rate limit down to its end', () => {
    const error: ApiError = { kind: 'rate-limited', retryAfterSeconds: 60 };
    expect(errorLine(error, NOW + 42_000, NOW)).toBe('Too many requests, try again in 42 s.');
    expect(errorLine(error, NOW + 41_001, NOW)).toBe('Too many requests, try again in 42 s.');
    expect(errorLine(error, NOW, NOW)).toBe('Too many requests, try again in 1 s.');
  });
});

describe('HoverCard in other languages', () => {
  afterEach(cleanup);

  it('says it is loading in German', async () => {
    await speak('de');
    render(<HoverCard name="steve" state={{ kind: 'loading' }} now={NOW} onOpenFull={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'steve' }).textContent).toContain('Spieler wird geladen…');
  });

  it('names the card and its buttons in Brazilian Portuguese', async () => {
    await speak('pt_BR');
    render(
      <HoverCard name="steve" state={{ kind: 'player', player: STEVE }} now={NOW} onOpenFull={vi.fn()} />,
    );
    expect(screen.getByRole('button', { name: 'Abrir no pop-up' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Seguir' })).toBeTruthy();
    expect(screen.getByText('Abates, mortes e tempo de jogo', { exact: false })).toBeTruthy();
  });
});

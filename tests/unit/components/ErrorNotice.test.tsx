import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorNotice } from '@/components/ErrorNotice';
import type { ApiError } from '@/utils/api/errors';
import { speak } from '../../fixtures/catalogues';
import { advance } from '../../fixtures/players';

describe('ErrorNotice', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  const cases: Array<[ApiError, string, { retry: boolean; options: boolean }]> = [
    [{ kind: 'unauthorized' }, 'Invalid API key.', { retry: false, options: true }],
    [{ kind: 'not-configured' }, 'Set your API key first.', { retry: false, options: true }],
    [
      { kind: 'not-found', identifier: 'Herobrine' },
      'No player named Herobrine has joined the network.',
      { retry: false, options: false },
    ],
    [
      { kind: 'bad-request', message: 'nope' },
      'The server refused the request: nope',
      { retry: false, options: false },
    ],
    [{ kind: 'unavailable' }, 'The auction house is unavailable right now.', { retry: true, options: false }],
    [{ kind: 'offline' }, "Can't reach the server.", { retry: true, options: false }],
    [{ kind: 'timeout' }, 'The server took too long to answer.', { retry: true, options: false }],
    [
      { kind: 'bad-response', detail: 'x' },
      'The server sent an answer the extension could not read.',
      { retry: true, options: false },
    ],
    [{ kind: 'invalid-input', message: 'Bad name.' }, 'Bad name.', { retry: false, options: false }],
    [
      { kind: 'no-background' },
      "The extension's background stopped before it answered.",
      { retry: true, options: false },
    ],
  ];

  it.each(cases)('%o: one sentence, with the right buttons', (error, sentence, buttons) => {
    const onRetry = vi.fn();
    const onOpenOptions = vi.fn();
    render(
      <ErrorNotice
        error={error}
        subject="the auction house"
        receivedAt={Date.now()}
        onRetry={onRetry}
        onOpenOptions={onOpenOptions}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain(sentence);
    expect(screen.queryByRole('button', { name: 'Retry' }) !== null).toBe(buttons.retry);
    expect(screen.queryByRole('button', { name: 'Open options' }) !== null).toBe(buttons.options);
    if (buttons.retry) {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
      expect(onRetry).toHaveBeenCalledOnce();
    }
    if (buttons.options) {
      fireEvent.click(screen.getByRole('button', { name: 'Open options' }));
      expect(onOpenOptions).toHaveBeenCalledOnce();
    }
  });

  it('counts a rate-limit wait down second by second, then offers Retry', async () => {
    vi.useFakeTimers();
    const onRetry = vi.fn();
    render(
      <ErrorNotice
        error={{ kind: 'rate-limited', retryAfterSeconds: 3 }}
        receivedAt={Date.now()}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByText('Too many requests, try again in 3 s.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    await advance(1000);
    expect(screen.getByText('Too many requests, try again in 2 s.')).toBeTruthy();
    await advance(1000);
    expect(screen.getByText('Too many requests, try again in 1 s.')).toBeTruthy();
    await advance(1000);
    expect(screen.getByText('Too many requests. You can try again now.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('counts from when the error arrived, not from when it is shown', () => {
    vi.useFakeTimers();
    render(
      <ErrorNotice
        error={{ kind: 'rate-limited', retryAfterSeconds: 60 }}
        receivedAt={Date.now() - 20_000}
      />,
    );
    expect(screen.getByText('Too many requests, try again in 40 s.')).toBeTruthy();
  });

  it('keeps the ticking countdown out of the live announcement', () => {
    render(<ErrorNotice error={{ kind: 'rate-limited', retryAfterSeconds: 9 }} receivedAt={Date.now()} />);
    expect(screen.getByText('Too many requests, try again in 9 s.').getAttribute('aria-live')).toBe('off');
  });
});

describe('ErrorNotice in other languages', () => {
  afterEach(cleanup);

  it('names its buttons in Spanish', async () => {
    await speak('es');
    render(<ErrorNotice error={{ kind: 'unauthorized' }} receivedAt={Date.now()} onOpenOptions={() => {}} />);
    expect(screen.getByRole('button', { name: 'Abrir opciones' })).toBeTruthy();
    cleanup();
    render(<ErrorNotice error={{ kind: 'offline' }} receivedAt={Date.now()} onRetry={() => {}} />);
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });

  it('says in French that a rate-limit wait is over', async () => {
    await speak('fr');
    render(
      <ErrorNotice
        error={{ kind: 'rate-limited', retryAfterSeconds: 0 }}
        receivedAt={Date.now()}
        onRetry={() => {}}
      />,
    );
    expect(screen.getByText('Trop de requêtes. Vous pouvez réessayer maintenant.')).toBeTruthy();
  });
});

// The compare result the card's Compare and the Watchlist's Compare two share
// (entrypoints/popup/player/compare/PlayerCompare.tsx): one live region that is busy while
// looking up, says a failure with a retry, and shows the two side by side when done.
import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CompareResult } from '@/entrypoints/popup/player/compare/PlayerCompare';
import { makePlayer } from '@/tests/fixtures/players';

describe('CompareResult', () => {
  afterEach(cleanup);

  it('is an empty live region before anything is asked', () => {
    const { container } = render(<CompareResult shown={{ status: 'idle' }} />);
    const region = container.querySelector('[aria-live="polite"]');
    expect(region?.getAttribute('aria-busy')).toBe('false');
    expect(region?.textContent).toBe('');
  });

  it('says what it is looking up, busy', () => {
    const { container } = render(<CompareResult shown={{ status: 'loading', text: 'Looking up Alex…' }} />);
    expect(container.querySelector('[aria-live="polite"]')?.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Looking up Alex…')).toBeTruthy();
  });

  it('a failure is said, and its retry asks again', () => {
    const retry = vi.fn();
    render(
      <CompareResult shown={{ status: 'failed', error: { kind: 'unavailable' }, at: Date.now(), retry }} />,
    );
    fireEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('done: the two side by side', () => {
    render(
      <CompareResult
        shown={{ status: 'done', left: makePlayer({ name: 'Left' }), right: makePlayer({ name: 'Right' }) }}
      />,
    );
    expect(screen.getByRole('table', { name: 'Left and Right side by side' })).toBeTruthy();
  });
});

import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WatchButton } from '@/components/WatchButton';
import {
  parseWatchState,
  type SendWatchMessage,
  useHoverWatch,
  watchFailedMessage,
} from '@/entrypoints/hover-card/use-hover-watch';
import { watchlistFullMessage, watchNotSavedMessage } from '@/utils/watchlist/watch-text';

const STEVE = { uuid: '5a1f3c2e-9b7d-4e01-8c3a-0d2f6b9e1a47', name: 'Steve' };

function Card({ send }: { send: SendWatchMessage }) {
  return <WatchButton {...useHoverWatch(STEVE, send)} />;
}

describe('the hover card’s Watch toggle', () => {
  afterEach(cleanup);

  it('reads the state, then watches and unwatches through the three content-script messages', async () => {
    let watched = false;
    const send = vi.fn<SendWatchMessage>(async (message) => {
      if (message.type === 'watch') watched = true;
      if (message.type === 'unwatch') watched = false;
      return { watched, full: false };
    });
    render(<Card send={send} />);
    const button = screen.getByRole('button', { name: 'Watch' });
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    fireEvent.click(button);
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
    expect(send.mock.calls.map(([message]) => message.type)).toEqual(['watch-state', 'watch', 'unwatch']);
  });

  it('a full list says so; an unreadable reply says the change failed', async () => {
    const replies: unknown[] = [{ watched: false, full: false }, { watched: false, full: true }, 'junk'];
    render(<Card send={async () => replies.shift()} />);
    const button = screen.getByRole('button', { name: 'Watch' });
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
    fireEvent.click(button);
    expect(await screen.findByText(watchlistFullMessage())).toBeTruthy();
    fireEvent.click(button);
    expect(await screen.findByText(watchFailedMessage())).toBeTruthy();
  });

  it('a change the synced storage refused says that, not that the change failed in the background', async () => {
    const replies: unknown[] = [
      { watched: false, full: false },
      { watched: false, full: false, message: watchNotSavedMessage() },
    ];
    render(<Card send={async () => replies.shift()} />);
    const button = screen.getByRole('button', { name: 'Watch' });
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
    fireEvent.click(button);
    expect(await screen.findByText(watchNotSavedMessage())).toBeTruthy();
    expect(screen.queryByText(watchFailedMessage())).toBeNull();
    expect(button.getAttribute('aria-pressed')).toBe('false');
  });

  it('checks replies by hand, as strictly as the table', () => {
    expect(parseWatchState({ watched: true, full: false })).toEqual({ watched: true, full: false });
    expect(parseWatchState({ watched: 'yes', full: false })).toBeUndefined();
    expect(parseWatchState({ ok: false, error: { kind: 'bad-request' } })).toBeUndefined();
    expect(parseWatchState(null)).toBeUndefined();
    expect(parseWatchState({ watched: false, full: false, message: 'No room.' })).toEqual({
      watched: false,
      full: false,
      message: 'No room.',
    });
    expect(parseWatchState({ watched: false, full: false, message: 3 })).toEqual({
      watched: false,
      full: false,
    });
  });

  it('says in one line what sync did not save', async () => {
    const replies: unknown[] = [
      { watched: false, full: false },
      { watched: false, full: false, message: 'No room to sync.' },
    ];
    render(<Card send={async () => replies.shift()} />);
    const button = screen.getByRole('button', { name: 'Watch' });
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('false'));
    fireEvent.click(button);
    expect((await screen.findByRole('status')).textContent).toBe('No room to sync.');
    expect(button.getAttribute('aria-pressed')).toBe('false');
  });
});

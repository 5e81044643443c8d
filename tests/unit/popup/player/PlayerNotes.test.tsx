// The card's tag and note editor: "Tag" and "Note" open one form with that field focused, Save
// sends set-player-note, a save kept in this browser only is said, Escape closes.
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlayerNotes } from '@/entrypoints/popup/player/PlayerNotes';
import { fakeBackground, PLAYER_UUID, requestsOf } from '@/tests/fixtures/players';
import { askBackground } from '@/utils/ask-background';
import type { PlayerNote } from '@/utils/player-notes/player-note';

vi.mock('@/utils/ask-background', () => ({ askBackground: vi.fn() }));
const ask = vi.mocked(askBackground);

function background(saved: 'sync' | 'local' = 'sync') {
  let stored: PlayerNote | undefined;
  fakeBackground(ask, {
    'player-note': () => (stored ? { note: stored } : {}),
    'set-player-note': (request) => {
      stored = {
        ...(request.tag ? { tag: request.tag } : {}),
        ...(request.note ? { note: request.note } : {}),
        updatedAt: 1,
      };
      return { ok: true, saved };
    },
  });
}

describe('PlayerNotes', () => {
  beforeEach(() => {
    ask.mockReset();
  });
  afterEach(cleanup);

  it('tags and notes a player from the card, then shows the chip and the note', async () => {
    background();
    render(<PlayerNotes uuid={PLAYER_UUID} name="Steve" />);
    const tagButton = await screen.findByRole('button', { name: 'Tag' });
    expect(tagButton.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(tagButton);
    const label = screen.getByRole('textbox', { name: 'Tag' });
    expect(document.activeElement).toBe(label);
    fireEvent.input(label, { target: { value: 'friend' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Green' }));
    fireEvent.input(screen.getByRole('textbox', { name: 'Note' }), {
      target: { value: 'trades <b>fair</b>' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved.');
    expect(requestsOf(ask, 'set-player-note')).toEqual([
      {
        type: 'set-player-note',
        uuid: PLAYER_UUID,
        name: 'Steve',
        tag: { label: 'friend', colour: 'green' },
        note: 'trades <b>fair</b>',
      },
    ]);
    const chip = await screen.findByText('friend');
    expect(chip.className).toContain('tag-chip--green');
    expect(document.querySelector('.player-note__text')?.textContent).toBe('Note: trades <b>fair</b>');
    expect(document.querySelector('.player-note b')).toBeNull();
    // The form closed and focus went back to the button that opened it.
    expect(screen.queryByRole('textbox', { name: 'Tag' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Tag' }));
  });

  it('"Note" focuses the note; Escape closes the form unsaved', async () => {
    background();
    render(<PlayerNotes uuid={PLAYER_UUID} name="Steve" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Note' }));
    const note = screen.getByRole('textbox', { name: 'Note' });
    expect(document.activeElement).toBe(note);
    fireEvent.keyDown(note, { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'Note' })).toBeNull();
    expect(requestsOf(ask, 'set-player-note')).toEqual([]);
  });

  it('says so when the note was kept in this browser only (no room in sync)', async () => {
    background('local');
    render(<PlayerNotes uuid={PLAYER_UUID} name="Steve" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Note' }));
    fireEvent.input(screen.getByRole('textbox', { name: 'Note' }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Kept in this browser only: there is no room left to sync more tags and notes to your other browsers.',
      ),
    );
  });
});
